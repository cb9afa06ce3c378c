/// \file
/// When the strict rows of a GPU nest may run as pairs of warps (two warps
/// on the same 32 rows taking alternate chunks of columns, docs/lowering.md
/// "Paired warps"): both warps of a row run the outermost pre- and
/// post-blocks, so those must give the same result run twice.
#include "NestEmitter.h"

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace orbis::cuda {

namespace {

/// Whether evaluating `E` twice, in two warps of one row, gives the same
/// value and changes nothing: constants, reads of variables the nest never
/// writes (the loop variables, locals of the pre-block), arithmetic, and
/// tile queries. Anything else (a call, a memory read through a pointer,
/// an assignment) could see another tile's writes in between or repeat a
/// side effect.
bool repeatable(const clang::Stmt *E,
                const llvm::SmallPtrSetImpl<const clang::Expr *> &Queries,
                const llvm::SmallPtrSetImpl<const clang::VarDecl *> &Written) {
  using namespace clang;
  if (!E)
    return true;
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return Queries.count(Call) != 0;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    if (isa<EnumConstantDecl>(Ref->getDecl()))
      return true;
    const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
    return Var && !Written.count(Var) &&
           !Var->getType().isVolatileQualified();
  }
  if (const auto *Op = dyn_cast<UnaryOperator>(E)) {
    if (Op->isIncrementDecrementOp() || Op->getOpcode() == UO_Deref)
      return false;
  } else if (const auto *Op = dyn_cast<BinaryOperator>(E)) {
    if (Op->isAssignmentOp())
      return false;
  } else if (!isa<IntegerLiteral, FloatingLiteral, CharacterLiteral,
                  ImplicitCastExpr, CStyleCastExpr, ParenExpr,
                  ConditionalOperator, UnaryExprOrTypeTraitExpr>(E)) {
    return false;
  }
  for (const Stmt *Child : E->children())
    if (!repeatable(Child, Queries, Written))
      return false;
  return true;
}

} // namespace

bool CudaNestEmitter::outerBlocksRepeatable() const {
  const BlockedLoop &Root = Nest.root();
  llvm::SmallPtrSet<const clang::Expr *, 8> Queries;
  for (const auto &L : Nest.Loops)
    for (const QueryCall &Q : L->Queries)
      Queries.insert(Q.Call);
  llvm::SmallPtrSet<const clang::VarDecl *, 8> Written;
  for (const VariableUse &V : Nest.Variables)
    if (V.Written && V.Class != VariableUse::LoopVariable)
      Written.insert(V.Var);
  auto IsSingle = [&](const clang::Stmt *S) {
    for (const NestedDirective &D : Nest.Singles)
      if (D.Body == S)
        return true;
    return false;
  };
  for (const auto *Block : {&Root.PreBlock, &Root.PostBlock})
    for (const clang::Stmt *S : *Block) {
      // A tile's `single` runs once per tile, whoever reaches it.
      if (IsSingle(S) || clang::isa<clang::NullStmt>(S))
        continue;
      const auto *Decls = clang::dyn_cast<clang::DeclStmt>(S);
      if (!Decls)
        return false;
      for (const clang::Decl *D : Decls->decls()) {
        const auto *Var = clang::dyn_cast<clang::VarDecl>(D);
        if (!Var || !Var->hasLocalStorage() || Written.count(Var) ||
            !repeatable(Var->getInit(), Queries, Written))
          return false;
      }
    }
  return true;
}

bool CudaNestEmitter::pairedRowsPossible() const {
  return StrictRows && Staged.empty() && outerBlocksRepeatable();
}

} // namespace orbis::cuda
