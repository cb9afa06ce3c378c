/// \file
/// Single-writer progress counters among a nest's atomics (see
/// SingleWriterCounter.h for the conditions and why they suffice).
#include "orbis/SingleWriterCounter.h"

#include "VariableClasses.h"
#include "VariableWrites.h"
#include "orbis/LoopForm.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <optional>
#include <utility>

using namespace clang;

namespace orbis {
namespace {

bool writesNoMemory(const FunctionDecl *F, unsigned Depth);

/// A body that writes no memory but its own automatic variables (reads are
/// free), and calls only functions that do the same or builtins without
/// side effects: such a call cannot update the counters.
class NoMemoryWrites : public RecursiveASTVisitor<NoMemoryWrites> {
public:
  explicit NoMemoryWrites(unsigned Depth) : Depth(Depth) {}
  bool Clean = true;

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      target(B->getLHS());
    return Clean;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      target(U->getSubExpr());
    return Clean;
  }
  bool VisitCallExpr(CallExpr *C) {
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(C))
      if (Op->isAssignmentOp() && Op->getNumArgs() > 0)
        target(Op->getArg(0));
    const FunctionDecl *F = C->getDirectCallee();
    if (F && F->getBuiltinID()) {
      if (!isSideEffectFreeBuiltin(F))
        Clean = false;
    } else if (!writesNoMemory(F, Depth)) {
      Clean = false;
    }
    return Clean;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    if (!E->getConstructor()->isTrivial())
      Clean = false;
    return Clean;
  }
  bool VisitCXXNewExpr(CXXNewExpr *) { return Clean = false; }
  bool VisitCXXDeleteExpr(CXXDeleteExpr *) { return Clean = false; }
  bool VisitAsmStmt(AsmStmt *) { return Clean = false; }
  bool VisitVarDecl(VarDecl *V) {
    if (V->isStaticLocal())
      Clean = false;
    return Clean;
  }

private:
  unsigned Depth;
  void target(const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!V || !V->hasLocalStorage() || V->isInitCapture() ||
        Ref->refersToEnclosingVariableOrCapture())
      Clean = false;
  }
};

bool writesNoMemory(const FunctionDecl *F, unsigned Depth) {
  const FunctionDecl *Def = F ? F->getDefinition() : nullptr;
  if (!Def || !Def->hasBody() || Depth > 8)
    return false;
  NoMemoryWrites Body(Depth + 1);
  Body.TraverseStmt(Def->getBody());
  return Body.Clean;
}

class CounterCheck {
public:
  CounterCheck(const TiledNest &Nest, const NestedDirective &Atomic,
               ASTContext &Ctx)
      : Nest(Nest), Atomic(Atomic), Ctx(Ctx), SM(Ctx.getSourceManager()),
        NestWrites(variableWrites(Nest.root().For)) {}

  SingleWriterCounter run() {
    SingleWriterCounter R;
    R.Reason = check(R);
    R.Applies = R.Reason.empty();
    return R;
  }

private:
  const TiledNest &Nest;
  const NestedDirective &Atomic;
  ASTContext &Ctx;
  const SourceManager &SM;
  const VarDecl *Counters = nullptr;
  /// The nest's writes to named variables, for the tile-number test.
  const std::vector<VariableWrite> NestWrites;

  std::string line(SourceLocation Loc) const {
    return std::to_string(SM.getPresumedLineNumber(SM.getExpansionLoc(Loc)));
  }

  std::string check(SingleWriterCounter &R) {
    if (Nest.World)
      return "in a world loop";
    const CollectedDirective &P = *Atomic.Pragma;
    for (const PassThroughClause &C : P.Dir.Clauses)
      if (C.Name != "update")
        return "an atomic '" + C.Name + "'";
    if (P.Dir.IsPragmaOperator || !P.ExtentBegin.isFileID() ||
        !P.ExtentEnd.isFileID() || !fileRangeOf(Atomic.Body, Ctx))
      return "written through a macro";
    const auto *Update = dyn_cast<Expr>(Atomic.Body);
    if (!Update)
      return "not an update";
    Update = Update->IgnoreParens();
    const Expr *Target = nullptr;
    if (const auto *B = dyn_cast<BinaryOperator>(Update)) {
      if (B->getOpcode() != BO_AddAssign)
        return "not '+=' or '++'";
      Target = B->getLHS();
      R.Added = B->getRHS();
      if (!addsNoNegative(R.Added))
        return "what it adds may be negative (a constant or the tile's "
               "size or count is needed)";
    } else if (const auto *U = dyn_cast<UnaryOperator>(Update)) {
      if (!U->isIncrementOp())
        return "not '+=' or '++'";
      Target = U->getSubExpr();
    } else {
      return "not '+=' or '++'";
    }
    const auto *Element = dyn_cast<ArraySubscriptExpr>(Target->IgnoreParens());
    if (!Element)
      return "not an element of an array";
    QualType T = Element->getType();
    if (!T->isIntegerType() || T->isBooleanType())
      return "not an integer";
    Counters = asVarRef(Element->getBase());
    if (!Counters)
      return "not an element of a named array";
    const VariableUse *Use = useOf(Counters);
    if (!Use || Use->Class != VariableUse::Global)
      return "'" + Counters->getName().str() + "' is not declared outside the nest";
    // Affine in the tile's number: no side effects either, so the lowering
    // may evaluate it twice.
    const Expr *Index = Element->getIdx();
    std::optional<std::pair<int64_t, int64_t>> Affine = affine(Index);
    if (!Affine || Affine->first == 0)
      return "its subscript is not a multiple of the outer tile's number "
             "plus a constant, so two tiles may update one element";
    SourceLocation Op = isa<BinaryOperator>(Update)
                            ? cast<BinaryOperator>(Update)->getOperatorLoc()
                            : cast<UnaryOperator>(Update)->getOperatorLoc();
    if (!Op.isFileID() || !fileRangeOf(Target, Ctx) ||
        (R.Added && !fileRangeOf(R.Added, Ctx)))
      return "written through a macro";
    R.Target = Target;
    // Only a local array is out of reach of the functions the nest calls
    // (its name passed to one is a use below); a global, or a pointer,
    // may be reached from them.
    bool LocalArray = !Counters->hasGlobalStorage() &&
                      Counters->getType()->isArrayType();
    if (!LocalArray)
      if (const CallExpr *Call = callOutsideSingles())
        return "'" + Counters->getName().str() +
               "' is not a local array and the nest calls a function at "
               "line " + line(Call->getBeginLoc()) +
               ", which may update its elements too";
    if (std::string Use = otherUses(Element); !Use.empty())
      return Use;
    if (const VarDecl *Other = mayAlias(T))
      return "'" + Other->getName().str() + "' may point into '" +
             Counters->getName().str() + "'";
    return "";
  }

  const VariableUse *useOf(const VarDecl *V) const {
    for (const VariableUse &U : Nest.Variables)
      if (U.Var == V)
        return &U;
    return nullptr;
  }

  bool isQuery(const Expr *E, TileQuery Which, const BlockedLoop *Only) const {
    const auto *Call = dyn_cast<CallExpr>(E->IgnoreParenImpCasts());
    if (!Call)
      return false;
    for (const auto &L : Nest.Loops)
      if (!Only || L.get() == Only)
        for (const QueryCall &Q : L->Queries)
          if (Q.Call == Call && Q.Query == Which)
            return true;
    return false;
  }

  /// A constant of at least 0, or the tile's size or tile count.
  bool addsNoNegative(const Expr *E) const {
    Expr::EvalResult V;
    if (!E->isValueDependent() && E->EvaluateAsInt(V, Ctx))
      return !V.Val.getInt().isNegative();
    return isQuery(E, TileQuery::BlockSize, nullptr) ||
           isQuery(E, TileQuery::NumBlocks, nullptr);
  }

  /// `v` holds the outer tile's number for the whole tile: initialized
  /// with `omp_block_num()` of the outermost loop into an integer type that
  /// holds every tile number, never assigned, its address never taken nor
  /// bound to a non-const reference (`int *p = &xb; *p = 0;`).
  bool isOuterTileNumber(const VarDecl *V) const {
    const VariableUse *Use = useOf(V);
    if (!Use || Use->Class != VariableUse::TileLocal || Use->Level != 0 ||
        Use->Written || !V->getInit() ||
        !isQuery(V->getInit(), TileQuery::BlockNum, &Nest.root()))
      return false;
    QualType T = V->getType();
    if (!T->isIntegerType() || T->isBooleanType() ||
        Ctx.getTypeSize(T) < Ctx.getTypeSize(Ctx.IntTy))
      return false;
    for (const VariableWrite &W : NestWrites)
      if (W.Var == V && !(W.Surely && W.Value == V->getInit()) &&
          countsAsChange(W))
        return false;
    return true;
  }

  /// Another variable the nest names that may point into the counters: a
  /// pointer to their element type (or to bytes), or, where the counters
  /// are a pointer, an array of that type.
  const VarDecl *mayAlias(QualType Element) const {
    auto innermost = [&](QualType T) {
      while (const ArrayType *A = Ctx.getAsArrayType(T))
        T = A->getElementType();
      return Ctx.getCanonicalType(T.getUnqualifiedType());
    };
    QualType E = innermost(Element);
    bool CountersArePointer = Counters->getType()->isPointerType();
    for (const VariableUse &U : Nest.Variables) {
      if (U.Var == Counters)
        continue;
      QualType T = U.Var->getType();
      if (const auto *P = T->getAs<PointerType>()) {
        QualType To = innermost(P->getPointeeType());
        if (To == E || To->isCharType() || To->isVoidType())
          return U.Var;
      } else if (CountersArePointer && T->isArrayType() && innermost(T) == E) {
        return U.Var;
      }
    }
    return nullptr;
  }

  /// E as (a, c) with E = a * (outer tile number) + c.
  std::optional<std::pair<int64_t, int64_t>> affine(const Expr *E) const {
    E = E->IgnoreParenCasts();
    if (const VarDecl *V = asVarRef(E))
      if (isOuterTileNumber(V))
        return std::make_pair(int64_t(1), int64_t(0));
    if (isQuery(E, TileQuery::BlockNum, &Nest.root()))
      return std::make_pair(int64_t(1), int64_t(0));
    Expr::EvalResult V;
    if (!E->isValueDependent() && E->EvaluateAsInt(V, Ctx) &&
        V.Val.getInt().getSignificantBits() <= 62)
      return std::make_pair(int64_t(0), V.Val.getInt().getExtValue());
    if (const auto *U = dyn_cast<UnaryOperator>(E)) {
      auto Sub = affine(U->getSubExpr());
      if (Sub && U->getOpcode() == UO_Plus)
        return Sub;
      if (Sub && U->getOpcode() == UO_Minus)
        return std::make_pair(-Sub->first, -Sub->second);
      return std::nullopt;
    }
    const auto *B = dyn_cast<BinaryOperator>(E);
    if (!B)
      return std::nullopt;
    auto L = affine(B->getLHS()), R = affine(B->getRHS());
    if (!L || !R)
      return std::nullopt;
    switch (B->getOpcode()) {
    case BO_Add:
      return std::make_pair(L->first + R->first, L->second + R->second);
    case BO_Sub:
      return std::make_pair(L->first - R->first, L->second - R->second);
    case BO_Mul:
      if (L->first == 0)
        return std::make_pair(L->second * R->first, L->second * R->second);
      if (R->first == 0)
        return std::make_pair(R->second * L->first, R->second * L->second);
      return std::nullopt;
    default:
      return std::nullopt;
    }
  }

  /// Every other reference to the counters in the nest is inside a `single`
  /// that every tile waits for before its first spin-wait (a pre-block's,
  /// without nowait), or reads an element in a spin-wait that ends once the
  /// element has grown to a bound (`while (c[i] < e) {}`).
  std::string otherUses(const ArraySubscriptExpr *Updated) const {
    llvm::SmallPtrSet<const DeclRefExpr *, 8> Allowed;
    auto allow = [&](const Stmt *S) {
      for (const DeclRefExpr *Ref : referencesTo(S, Counters))
        Allowed.insert(Ref);
    };
    allow(Updated->getBase());
    for (const NestedDirective &S : Nest.Singles)
      if (!S.Pragma->Dir.Nowait && inPreBlock(S.Body))
        allow(S.Body);
    for (const Stmt *Spin : Nest.SpinWaits)
      if (const ArraySubscriptExpr *Read = monotoneWait(Spin))
        allow(Read->getBase());
    for (const DeclRefExpr *Ref : referencesTo(Nest.root().For, Counters))
      if (!Allowed.count(Ref))
        return "'" + Counters->getName().str() + "' is used at line " +
               line(Ref->getBeginLoc()) +
               " outside the update, a spin-wait on it or a single";
    return "";
  }

  /// A call in the nest, outside its `single`s, to something other than a
  /// tile query or a builtin: a function that may use a global's elements.
  const CallExpr *callOutsideSingles() const {
    class CallFinder : public RecursiveASTVisitor<CallFinder> {
    public:
      explicit CallFinder(const CounterCheck &Check) : Check(Check) {}
      bool VisitCallExpr(CallExpr *Call) {
        if (!Found && !Check.harmlessCall(Call))
          Found = Call;
        return true;
      }
      const CounterCheck &Check;
      const CallExpr *Found = nullptr;
    } Finder(*this);
    Finder.TraverseStmt(const_cast<ForStmt *>(Nest.root().For));
    return Finder.Found;
  }

  bool harmlessCall(const CallExpr *Call) const {
    if (Call->getBuiltinCallee() || writesNoMemory(calleeOf(Call), 0))
      return true;
    for (const auto &L : Nest.Loops)
      for (const QueryCall &Q : L->Queries)
        if (Q.Call == Call)
          return true;
    for (const NestedDirective &S : Nest.Singles)
      if (contains(SM, S.Body, Call))
        return true;
    return false;
  }

  /// The function a call runs: its direct callee, or in a template, where
  /// a call of a lambda object is not resolved yet, the lambda's operator().
  static const FunctionDecl *calleeOf(const CallExpr *Call) {
    if (const FunctionDecl *F = Call->getDirectCallee())
      return F;
    const auto *Ref = dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreParenImpCasts());
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!V)
      return nullptr;
    if (const auto *Lambda = dyn_cast_or_null<LambdaExpr>(
            V->getInit() ? V->getInit()->IgnoreImplicit() : nullptr))
      return Lambda->getCallOperator(); // `auto f = [..](..) {..};`
    const CXXRecordDecl *Closure =
        V->getType().getNonReferenceType()->getAsCXXRecordDecl();
    return Closure && Closure->isLambda() ? Closure->getLambdaCallOperator()
                                          : nullptr;
  }

  bool inPreBlock(const Stmt *S) const {
    for (const auto &L : Nest.Loops)
      for (const Stmt *Pre : L->PreBlock)
        if (contains(SM, Pre, S))
          return true;
    return false;
  }

  /// The element a spin-wait `while (c[i] < e) {}` (`<=`, `e > c[i]`,
  /// `e >= c[i]`, `while (...);`, `do {} while (...)`) reads from the
  /// counters, when `i` and `e` do not read them and the read is an
  /// acquire load; null otherwise.
  const ArraySubscriptExpr *monotoneWait(const Stmt *Spin) const {
    const Expr *Cond = nullptr;
    const Stmt *Body = nullptr;
    if (const auto *W = dyn_cast<WhileStmt>(Spin)) {
      Cond = W->getCond();
      Body = W->getBody();
    } else if (const auto *D = dyn_cast<DoStmt>(Spin)) {
      Cond = D->getCond();
      Body = D->getBody();
    }
    if (!Cond || !Body)
      return nullptr;
    if (const auto *C = dyn_cast<CompoundStmt>(Body); !(C && C->body_empty()) &&
                                                      !isa<NullStmt>(Body))
      return nullptr;
    const auto *B = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
    if (!B)
      return nullptr;
    const Expr *Counter = nullptr, *Bound = nullptr;
    if (B->getOpcode() == BO_LT || B->getOpcode() == BO_LE) {
      Counter = B->getLHS();
      Bound = B->getRHS();
    } else if (B->getOpcode() == BO_GT || B->getOpcode() == BO_GE) {
      Counter = B->getRHS();
      Bound = B->getLHS();
    } else {
      return nullptr;
    }
    const auto *Read =
        dyn_cast<ArraySubscriptExpr>(Counter->IgnoreParenImpCasts());
    if (!Read || asVarRef(Read->getBase()) != Counters ||
        refersTo(Read->getIdx(), Counters) || refersTo(Bound, Counters))
      return nullptr;
    for (const Expr *Acquired : Nest.AcquireLoads)
      if (Acquired->IgnoreParenImpCasts() == Read)
        return Read;
    return nullptr;
  }
};

} // namespace

SingleWriterCounter singleWriterCounter(const TiledNest &Nest,
                                        const NestedDirective &Atomic,
                                        ASTContext &Ctx) {
  return CounterCheck(Nest, Atomic, Ctx).run();
}

} // namespace orbis
