/// \file
/// Whether the rows of a tile may run in lockstep, and with which lag (see
/// RowSchedule.h). Every "no" carries the reason a user reads in
/// `--emit-lowered` and `--print-model`.
#include "orbis/RowSchedule.h"

#include "VariableWrites.h"
#include "orbis/DependenceCheck.h"
#include "orbis/LoopForm.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/STLExtras.h"

#include <functional>
#include <set>

using namespace clang;

namespace orbis {
namespace {

std::string text(const Stmt *S, ASTContext &Ctx) {
  return sourceText(S->getSourceRange(), Ctx);
}

/// A call the model recorded as a tile query of the nest.
bool isTileQuery(const TiledNest &Nest, const CallExpr *C) {
  for (const auto &L : Nest.Loops)
    for (const auto *Calls : {&L->Queries, &L->HeaderQueries})
      for (const QueryCall &Q : *Calls)
        if (Q.Call == C)
          return true;
  return false;
}

/// The body of a function that may only compute: it writes nothing but its
/// own automatic variables, reads no variable with static storage that may
/// change (one the nest writes could be among them), and calls only
/// functions that compute. A lambda's captures are not its own: one
/// captured by reference is the enclosing function's variable, and one
/// captured by copy into a `mutable` lambda is state kept from call to call
/// (`[&s](double v) { s = s * 0.5 + v; return s; }` counts like a
/// function object that counts its calls); only what the body sees as
/// `const` (a copy in a lambda that is not `mutable`) may be read.
class ComputeOnlyBody : public RecursiveASTVisitor<ComputeOnlyBody> {
public:
  explicit ComputeOnlyBody(unsigned Depth) : Depth(Depth) {}
  bool Pure = true;

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *V = dyn_cast<VarDecl>(E->getDecl())) {
      bool Captured = E->refersToEnclosingVariableOrCapture() || V->isInitCapture();
      if (Captured ? !E->getType().isConstQualified()
                   : !V->hasLocalStorage() && !V->getType().isConstQualified())
        Pure = false;
    }
    return Pure;
  }
  bool VisitVarDecl(VarDecl *V) {
    if (V->isStaticLocal())
      Pure = false;
    return Pure;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_Deref || U->getOpcode() == UO_AddrOf)
      Pure = false; // memory through a pointer
    return Pure;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *) { return Pure = false; }
  bool VisitMemberExpr(MemberExpr *M) {
    if (M->isArrow())
      Pure = false;
    return Pure;
  }
  bool VisitAsmStmt(AsmStmt *) { return Pure = false; }
  bool VisitCallExpr(CallExpr *C);

private:
  unsigned Depth;
};

/// A function that can only compute from its arguments, so calls to it may
/// run in any order: its parameters and result are arithmetic values, and
/// it is declared `const`, is a builtin without side effects (errno aside:
/// math functions), or has a body that only computes (ComputeOnlyBody). A
/// function only declared, or that writes or reads memory that may change
/// (a counter, a random generator's state, a global array), does not: the
/// order of its calls is kept.
bool computesOnly(const FunctionDecl *F, unsigned Depth = 0) {
  if (!F || F->isVariadic())
    return false;
  if (!F->getReturnType()->isVoidType() &&
      !F->getReturnType()->isArithmeticType())
    return false;
  if (!llvm::all_of(F->parameters(), [](const ParmVarDecl *P) {
        return P->getType()->isArithmeticType();
      }))
    return false;
  if (F->hasAttr<ConstAttr>())
    return true;
  if (F->getBuiltinID())
    return isSideEffectFreeBuiltin(F);
  const FunctionDecl *Def = F->getDefinition();
  if (!Def || !Def->hasBody() || Depth > 8)
    return false;
  ComputeOnlyBody Body(Depth + 1);
  Body.TraverseStmt(Def->getBody());
  return Body.Pure;
}

bool ComputeOnlyBody::VisitCallExpr(CallExpr *C) {
  if (!computesOnly(C->getDirectCallee(), Depth))
    Pure = false;
  return Pure;
}

bool within(const SourceManager &SM, SourceLocation Loc, const Stmt *S) {
  Loc = SM.getExpansionLoc(Loc);
  return !SM.isBeforeInTranslationUnit(Loc,
                                       SM.getExpansionLoc(S->getBeginLoc())) &&
         !SM.isBeforeInTranslationUnit(SM.getExpansionLoc(S->getEndLoc()),
                                       Loc);
}

/// The writes and calls of some statements, checked against what a
/// schedule may leave out or reorder. `Allowed` decides whether a write to
/// a variable, or through it, is harmless; the first violation is kept.
class Effects : public RecursiveASTVisitor<Effects> {
public:
  Effects(const TiledNest &Nest, ASTContext &Ctx, std::string What,
          std::function<bool(const VarDecl *, bool Element)> Allowed,
          bool QueriesAllowed, bool ModeledElementsOnly = false)
      : Nest(Nest), Ctx(Ctx), What(std::move(What)), Allowed(std::move(Allowed)),
        QueriesAllowed(QueriesAllowed),
        ModeledElementsOnly(ModeledElementsOnly) {}

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      written(B->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      written(U->getSubExpr());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    if (C->isAssignmentOp() && C->getNumArgs() > 0)
      written(C->getArg(0));
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(C)) {
      // Assignments are writes (above), a class's `operator[]` is an
      // element access of the model; `++`/`--` write their operand. Any
      // other operator is a call like the others: a function object whose
      // `operator()` counts its calls has effects.
      OverloadedOperatorKind K = Op->getOperator();
      if (Op->isAssignmentOp() || K == OO_Subscript)
        return true;
      if ((K == OO_PlusPlus || K == OO_MinusMinus) && Op->getNumArgs() > 0) {
        written(Op->getArg(0));
        return true;
      }
    }
    const FunctionDecl *F = C->getDirectCallee();
    if (isTileQuery(Nest, C)) {
      if (!QueriesAllowed)
        fail(What + " calls " + F->getNameAsString() +
             "(), whose answer depends on the sub-tile");
      return true;
    }
    if (!computesOnly(F))
      fail(What + " calls '" +
           text(isa<CXXOperatorCallExpr>(C) ? C : C->getCallee(), Ctx) +
           "', whose effects the analysis does not follow");
    return true;
  }
  bool VisitCXXNewExpr(CXXNewExpr *E) {
    fail(What + " allocates ('" + text(E, Ctx) + "')");
    return true;
  }

  std::string Reason;
  std::set<const VarDecl *> WrittenThrough;

private:
  const TiledNest &Nest;
  ASTContext &Ctx;
  std::string What;
  std::function<bool(const VarDecl *, bool)> Allowed;
  bool QueriesAllowed;
  /// Element writes must be accesses of the model (whose distances the
  /// schedule checks): not `*p`, `p->v`, `s.a[i]` the model leaves out.
  bool ModeledElementsOnly;

  bool modeledWrite(const Expr *Target) const {
    return llvm::any_of(Nest.Accesses, [&](const ArrayAccess &A) {
      return A.IsWrite && A.Expr->IgnoreParenImpCasts() == Target;
    });
  }

  void fail(std::string Why) {
    if (Reason.empty())
      Reason = std::move(Why);
  }
  void written(const Expr *E) {
    const Expr *Target = E->IgnoreParenImpCasts();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Target)) {
      const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
      if (!V || !Allowed(V, false))
        fail(What + " assigns '" + text(E, Ctx) + "'");
      return;
    }
    const VarDecl *Base = nullptr;
    if (const auto *S = dyn_cast<ArraySubscriptExpr>(Target))
      Base = subscriptChain(S).Var;
    else if (const auto *U = dyn_cast<UnaryOperator>(Target);
             U && U->getOpcode() == UO_Deref)
      if (const auto *Ref =
              dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParenImpCasts()))
        Base = dyn_cast<VarDecl>(Ref->getDecl());
    if (!Base || !Allowed(Base, true) ||
        (ModeledElementsOnly && !modeledWrite(Target))) {
      fail(What + " writes '" + text(E, Ctx) + "'");
      return;
    }
    WrittenThrough.insert(Base);
  }
};

/// Variables assigned `malloc(...)` or `calloc(...)` by the outer level's
/// `single`s in its pre-block: on every backend, tile-local memory by the
/// time the inner level runs (EXTENSIONS.md 2).
std::set<const VarDecl *> outerAllocations(const TiledNest &Nest,
                                           ASTContext &Ctx) {
  struct Finder : RecursiveASTVisitor<Finder> {
    bool VisitBinaryOperator(BinaryOperator *B) {
      if (B->getOpcode() != BO_Assign)
        return true;
      const auto *Call = dyn_cast<CallExpr>(B->getRHS()->IgnoreParenCasts());
      const auto *Ref =
          dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParenImpCasts());
      const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
      if (F && Ref && (F->getName() == "malloc" || F->getName() == "calloc"))
        if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
          Found.insert(V);
      return true;
    }
    std::set<const VarDecl *> Found;
  } F;
  const SourceManager &SM = Ctx.getSourceManager();
  for (const NestedDirective &S : Nest.Singles) {
    if (S.Owner != &Nest.root())
      continue;
    bool InPreBlock = llvm::any_of(Nest.root().PreBlock, [&](const Stmt *P) {
      return within(SM, S.Body->getBeginLoc(), P);
    });
    if (InPreBlock)
      F.TraverseStmt(const_cast<Stmt *>(S.Body));
  }
  return F.Found;
}

/// Different variables can only be known apart when both are arrays (not
/// pointers, which may point into the same memory).
bool distinctMemory(const VarDecl *A, const VarDecl *B) {
  return A->getType()->isArrayType() && B->getType()->isArrayType() &&
         !isa<ParmVarDecl>(A) && !isa<ParmVarDecl>(B);
}

/// Whether V is a variable of `world(list)` of the world loop the nest is
/// in. Two such variables never name the same memory, nor one of them and
/// any other variable: a world pointer can only be given a fresh
/// `omp_world_malloc`, never another pointer or an address (the lowering
/// refuses any other use, docs/user-guide.md "Errors at compile time"), and
/// an ordinary pointer cannot point into world memory.
bool worldVariable(const TiledNest &Nest, const VarDecl *V) {
  return Nest.World && llvm::is_contained(Nest.World->Vars, V);
}

const VariableUse *useOf(const TiledNest &Nest, const VarDecl *V) {
  for (const VariableUse &U : Nest.Variables)
    if (U.Var == V)
      return &U;
  return nullptr;
}

/// The statement a block is, through braces around one statement.
const Stmt *single(const Stmt *S) {
  while (const auto *C = dyn_cast<CompoundStmt>(S)) {
    if (C->size() != 1)
      return nullptr;
    S = C->body_front();
  }
  return S;
}

/// Fills S.Write and S.Reads when the block is `W = expr;` with W its only
/// write (see RowSchedule::Read).
void classifyReads(const TiledNest &Nest, const Stmt *Block, RowSchedule &S) {
  const auto *Assign = dyn_cast_or_null<BinaryOperator>(single(Block));
  if (!Assign || Assign->getOpcode() != BO_Assign)
    return;
  const Expr *Target = Assign->getLHS()->IgnoreParens();
  const ArrayAccess *Write = nullptr;
  for (const ArrayAccess &A : Nest.Accesses) {
    if (!A.IsWrite)
      continue;
    if (Write || A.Expr != Target || A.IsRead)
      return; // more than one write, or a compound assignment
    Write = &A;
  }
  if (!Write)
    return;
  std::vector<RowSchedule::Read> Reads;
  for (const ArrayAccess &A : Nest.Accesses) {
    if (&A == Write)
      continue;
    RowSchedule::Read R;
    R.Access = &A;
    if (A.Base == Write->Base) {
      Meeting M = meetAccesses(Nest, *Write, A);
      if (M.Kind == Meeting::Unknown)
        return;
      if (M.Kind == Meeting::Distance) {
        // A runs M.D iterations after the write that touches its element.
        bool Later = M.D[0] > 0 || (M.D[0] == 0 && M.D[1] > 0);
        R.Kind = Later ? RowSchedule::Read::Forwarded
                       : RowSchedule::Read::Initial;
        R.D0 = M.D[0];
        R.D1 = M.D[1];
      }
    }
    Reads.push_back(R);
  }
  S.Write = Write;
  S.Value = Assign->getRHS();
  S.Reads = std::move(Reads);
}

RowSchedule dependences(const TiledNest &Nest, ASTContext &Ctx,
                        const Stmt *Block, RowSchedule S);

} // namespace

RowSchedule rowSchedule(const TiledNest &Nest, ASTContext &Ctx,
                        RowScheduleUse Use) {
  RowSchedule S;
  auto No = [&](std::string Why) {
    S.Reason = std::move(Why);
    return S;
  };
  if (Nest.Failed)
    return No("the nest has errors");
  if (Nest.Loops.size() != 2)
    return No(Nest.Loops.size() == 1
                  ? std::string("the nest has one blocked level (rows in "
                                "lockstep need two)")
                  : "the nest has " + std::to_string(Nest.Loops.size()) +
                        " blocked levels (rows in lockstep need two)");
  for (const auto &L : Nest.Loops)
    if (L->Form.Step && (!L->Form.StepConstant || *L->Form.StepConstant != 1))
      return No("loop '" + L->Form.VarName + "' has a step other than 1");
  const BlockedLoop &Inner = Nest.innermost();
  const Stmt *Block = Nest.InstructionBlock ? Nest.InstructionBlock
                                            : Inner.For->getBody();
  const SourceManager &SM = Ctx.getSourceManager();

  // The instruction block: element writes (analyzed below) and its own
  // variables only.
  Effects InBlock(
      Nest, Ctx, "the instruction block",
      [&](const VarDecl *V, bool Element) {
        if (Element)
          return true; // a modeled element (Effects::written checks)
        // A reference declared in the block writes what it refers to.
        const VariableUse *U = useOf(Nest, V);
        return U && U->Class == VariableUse::IterationLocal &&
               !V->getType()->isReferenceType();
      },
      /*QueriesAllowed=*/false, /*ModeledElementsOnly=*/true);
  InBlock.TraverseStmt(const_cast<Stmt *>(Block));
  if (!InBlock.Reason.empty())
    return No(InBlock.Reason);
  for (const NestedDirective &D : Nest.Singles)
    if (within(SM, D.Pragma->Dir.Loc, Block))
      return No("a 'single' in the instruction block");
  for (const NestedDirective &D : Nest.Atomics)
    if (within(SM, D.Pragma->Dir.Loc, Block))
      return No("an 'atomic' in the instruction block");
  for (const VariableUse &U : Nest.Variables) {
    if (!U.InInstructionBlock || Use == RowScheduleUse::TileOrder)
      continue;
    if (U.Class == VariableUse::TileLocal && U.Level > 0)
      return No("the instruction block reads '" + U.Var->getNameAsString() +
                "', which the pre/post-blocks of loop '" + Inner.Form.VarName +
                "' set");
    if (U.InPrePostBlocks && U.Written && U.Class != VariableUse::LoopVariable)
      return No("the instruction block reads '" + U.Var->getNameAsString() +
                "', which the pre/post-blocks write");
  }

  // The inner level's pre/post-blocks only synchronize: they write their
  // own variables and tile-local memory, which nothing reads afterwards.
  // (Not needed when they run as written around each tile.)
  if (Use == RowScheduleUse::TileOrder)
    return dependences(Nest, Ctx, Block, S);
  std::set<const VarDecl *> Allocated = outerAllocations(Nest, Ctx);
  std::vector<const Stmt *> Sync = Inner.PreBlock;
  llvm::append_range(Sync, Inner.PostBlock);
  Effects InSync(
      Nest, Ctx, "the pre/post-block of loop '" + Inner.Form.VarName + "'",
      [&](const VarDecl *V, bool Element) {
        if (Element)
          return Allocated.count(V) > 0;
        return llvm::any_of(Sync, [&](const Stmt *St) {
          return within(SM, V->getLocation(), St);
        });
      },
      /*QueriesAllowed=*/true);
  for (const Stmt *St : Sync)
    InSync.TraverseStmt(const_cast<Stmt *>(St));
  if (!InSync.Reason.empty())
    return No(InSync.Reason);
  for (const NestedDirective &D : Nest.Singles)
    if (D.Owner == &Inner)
      return No("a 'single' in the pre/post-blocks of loop '" +
                Inner.Form.VarName + "'");
  // The rows load what they read ahead of the steps (or take it from
  // registers in place of memory the steps have not written yet): a read
  // of a written array that runs only under a condition may name an
  // element outside the array where the condition is false.
  std::set<const VarDecl *> WrittenArrays;
  for (const ArrayAccess &A : Nest.Accesses)
    if (A.IsWrite)
      WrittenArrays.insert(A.Base);
  for (const ArrayAccess &A : Nest.Accesses)
    if (A.IsRead && A.Conditional && WrittenArrays.count(A.Base))
      return No("the read '" + text(A.Expr, Ctx) +
                "' runs only under a condition ('?:', '&&', '||', 'if'), "
                "and rows in lockstep load it ahead");
  for (const VarDecl *V : InSync.WrittenThrough)
    for (const Stmt *St : Nest.root().PostBlock)
      if (refersTo(St, V))
        return No("the post-block of loop '" + Nest.root().Form.VarName +
                  "' reads '" + V->getNameAsString() +
                  "', which the pre/post-blocks of loop '" +
                  Inner.Form.VarName + "' write");
  return dependences(Nest, Ctx, Block, S);
}

namespace {

/// The rest of rowSchedule: the distances between the instruction block's
/// accesses, and from them the lag.
RowSchedule dependences(const TiledNest &Nest, ASTContext &Ctx,
                        const Stmt *Block, RowSchedule S) {
  auto No = [&](std::string Why) {
    S.Reason = std::move(Why);
    return S;
  };
  // Every dependence between the instruction block's accesses.
  std::set<const VarDecl *> Written;
  for (const ArrayAccess &A : Nest.Accesses)
    if (A.IsWrite)
      Written.insert(A.Base);
  std::set<std::pair<int64_t, int64_t>> Distances;
  for (const ArrayAccess &W : Nest.Accesses) {
    if (!W.IsWrite)
      continue;
    for (const ArrayAccess &X : Nest.Accesses) {
      if (X.Base != W.Base) {
        if (!distinctMemory(W.Base, X.Base) && !worldVariable(Nest, W.Base) &&
            !worldVariable(Nest, X.Base))
          return No("'" + W.Base->getNameAsString() + "' and '" +
                    X.Base->getNameAsString() + "' may be the same memory");
        continue;
      }
      if (&X == &W)
        continue; // below, once the pairs have named their reason
      Meeting M = meetAccesses(Nest, W, X);
      if (M.Kind == Meeting::Never)
        continue;
      if (M.Kind == Meeting::Unknown)
        return No("the distance from '" + text(W.Expr, Ctx) + "' to '" +
                  text(X.Expr, Ctx) + "' is unknown (" +
                  (W.AddressTaken || X.AddressTaken
                       ? "the address of an element is taken"
                       : "a subscript that is not a loop variable plus a "
                         "constant") +
                  ")");
      std::vector<int64_t> D = M.D;
      if (D[0] < 0 || (D[0] == 0 && D[1] < 0))
        for (int64_t &V : D)
          V = -V;
      if (D[0] == 0 && D[1] == 0)
        continue; // one iteration: the block's own order
      Distances.insert({D[0], D[1]});
    }
  }
  // An access meets itself too: `cnt[0]++` in every iteration is a
  // dependence at every distance.
  for (const ArrayAccess &W : Nest.Accesses)
    if (W.IsWrite && meetAccesses(Nest, W, W).Kind == Meeting::Unknown)
      return No("the instruction block writes '" + text(W.Expr, Ctx) +
                "', an element other iterations may write too");
  const Directive &Outer = Nest.root().Pragma->Dir;
  for (auto [D0, D1] : Distances) {
    if (D0 == 0)
      continue; // the same row, in order
    if (D1 < 0) {
      // A row that needs a later column of a row above: only legal when
      // the two rows never share a row tile (EXTENSIONS 1.10), so the
      // inter-tile waits order it. A lag inside the tile would make the
      // lower rows need columns of the next tile before the upper rows
      // may start it.
      if (!Outer.BlockSize || !Outer.BlockSize->Constant ||
          *Outer.BlockSize->Constant > D0)
        return No("the distance (" + std::to_string(D0) + ", " +
                  std::to_string(D1) + ") needs row tiles of at most " +
                  std::to_string(D0) + " rows");
      continue;
    }
    // Row r computes c only once row r - 1 has finished c + Lag - 1, so
    // row r - D0 is at least D0 * (Lag - 1) + 1 iterations ahead; it must
    // have finished c - D1: Lag 1 whenever D1 < D0, else 0.
    S.Lag = std::max<int64_t>(S.Lag, D1 < D0 ? 1 : 0);
  }
  S.Distances.assign(Distances.begin(), Distances.end());
  S.Applies = true;
  classifyReads(Nest, Block, S);
  return S;
}

} // namespace

std::string describe(const RowSchedule &S) {
  if (!S.Applies)
    return "copies of the pre/post-blocks on sub-tiles (no rows in lockstep: " +
           S.Reason + ")";
  std::string D = "rows in lockstep, lag " + std::to_string(S.Lag) +
                  " (distances";
  if (S.Distances.empty())
    D += " none";
  for (auto [D0, D1] : S.Distances)
    D += " (" + std::to_string(D0) + ", " + std::to_string(D1) + ")";
  return D + ")";
}

} // namespace orbis
