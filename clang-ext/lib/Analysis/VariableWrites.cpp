/// \file
/// Writes to named variables and the variables they make vary (see
/// VariableWrites.h).
#include "VariableWrites.h"

#include "orbis/LoopForm.h"
#include "orbis/NestBuilder.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace orbis {

namespace {

class WriteFinder : public RecursiveASTVisitor<WriteFinder> {
public:
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      add(B->getLHS(), B->getOpcode() == BO_Assign ? B->getRHS() : nullptr,
          B->getOperatorLoc(), true, B->getOpcode() == BO_Assign ? B : nullptr);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    // The address of a variable may let anything change it.
    if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
      add(U->getSubExpr(), nullptr, U->getOperatorLoc(),
          U->isIncrementDecrementOp());
    return true;
  }
  bool VisitDeclStmt(DeclStmt *D) {
    for (const Decl *Each : D->decls())
      if (const auto *V = dyn_cast<VarDecl>(Each))
        if (const Expr *Init = V->getInit())
          Writes.push_back({V, Init, V->getLocation()});
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    // `it = e`, `it += e`, `++it` on a class type.
    if (C->isAssignmentOp() || C->getOperator() == OO_PlusPlus ||
        C->getOperator() == OO_MinusMinus)
      if (C->getNumArgs() >= 1)
        add(C->getArg(0),
            C->getOperator() == OO_Equal && C->getNumArgs() == 2 ? C->getArg(1)
                                                                 : nullptr,
            C->getOperatorLoc());
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *C) {
    // A non-const member function may change its object.
    if (const CXXMethodDecl *M = C->getMethodDecl())
      if (!M->isConst())
        add(C->getImplicitObjectArgument(), nullptr, C->getExprLoc(), false);
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    // A variable bound to a reference parameter that is not const.
    const FunctionDecl *F = C->getDirectCallee();
    if (!F)
      return true;
    unsigned Shift = isa<CXXOperatorCallExpr>(C) && isa<CXXMethodDecl>(F) ? 1 : 0;
    for (unsigned I = Shift; I < C->getNumArgs(); ++I) {
      unsigned P = I - Shift;
      if (P >= F->getNumParams())
        break;
      QualType T = F->getParamDecl(P)->getType();
      if (T->isReferenceType() && !T->getPointeeType().isConstQualified())
        add(C->getArg(I), nullptr, C->getArg(I)->getExprLoc(), false);
    }
    return true;
  }
  std::vector<VariableWrite> Writes;

private:
  /// A write to `Target`; where that is an element or field of a named
  /// array or structure (`lim[0] = x + 1`, `s.n = x + 1`), a write to that
  /// variable whose value is the whole assignment `Whole` (index and value
  /// both decide what the variable then holds), or unknown.
  void add(const Expr *Target, const Expr *Value, SourceLocation Loc,
           bool Surely = true, const Expr *Whole = nullptr) {
    if (const VarDecl *V = asVarRef(Target))
      Writes.push_back({V, Value, Loc, Surely});
    else if (const VarDecl *Owner = ownerOf(Target))
      Writes.push_back({Owner, Whole, Loc, Surely});
  }
  static const VarDecl *ownerOf(const Expr *E) {
    for (E = E->IgnoreParenImpCasts();;) {
      if (const auto *S = dyn_cast<ArraySubscriptExpr>(E)) {
        const Expr *Base = S->getBase()->IgnoreParenImpCasts();
        if (const VarDecl *V = asVarRef(Base))
          return V->getType()->isArrayType() ? V : nullptr;
        E = Base;
      } else if (const auto *M = dyn_cast<MemberExpr>(E)) {
        if (M->isArrow())
          return nullptr;
        const Expr *Base = M->getBase()->IgnoreParenImpCasts();
        if (const VarDecl *V = asVarRef(Base))
          return V;
        E = Base;
      } else {
        return nullptr;
      }
    }
  }
};

/// Whether an expression calls a function whose result changes from tile
/// to tile or thread to thread whatever its arguments.
class PerTileCall : public RecursiveASTVisitor<PerTileCall> {
public:
  bool VisitCallExpr(CallExpr *C) {
    if (const FunctionDecl *F = C->getDirectCallee())
      if (const IdentifierInfo *Id = F->getIdentifier()) {
        std::optional<TileQuery> Q = tileQueryOf(C);
        if ((Q && *Q != TileQuery::TotalSize) ||
            (Id->getName() == "omp_get_thread_num" && C->getNumArgs() == 0 &&
             isGlobalFunction(F))) {
          Found = true;
          return false;
        }
      }
    return true;
  }
  bool Found = false;
};

class AnyReference : public RecursiveASTVisitor<AnyReference> {
public:
  explicit AnyReference(const std::set<const VarDecl *> &Vars) : Vars(Vars) {}
  // `sizeof A / sizeof A[0]` reads nothing of A.
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *) {
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *V = dyn_cast<VarDecl>(E->getDecl()))
      if (Vars.count(V)) {
        Found = V;
        return false;
      }
    return true;
  }
  const std::set<const VarDecl *> &Vars;
  const VarDecl *Found = nullptr;
};

} // namespace

bool countsAsChange(const VariableWrite &W) {
  return W.Surely || !W.Var->getType()->isRecordType();
}

bool isSideEffectFreeBuiltin(const FunctionDecl *F) {
  unsigned Id = F ? F->getBuiltinID() : 0;
  if (!Id)
    return false;
  const Builtin::Context &B = F->getASTContext().BuiltinInfo;
  return B.isConst(Id) || B.isConstWithoutErrnoAndExceptions(Id) ||
         B.isConstWithoutExceptions(Id);
}

std::vector<VariableWrite> variableWrites(const Stmt *S) {
  WriteFinder F;
  if (S)
    F.TraverseStmt(const_cast<Stmt *>(S));
  return std::move(F.Writes);
}

const VarDecl *refersToAny(const Stmt *E, const std::set<const VarDecl *> &Vars) {
  if (!E || Vars.empty())
    return nullptr;
  AnyReference R(Vars);
  R.TraverseStmt(const_cast<Stmt *>(E));
  return R.Found;
}

static bool callsPerTile(const Expr *E) {
  PerTileCall C;
  C.TraverseStmt(const_cast<Expr *>(E));
  return C.Found;
}

std::set<const VarDecl *> varyingVariables(std::set<const VarDecl *> Seeds,
                                           const std::vector<VariableWrite> &Writes) {
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const VariableWrite &W : Writes)
      if (!Seeds.count(W.Var) && countsAsChange(W) &&
          (!W.Value || refersToAny(W.Value, Seeds) || callsPerTile(W.Value))) {
        Seeds.insert(W.Var);
        Changed = true;
      }
  }
  return Seeds;
}

} // namespace orbis
