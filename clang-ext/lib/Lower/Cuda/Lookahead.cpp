/// \file
/// The legality of running the next tile's pre-block early (Lookahead.h).
/// Conservative: anything it does not understand keeps the written order.
#include "Lookahead.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/STLExtras.h"

#include <map>
#include <optional>

using namespace clang;

namespace orbis {
namespace {

/// An integer expression as sum(coefficient * variable) + constant.
struct LinearForm {
  std::map<const ValueDecl *, int64_t> Terms;
  int64_t Constant = 0;
};

std::optional<LinearForm> linear(const Expr *E, ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  if (std::optional<llvm::APSInt> V = E->getIntegerConstantExpr(Ctx))
    return LinearForm{{}, V->getExtValue()};
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    if (isa<VarDecl>(Ref->getDecl()))
      return LinearForm{{{Ref->getDecl(), 1}}, 0};
    return std::nullopt;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() != UO_Minus && U->getOpcode() != UO_Plus)
      return std::nullopt;
    std::optional<LinearForm> F = linear(U->getSubExpr(), Ctx);
    if (F && U->getOpcode() == UO_Minus) {
      for (auto &T : F->Terms)
        T.second = -T.second;
      F->Constant = -F->Constant;
    }
    return F;
  }
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B)
    return std::nullopt;
  std::optional<LinearForm> L = linear(B->getLHS(), Ctx),
                            R = linear(B->getRHS(), Ctx);
  if (!L || !R)
    return std::nullopt;
  switch (B->getOpcode()) {
  case BO_Add:
  case BO_Sub: {
    int64_t Sign = B->getOpcode() == BO_Add ? 1 : -1;
    for (const auto &T : R->Terms)
      L->Terms[T.first] += Sign * T.second;
    L->Constant += Sign * R->Constant;
    return L;
  }
  case BO_Mul: {
    // One side must be a constant.
    if (!R->Terms.empty())
      std::swap(L, R);
    if (!R->Terms.empty())
      return std::nullopt;
    for (auto &T : L->Terms)
      T.second *= R->Constant;
    L->Constant *= R->Constant;
    return L;
  }
  default:
    return std::nullopt;
  }
}

/// Two subscripts that differ by a non-zero constant name different
/// elements.
bool differ(const Expr *A, const Expr *B, ASTContext &Ctx) {
  std::optional<LinearForm> L = linear(A, Ctx), R = linear(B, Ctx);
  if (!L || !R)
    return false;
  for (const auto &T : R->Terms)
    L->Terms[T.first] -= T.second;
  return llvm::all_of(L->Terms, [](const auto &T) { return T.second == 0; }) &&
         L->Constant != R->Constant;
}

const VarDecl *varOf(const Expr *E) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
}

/// What a pre-block reads and whether it does anything but read.
class PreBlockReads : public RecursiveASTVisitor<PreBlockReads> {
public:
  std::vector<const ArraySubscriptExpr *> Elements;
  std::vector<const VarDecl *> Variables;
  bool SideEffects = false;
  const TiledNest *Nest = nullptr;

  bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
    Elements.push_back(E);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *V = dyn_cast<VarDecl>(E->getDecl()))
      Variables.push_back(V);
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    // Only the tile queries.
    for (const auto &L : Nest->Loops)
      for (const QueryCall &Q : L->Queries)
        if (Q.Call == C)
          return true;
    SideEffects = true;
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      SideEffects = true;
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      SideEffects = true;
    // A read through a pointer (`*p`, `p = flags + b`) names no element
    // the check below can compare with the post-block's: refuse it.
    if (U->getOpcode() == UO_Deref)
      UnknownReads = true;
    return true;
  }
  bool VisitMemberExpr(MemberExpr *M) {
    if (M->isArrow())
      UnknownReads = true;
    return true;
  }
  bool UnknownReads = false;
};

/// Whether a subscript has the same value in every tile of `L`: it names
/// neither L's loop variable nor a variable declared in its pre-block
/// (both change from tile to tile, so p[y] of one tile and p[y + 1] of the
/// one before can be the same element).
bool invariantOverTiles(const TiledNest &Nest, const Expr *E,
                        const BlockedLoop &L) {
  PreBlockReads Names;
  Names.Nest = &Nest;
  Names.TraverseStmt(const_cast<Expr *>(E));
  return llvm::none_of(Names.Variables, [&](const VarDecl *V) {
    if (V == L.Form.Var)
      return true;
    for (const Stmt *S : L.PreBlock)
      if (const auto *D = dyn_cast<DeclStmt>(S))
        if (llvm::is_contained(D->decls(), V))
          return true;
    return false;
  });
}

} // namespace

bool canRunNextPreBlockEarly(const TiledNest &Nest, const BlockedLoop &L,
                             ASTContext &Ctx) {
  if (L.Level == 0 || L.Child || L.PreBlock.empty() || L.PostBlock.empty())
    return false;
  // The pre-block: declarations and spin-waits that only read.
  PreBlockReads Reads;
  Reads.Nest = &Nest;
  for (const Stmt *S : L.PreBlock) {
    bool Spin = llvm::is_contained(Nest.SpinWaits, S);
    if (!Spin && !isa<DeclStmt>(S))
      return false;
    for (const NestedDirective &D : Nest.Singles)
      if (D.Owner == &L)
        return false;
    Reads.TraverseStmt(const_cast<Stmt *>(S));
  }
  if (Reads.SideEffects || Reads.UnknownReads)
    return false;
  // Nothing the instruction blocks write.
  for (const VariableUse &U : Nest.Variables)
    if (U.Class != VariableUse::LoopVariable && U.InInstructionBlock &&
        (U.Written || U.ElementsWritten) &&
        llvm::is_contained(Reads.Variables, U.Var))
      return false;
  // The post-block: atomic updates of elements p[i] that the pre-block's
  // reads p[j] never reach (j - i a non-zero constant); other arrays or
  // pointers could alias them.
  for (const Stmt *S : L.PostBlock) {
    const NestedDirective *Atomic = nullptr;
    for (const NestedDirective &A : Nest.Atomics)
      if (A.Body == S)
        Atomic = &A;
    if (!Atomic)
      return false;
    const Expr *Target = nullptr;
    if (const auto *C = dyn_cast<CompoundAssignOperator>(S))
      Target = C->getLHS();
    else if (const auto *U = dyn_cast<UnaryOperator>(S))
      Target = U->getSubExpr();
    const auto *Element =
        Target ? dyn_cast<ArraySubscriptExpr>(Target->IgnoreParenImpCasts())
               : nullptr;
    const VarDecl *Base = Element ? varOf(Element->getBase()) : nullptr;
    if (!Base)
      return false;
    for (const ArraySubscriptExpr *E : Reads.Elements) {
      const VarDecl *Other = varOf(E->getBase());
      if (!Other || Other != Base ||
          !differ(E->getIdx(), Element->getIdx(), Ctx) ||
          !invariantOverTiles(Nest, E->getIdx(), L) ||
          !invariantOverTiles(Nest, Element->getIdx(), L))
        return false;
    }
    // The subscript's variables must not change between P(k+1) and Q(k):
    // they are the post-block's reads of pre-block locals or outer ones.
    PreBlockReads TargetReads;
    TargetReads.Nest = &Nest;
    TargetReads.TraverseStmt(const_cast<Stmt *>(S));
    for (const VarDecl *V : TargetReads.Variables)
      for (const Stmt *P : L.PreBlock)
        if (const auto *D = dyn_cast<DeclStmt>(P))
          for (const Decl *Member : D->decls())
            if (Member == V)
              return false; // Q uses a local of P: both copies would clash
  }
  return true;
}

} // namespace orbis
