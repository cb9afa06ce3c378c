/// \file
/// Pre/post-block statements and variable classes of a nest (see
/// VariableClasses.h).
#include "VariableClasses.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace orbis {

bool contains(const SourceManager &SM, const Stmt *Outer, const Stmt *Inner) {
  SourceRange O = Outer->getSourceRange(), I = Inner->getSourceRange();
  return !SM.isBeforeInTranslationUnit(I.getBegin(), O.getBegin()) &&
         !SM.isBeforeInTranslationUnit(O.getEnd(), I.getEnd());
}

namespace {

/// Variables written in a statement (assigned, compound-assigned,
/// incremented), through a plain name.
class WrittenFinder : public RecursiveASTVisitor<WrittenFinder> {
public:
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      mark(B->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      mark(U->getSubExpr());
    return true;
  }
  llvm::SmallPtrSet<const VarDecl *, 8> Written;

private:
  void mark(const Expr *E) {
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
        Written.insert(V);
  }
};

class UseFinder : public RecursiveASTVisitor<UseFinder> {
public:
  UseFinder(TiledNest &Nest, const SourceManager &SM,
            const WrittenFinder &Writes)
      : Nest(Nest), SM(SM), Writes(Writes) {}

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const auto *V = dyn_cast<VarDecl>(E->getDecl());
    if (!V)
      return true;
    bool InInstr = inInstructionBlock(E);
    for (VariableUse &U : Nest.Variables)
      if (U.Var == V) {
        (InInstr ? U.InInstructionBlock : U.InPrePostBlocks) = true;
        return true;
      }
    VariableUse U;
    U.Var = V;
    U.Written = Writes.Written.count(V);
    for (const ArrayAccess &A : Nest.Accesses)
      U.ElementsWritten |= A.Base == V && A.IsWrite;
    (InInstr ? U.InInstructionBlock : U.InPrePostBlocks) = true;
    classify(U);
    Nest.Variables.push_back(U);
    return true;
  }

private:
  TiledNest &Nest;
  const SourceManager &SM;
  const WrittenFinder &Writes;

  bool inInstructionBlock(const Stmt *S) const {
    const Stmt *Instr = Nest.InstructionBlock
                            ? Nest.InstructionBlock
                            : Nest.innermost().For->getBody();
    return contains(SM, Instr, S);
  }

  void classify(VariableUse &U) const {
    for (const auto &L : Nest.Loops) {
      if (L->Form.Var == U.Var) {
        U.Class = VariableUse::LoopVariable;
        U.Level = L->Level;
        return;
      }
      if (llvm::is_contained(L->PrivateVars, U.Var->getName().str()))
        U.Class = VariableUse::Private;
    }
    if (U.Class == VariableUse::Private)
      return;
    // A `static` (or `thread_local`, or `extern`) variable declared in the
    // loop is one variable for every iteration and tile, wherever its
    // declaration stands.
    if (!U.Var->hasLocalStorage()) {
      U.Class = VariableUse::Global;
      return;
    }
    SourceLocation Decl = U.Var->getLocation();
    const Stmt *Instr = Nest.InstructionBlock
                            ? Nest.InstructionBlock
                            : Nest.innermost().For->getBody();
    auto Inside = [&](const Stmt *S) {
      SourceRange R = S->getSourceRange();
      return !SM.isBeforeInTranslationUnit(Decl, R.getBegin()) &&
             !SM.isBeforeInTranslationUnit(R.getEnd(), Decl);
    };
    if (Inside(Instr)) {
      U.Class = VariableUse::IterationLocal;
      return;
    }
    for (auto It = Nest.Loops.rbegin(); It != Nest.Loops.rend(); ++It)
      if (Inside((*It)->For->getBody())) {
        U.Class = VariableUse::TileLocal;
        U.Level = (*It)->Level;
        return;
      }
    U.Class = VariableUse::Global;
  }
};

/// The statements of L's body before and after the one holding `Child`.
void splitBody(BlockedLoop &L, const Stmt *Child, const SourceManager &SM) {
  const Stmt *Body = L.For->getBody();
  const auto *Compound = dyn_cast<CompoundStmt>(Body);
  if (!Compound || !Child)
    return;
  bool Past = false;
  for (const Stmt *S : Compound->body()) {
    if (contains(SM, S, Child)) {
      Past = true;
      continue;
    }
    (Past ? L.PostBlock : L.PreBlock).push_back(S);
  }
}

} // namespace

void classifyNest(TiledNest &Nest, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const auto &L : Nest.Loops) {
    const Stmt *Child = L->Child ? L->Child->For
                                 : Nest.InstructionBlock; // null: implicit
    splitBody(*L, Child, SM);
  }
  WrittenFinder Writes;
  Writes.TraverseStmt(const_cast<Stmt *>(Nest.root().For->getBody()));
  UseFinder(Nest, SM, Writes)
      .TraverseStmt(const_cast<Stmt *>(Nest.root().For->getBody()));
}

} // namespace orbis
