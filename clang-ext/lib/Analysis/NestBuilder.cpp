/// \file
/// Binding directives to statements and building tiled nests (see
/// NestBuilder.h). One walk over each function body keeps a stack of the
/// blocked loops that enclose the current statement; the rules that need the
/// whole nest (where the instruction block is) are checked when the
/// outermost loop of a nest has been walked.
#include "orbis/NestBuilder.h"
#include "BlockLocalCheck.h"
#include "orbis/DependenceCheck.h"
#include "NameLookup.h"
#include "orbis/PragmaParser.h"
#include "VariableClasses.h"
#include "VariableWrites.h"
#include "TemplateInstances.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Basic/CharInfo.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <functional>

using namespace clang;

namespace orbis {

bool NestBuildResult::ok() const {
  for (const PendingDiag &D : Diags)
    if (!isNote(D.Id))
      return false;
  return true;
}

bool isGlobalFunction(const FunctionDecl *F) {
  return !isa<CXXMethodDecl>(F) &&
         F->getDeclContext()->getRedeclContext()->isTranslationUnit();
}

std::optional<TileQuery> tileQueryOf(const CallExpr *Call) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || Call->getNumArgs() != 0 || !Callee->getIdentifier())
    return std::nullopt;
  // <omp_blocked.h>'s functions are global: a user's `ns::omp_block_size()`
  // or `t.omp_block_num()` is another function with the same name.
  if (!isGlobalFunction(Callee))
    return std::nullopt;
  StringRef Name = Callee->getName();
  if (Name == "omp_num_blocks")
    return TileQuery::NumBlocks;
  if (Name == "omp_block_num")
    return TileQuery::BlockNum;
  if (Name == "omp_block_size")
    return TileQuery::BlockSize;
  if (Name == "omp_total_size")
    return TileQuery::TotalSize;
  return std::nullopt;
}

namespace {

/// Tile-query calls in a statement (outside macro expansions).
class QueryFinder : public RecursiveASTVisitor<QueryFinder> {
public:
  bool VisitCallExpr(CallExpr *Call) {
    if (std::optional<TileQuery> Q = tileQueryOf(Call))
      if (Call->getBeginLoc().isFileID() && Call->getEndLoc().isFileID())
        Found.push_back({Call, *Q});
    return true;
  }
  std::vector<QueryCall> Found;
};

/// Calls (but tile queries), assignments and increments in an expression.
class EffectFinder : public RecursiveASTVisitor<EffectFinder> {
public:
  bool VisitCallExpr(CallExpr *Call) {
    Found |= !tileQueryOf(Call);
    return !Found;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    Found |= B->isAssignmentOp();
    return !Found;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    Found |= U->isIncrementDecrementOp();
    return !Found;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *) { return !(Found = true); }
  bool VisitCXXNewExpr(CXXNewExpr *) { return !(Found = true); }
  bool VisitCXXDeleteExpr(CXXDeleteExpr *) { return !(Found = true); }
  bool VisitCXXThrowExpr(CXXThrowExpr *) { return !(Found = true); }
  bool VisitStmtExpr(StmtExpr *) { return !(Found = true); }
  bool Found = false;
};

/// Reads of volatile integers and pointers (not bit-fields) that can be
/// rewritten in place.
class VolatileReadFinder : public RecursiveASTVisitor<VolatileReadFinder> {
public:
  VolatileReadFinder(ASTContext &Ctx,
                     std::function<bool(const Stmt *)> UnderAtomic)
      : Ctx(Ctx), UnderAtomic(std::move(UnderAtomic)) {}
  /// The statement of an `omp atomic` keeps its form (`v = x;`): its reads
  /// are atomic already.
  bool TraverseStmt(Stmt *S) {
    if (S && UnderAtomic(S))
      return true;
    return RecursiveASTVisitor::TraverseStmt(S);
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *Cast) {
    if (Cast->getCastKind() != CK_LValueToRValue)
      return true;
    const Expr *Read = Cast->getSubExpr();
    QualType T = Read->getType();
    if (T.isVolatileQualified() && (T->isIntegerType() || T->isPointerType()) &&
        Ctx.getTypeSize(T) <= 64 &&
        !Read->refersToBitField() && fileRangeOf(Read, Ctx))
      Found.push_back(Read);
    return true;
  }
  ASTContext &Ctx;
  std::function<bool(const Stmt *)> UnderAtomic;
  std::vector<const Expr *> Found;
};

/// Largest element size of arrays subscripted in a statement.
class ElemSizeFinder : public RecursiveASTVisitor<ElemSizeFinder> {
public:
  explicit ElemSizeFinder(ASTContext &Ctx) : Ctx(Ctx) {}
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
    QualType T = E->getType();
    if (!T->isDependentType() && !T->isIncompleteType() && T->isScalarType())
      Max = std::max<unsigned>(Max, Ctx.getTypeSizeInChars(T).getQuantity());
    return true;
  }
  ASTContext &Ctx;
  unsigned Max = 0;
};

class Builder {
public:
  Builder(ASTContext &Ctx, const std::vector<CollectedDirective> &Directives)
      : Ctx(Ctx), SM(Ctx.getSourceManager()) {
    for (const CollectedDirective &D : Directives) {
      AllByNextCode[D.NextCodeLoc.getRawEncoding()].push_back(&D);
      if (!isRelevant(D))
        continue;
      ByNextCode[D.NextCodeLoc.getRawEncoding()].push_back(&D);
      Relevant.push_back(&D);
    }
  }

  void walkFunctionBody(const FunctionDecl *Function) {
    Stmt *Body = Function->getBody();
    if (!Body || !Walked.insert(Body).second)
      return;
    State Fresh;
    Fresh.Function = Function;
    walk(Body, /*StatementPosition=*/true, Fresh);
    checkGotos();
  }

  NestBuildResult finish() {
    for (const CollectedDirective *D : Relevant) {
      if (Bound.count(D) || D->Failed || inSkippedCode(D))
        continue;
      if (followedByInclude(*D))
        error(Diag::StatementFromInclude, D->Dir.Loc, {D->Dir.Name});
      else if (D->Dir.Kind == DirectiveKind::Block)
        error(Diag::ExpectedStatementAfterBlock, D->Dir.Loc);
      else if (D->Dir.isLoopDirective() && expandedFromMacro(D->Dir))
        // A macro that expands to the directive and its loop: the loop
        // cannot be rewritten (the statement after the directive is there,
        // only not in the file).
        error(D->Dir.Kind == DirectiveKind::WorldParallelFor
                  ? Diag::WorldLoopFromMacro
                  : Diag::LoopFromMacro,
              D->Dir.Loc);
      else if (D->Dir.isLoopDirective())
        error(Diag::ExpectedForLoop, D->Dir.Loc, {D->Dir.Name});
    }
    return std::move(Result);
  }

private:
  struct State {
    std::vector<BlockedLoop *> Stack; ///< enclosing blocked loops
    /// Per entry of Stack: its nested blocked loop or instruction block has
    /// been walked, so the code being walked is its post-block.
    std::vector<bool> PastChild;
    TiledNest *Nest = nullptr;
    BlockedLoop *BlockOwner = nullptr; ///< loop holding `omp block`
    bool InInstructionBlock = false;
    unsigned BreakDepth = 0; ///< loops/switches since the innermost blocked loop
    unsigned ContinueDepth = 0; ///< loops since the innermost blocked loop
    /// BreakDepth in the body of the innermost world loop (~0u: none).
    unsigned WorldBreakDepth = ~0u;
    /// `try` blocks around the statement, and their count at the innermost
    /// world loop (~0u: none): a `throw` with no `try` of its own inside
    /// the loop leaves it.
    unsigned TryDepth = 0;
    unsigned WorldTryDepth = ~0u;
    /// Statements that open a scope around the statement being walked.
    std::vector<const Stmt *> Scopes;
    const FunctionDecl *Function = nullptr;
    WorldLoop *World = nullptr; ///< the world loop being walked
    /// Standard parallel regions around the statement inside the world
    /// loop: a `single` there is once per process, not once in the world.
    unsigned SharedRegions = 0;
  };

  /// The part of a tiled nest a statement is in: a loop's pre-block, its
  /// post-block, or the instruction block. Jumps may not cross parts: each
  /// part runs at its own granularity (per tile or per iteration).
  struct Part {
    const TiledNest *Nest = nullptr; ///< null: outside every nest
    const void *Owner = nullptr;
    int Kind = 0; ///< 0 pre-block, 1 post-block, 2 instruction block
    const WorldLoop *World = nullptr; ///< the world loop around, if any
    bool operator==(const Part &O) const {
      return Nest == O.Nest && Owner == O.Owner && Kind == O.Kind &&
             World == O.World;
    }
  };

  static Part partOf(const State &St) {
    if (St.Stack.empty())
      return {nullptr, nullptr, 0, St.World};
    if (St.InInstructionBlock)
      return {St.Nest, St.Nest, 2, St.World};
    return {St.Nest, St.Stack.back(), St.PastChild.back() ? 1 : 0, St.World};
  }

  /// A declaration in a pre-block with the scope that holds it.
  struct PreBlockDecl {
    const VarDecl *Var;
    const Stmt *Scope;
  };

  ASTContext &Ctx;
  const SourceManager &SM;
  llvm::DenseMap<unsigned, std::vector<const CollectedDirective *>> ByNextCode;
  llvm::DenseMap<unsigned, std::vector<const CollectedDirective *>>
      AllByNextCode;
  std::vector<const CollectedDirective *> Relevant;
  llvm::SmallPtrSet<const CollectedDirective *, 16> Bound;
  llvm::SmallPtrSet<Stmt *, 16> Walked;
  NestBuildResult Result;
  /// Code not walked after an error: its directives are not reported as
  /// unbound.
  std::vector<SourceRange> Skipped;
  /// Jumps of the function being walked, checked when it has been walked.
  std::vector<std::pair<const GotoStmt *, Part>> Gotos;
  llvm::DenseMap<const LabelDecl *, Part> LabelParts;
  /// `continue` statements of pre-blocks (before a nest is complete, it is
  /// not known whether its innermost body is the instruction block).
  std::vector<std::pair<const ContinueStmt *, const BlockedLoop *>>
      PreBlockContinues;
  std::vector<PreBlockDecl> PreBlockDecls;
  unsigned NextNestId = 0;
  unsigned NextDirectiveId = 0;

  bool inSkippedCode(const CollectedDirective *D) const {
    SourceLocation Loc = SM.getExpansionLoc(D->Dir.Loc);
    for (SourceRange R : Skipped) {
      CharSourceRange Chars = SM.getExpansionRange(R);
      if (!SM.isBeforeInTranslationUnit(Loc, Chars.getBegin()) &&
          SM.isBeforeInTranslationUnit(Loc, Chars.getEnd()))
        return true;
    }
    return false;
  }

  /// The standard `parallel ...` directive that binds to S, if one does.
  const CollectedDirective *parallelRegionAt(const Stmt *S) {
    auto It = AllByNextCode.find(
        SM.getExpansionLoc(S->getBeginLoc()).getRawEncoding());
    if (It == AllByNextCode.end())
      return nullptr;
    for (const CollectedDirective *D : It->second)
      if (!D->Dir.isExtension() &&
          (D->Dir.Kind == DirectiveKind::ParallelFor ||
           StringRef(D->Dir.Name).starts_with("parallel")))
        return D;
    return nullptr;
  }

  /// Whether D is a loop construct (or transforms one): `for`, `simd`,
  /// `taskloop`, `distribute`, `loop`, `tile`, `unroll`, alone or combined.
  static bool appliesToLoop(const Directive &D) {
    if (D.isLoopDirective())
      return true;
    llvm::SmallVector<StringRef, 4> Words;
    StringRef(D.Name).split(Words, ' ', -1, /*KeepEmpty=*/false);
    return llvm::any_of(Words, [](StringRef W) {
      return W == "for" || W == "simd" || W == "taskloop" ||
             W == "distribute" || W == "loop" || W == "tile" ||
             W == "unroll";
    });
  }

  static bool isRelevant(const CollectedDirective &C) {
    const Directive &D = C.Dir;
    return C.Failed || D.isExtension() || D.Kind == DirectiveKind::Single ||
           D.Kind == DirectiveKind::Atomic || D.Name == "critical" ||
           D.Name == "barrier";
  }

  void error(Diag Id, SourceLocation Loc, std::vector<std::string> Args = {}) {
    Result.Diags.push_back(PendingDiag{Id, Loc, std::move(Args), {}, 0, {}});
  }

  /// Whether the statement after D comes from an `#include` (whose line
  /// nextCodeToken counts as code).
  bool followedByInclude(const CollectedDirective &D) const {
    return D.NextCodeLoc.isValid() && *SM.getCharacterData(D.NextCodeLoc) == '#';
  }

  /// Whether a `#pragma omp block` inside the nest is followed by an
  /// `#include` (finish() reports that, not a missing block).
  bool blockFromInclude(const TiledNest &Nest) const {
    CharSourceRange Range = SM.getExpansionRange(Nest.root().For->getSourceRange());
    return llvm::any_of(Relevant, [&](const CollectedDirective *D) {
      return D->Dir.Kind == DirectiveKind::Block && followedByInclude(*D) &&
             SM.isBeforeInTranslationUnit(Range.getBegin(), D->Dir.Loc) &&
             SM.isBeforeInTranslationUnit(D->Dir.Loc, Range.getEnd());
    });
  }

  /// Whether the lowering can edit around statement S of directive D: S
  /// starts and ends in the file's own text, not in a macro expansion nor
  /// in a file it includes (whose edits would land around the `#include`
  /// line: the element loops closed after the next statement). Else an
  /// error at D.
  bool editable(const Stmt *S, const Directive &D) {
    std::optional<CharSourceRange> Range = fileRangeOf(S, Ctx);
    if (!Range) {
      error(Diag::StatementFromMacro, D.Loc, {D.Name});
      return false;
    }
    if (SM.getFileID(Range->getBegin()) != SM.getMainFileID() ||
        SM.getFileID(Range->getEnd()) != SM.getMainFileID()) {
      error(Diag::StatementFromInclude, D.Loc, {D.Name});
      return false;
    }
    return true;
  }

  std::vector<const CollectedDirective *> directivesAt(const Stmt *S) {
    SourceLocation Begin = S->getBeginLoc();
    if (Begin.isInvalid())
      return {};
    SourceLocation Expansion = SM.getExpansionLoc(Begin);
    auto It = ByNextCode.find(Expansion.getRawEncoding());
    if (It == ByNextCode.end())
      return {};
    std::vector<const CollectedDirective *> Out;
    for (const CollectedDirective *D : It->second)
      if (Bound.insert(D).second)
        Out.push_back(D);
    return Out;
  }

  void walk(Stmt *S, bool StatementPosition, State &St) {
    if (!S)
      return;
    if (StatementPosition) {
      const CollectedDirective *LoopPragma = nullptr;
      const CollectedDirective *BlockPragma = nullptr;
      std::vector<const CollectedDirective *> Others;
      for (const CollectedDirective *D : directivesAt(S)) {
        if (D->Failed) {
          Skipped.push_back(S->getSourceRange());
          return;
        }
        if (D->Dir.isLoopDirective() && D->Dir.isExtension())
          LoopPragma = D;
        else if (D->Dir.Kind == DirectiveKind::Block)
          BlockPragma = D;
        else
          Others.push_back(D);
      }
      if (BlockPragma) {
        if (LoopPragma)
          error(Diag::BlockedInInstructionBlock, LoopPragma->Dir.Loc);
        checkDirectivesBeforeBlock(*BlockPragma, S);
        std::vector<const CollectedDirective *> After;
        for (const CollectedDirective *D : Others)
          if (!isBefore(D, BlockPragma))
            After.push_back(D);
        return walkInstructionBlock(BlockPragma, S, St, After);
      }
      // A directive written after a `parallel` on the same statement
      // (`#pragma omp parallel` then `#pragma omp single` over one
      // statement, no braces) is inside its region: a `single` there runs
      // once per region, not once in the world.
      const CollectedDirective *Region = St.World ? parallelRegionAt(S) : nullptr;
      for (const CollectedDirective *D : Others) {
        bool Inside = Region && isBefore(Region, D);
        St.SharedRegions += Inside;
        recordNested(D, S, St);
        St.SharedRegions -= Inside;
      }
      if (LoopPragma) {
        // A loop directive before the blocked one (a stray line, or two
        // blocked directives) would apply to the code the lowering writes:
        // the error clang gives for a statement that is not a loop.
        for (const CollectedDirective *D : allDirectivesAt(S))
          if (D != LoopPragma && isBefore(D, LoopPragma) &&
              appliesToLoop(D->Dir))
            error(Diag::ExpectedForLoop, D->Dir.Loc, {D->Dir.Name});
        return walkDirectedLoop(LoopPragma, S, St);
      }
      if (Region) {
        ++St.SharedRegions;
        walkChildren(S, St);
        --St.SharedRegions;
        return;
      }
    }
    walkChildren(S, St);
  }

  void walkChildren(Stmt *S, State &St) {
    if (auto *Lambda = dyn_cast<LambdaExpr>(S)) {
      for (Expr *Init : Lambda->capture_inits())
        walk(Init, false, St);
      State Fresh;
      Fresh.Function = Lambda->getCallOperator();
      walk(Lambda->getBody(), true, Fresh);
      return;
    }
    if (auto *Call = dyn_cast<CallExpr>(S))
      if (std::optional<TileQuery> Q = tileQueryOf(Call))
        if (!St.Stack.empty() && Call->getBeginLoc().isFileID() &&
            Call->getEndLoc().isFileID())
          St.Stack.back()->Queries.push_back({Call, *Q});
    if (isa<BreakStmt>(S) && !St.Stack.empty() && St.BreakDepth == 0)
      error(Diag::BreakInBlockedLoop, S->getBeginLoc());
    else if (isa<BreakStmt>(S) && St.World && St.Stack.empty() &&
             St.BreakDepth == St.WorldBreakDepth)
      // Each process walks the loop for its own iterations: a `break` would
      // end only the walk of the process that takes it.
      error(Diag::BreakInWorldLoop, S->getBeginLoc());
    checkJumps(S, St);
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      if (St.Nest && !St.Stack.empty() && !St.InInstructionBlock &&
          !St.PastChild.back() &&
          !St.Scopes.empty())
        for (const Decl *D : DS->decls())
          if (const auto *V = dyn_cast<VarDecl>(D))
            PreBlockDecls.push_back({V, St.Scopes.back()});
    if (St.Nest && !St.InInstructionBlock && isSpinLoop(S)) {
      St.Nest->SpinWaits.push_back(S);
      VolatileReadFinder Reads(Ctx, [this](const Stmt *Inner) {
        return hasDirective(Inner, DirectiveKind::Atomic);
      });
      Reads.TraverseStmt(S);
      llvm::append_range(St.Nest->AcquireLoads, Reads.Found);
    }

    bool Continuable = isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
    bool Breakable = Continuable || isa<SwitchStmt>(S);
    bool Scope = Breakable || isa<CompoundStmt, IfStmt>(S);
    St.BreakDepth += Breakable;
    St.ContinueDepth += Continuable;
    if (Scope)
      St.Scopes.push_back(S);
    const auto *Try = dyn_cast<CXXTryStmt>(S);
    for (Stmt *Child : S->children()) {
      bool Guarded = Try && Child == Try->getTryBlock();
      St.TryDepth += Guarded;
      walk(Child, isStatementChild(S, Child), St);
      St.TryDepth -= Guarded;
    }
    if (Scope)
      St.Scopes.pop_back();
    St.BreakDepth -= Breakable;
    St.ContinueDepth -= Continuable;
  }

  /// Statements that leave or enter a part of a nest (see Part): `return`
  /// and computed gotos at once, `goto` and `continue` when the function or
  /// the nest is complete.
  void checkJumps(Stmt *S, State &St) {
    if (const auto *Label = dyn_cast<LabelStmt>(S))
      LabelParts[Label->getDecl()] = partOf(St);
    if (const auto *Goto = dyn_cast<GotoStmt>(S))
      Gotos.push_back({Goto, partOf(St)});
    if (St.Stack.empty() && St.World) {
      if (isa<ReturnStmt>(S))
        error(Diag::ReturnInWorldLoop, S->getBeginLoc(), {"return"});
      else if (isa<CoreturnStmt>(S))
        error(Diag::ReturnInWorldLoop, S->getBeginLoc(), {"co_return"});
      else if (isa<IndirectGotoStmt>(S))
        error(Diag::ReturnInWorldLoop, S->getBeginLoc(), {"goto"});
      else if (isa<CXXThrowExpr>(S) && St.TryDepth == St.WorldTryDepth)
        error(Diag::ReturnInWorldLoop, S->getBeginLoc(), {"throw"});
    }
    if (St.Stack.empty())
      return;
    if (isa<ReturnStmt>(S))
      error(Diag::ReturnInBlockedLoop, S->getBeginLoc(), {"return"});
    else if (isa<CoreturnStmt>(S))
      error(Diag::ReturnInBlockedLoop, S->getBeginLoc(), {"co_return"});
    else if (isa<IndirectGotoStmt>(S))
      error(Diag::IndirectGotoInBlockedLoop, S->getBeginLoc());
    else if (const auto *C = dyn_cast<ContinueStmt>(S))
      if (St.ContinueDepth == 0 && !St.InInstructionBlock &&
          !St.PastChild.back())
        PreBlockContinues.push_back({C, St.Stack.back()});
  }

  /// A `goto` must stay in its part of a nest (see Part).
  void checkGotos() {
    for (const auto &[Goto, From] : Gotos) {
      const LabelDecl *Label = Goto->getLabel();
      auto It = LabelParts.find(Label);
      Part To = It == LabelParts.end() ? Part() : It->second;
      if (From == To)
        continue;
      if (From.World != To.World && !From.Nest && !To.Nest) {
        error(From.World ? Diag::GotoOutOfWorldLoop : Diag::GotoIntoWorldLoop,
              Goto->getGotoLoc());
        if (Label->getStmt())
          error(Diag::LabelHere, Label->getStmt()->getBeginLoc(),
                {Label->getName().str()});
        continue;
      }
      if (From.Nest && From.Nest != To.Nest)
        error(Diag::GotoOutOfBlockedLoop, Goto->getGotoLoc());
      else if (!From.Nest || From.Nest != To.Nest)
        error(Diag::GotoIntoBlockedLoop, Goto->getGotoLoc());
      else
        error(Diag::GotoAcrossBlocks, Goto->getGotoLoc());
      if (Label->getStmt())
        error(Diag::LabelHere, Label->getStmt()->getBeginLoc(),
              {Label->getName().str()});
    }
    Gotos.clear();
    LabelParts.clear();
  }

  /// Every directive written right before statement S.
  llvm::ArrayRef<const CollectedDirective *>
  allDirectivesAt(const Stmt *S) const {
    if (S->getBeginLoc().isInvalid())
      return {};
    auto It = AllByNextCode.find(
        SM.getExpansionLoc(S->getBeginLoc()).getRawEncoding());
    if (It == AllByNextCode.end())
      return {};
    return It->second;
  }

  /// Whether a directive of this kind is written before statement S.
  bool hasDirective(const Stmt *S, DirectiveKind Kind) const {
    return llvm::any_of(allDirectivesAt(S), [&](const CollectedDirective *D) {
      return D->Dir.Kind == Kind;
    });
  }

  bool isBefore(const CollectedDirective *A, const CollectedDirective *B) {
    return SM.isBeforeInTranslationUnit(A->ExtentBegin, B->ExtentBegin);
  }

  /// A directive that applies to the statement after it, written before
  /// `#pragma omp block`, would apply to the element loops of the whole tile.
  void checkDirectivesBeforeBlock(const CollectedDirective &Block,
                                  const Stmt *S) {
    for (const CollectedDirective *D : allDirectivesAt(S))
      if (D != &Block && isBefore(D, &Block) && !isStandalone(D->Dir))
        error(Diag::DirectiveBeforeBlock, D->Dir.Loc, {D->Dir.Name});
  }

  /// Directives that do not apply to the statement after them.
  static bool isStandalone(const Directive &D) {
    StringRef Name = D.Name;
    for (StringRef S : {"barrier", "flush", "taskwait", "taskyield", "cancel",
                        "cancellation point", "depobj", "scan",
                        "target enter data", "target exit data",
                        "target update", "interop", "error", "nothing",
                        "threadprivate", "allocate", "requires"})
      if (Name == S)
        return true;
    return Name.starts_with("declare") || Name.starts_with("begin") ||
           Name.starts_with("end");
  }

  /// A spin-wait written by the user: `while (cond) {}`, `while (cond);`,
  /// `do {} while (cond);`, or a `while`/`do` whose braced body only reads
  /// into local variables (`do { #pragma omp atomic read v = done[b]; }
  /// while (v < y);`) and may leave with `if (c) break;`. Written in the main
  /// file (not produced by a macro).
  bool isSpinLoop(const Stmt *S) const {
    const Stmt *Body = nullptr;
    if (const auto *W = dyn_cast<WhileStmt>(S))
      Body = W->getBody();
    else if (const auto *D = dyn_cast<DoStmt>(S))
      Body = D->getBody();
    if (!Body || !Body->getBeginLoc().isFileID() ||
        !Body->getEndLoc().isFileID())
      return false;
    if (isa<NullStmt>(Body))
      return true;
    const auto *C = dyn_cast<CompoundStmt>(Body);
    if (!C)
      return false;
    for (const Stmt *Part : C->body())
      if (!isSpinStep(Part))
        return false;
    return true;
  }

  /// A statement of a spin-wait's body: nothing, `local = expr` with no
  /// other effect (reading volatile memory is not one here), or
  /// `if (cond) break;`.
  bool isSpinStep(const Stmt *S) const {
    if (isa<NullStmt>(S))
      return true;
    if (const auto *If = dyn_cast<IfStmt>(S))
      return !If->getElse() && !If->getInit() && !If->getConditionVariable() &&
             isa<BreakStmt>(If->getThen()) && !hasEffects(If->getCond());
    const auto *Assign = dyn_cast<BinaryOperator>(S);
    if (!Assign || Assign->getOpcode() != BO_Assign)
      return false;
    const auto *Ref =
        dyn_cast<DeclRefExpr>(Assign->getLHS()->IgnoreParenImpCasts());
    const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    return Var && Var->hasLocalStorage() && !hasEffects(Assign->getRHS());
  }

  /// Whether E may change anything: a call (but a tile query), an
  /// assignment, an increment. Reading volatile memory does not count.
  static bool hasEffects(const Expr *E) {
    EffectFinder F;
    F.TraverseStmt(const_cast<Expr *>(E));
    return F.Found;
  }

  static bool isStatementChild(const Stmt *Parent, const Stmt *Child) {
    if (isa<CompoundStmt, CaseStmt, DefaultStmt, LabelStmt, AttributedStmt>(
            Parent))
      return true;
    if (const auto *F = dyn_cast<ForStmt>(Parent))
      return Child == F->getBody();
    if (const auto *W = dyn_cast<WhileStmt>(Parent))
      return Child == W->getBody();
    if (const auto *D = dyn_cast<DoStmt>(Parent))
      return Child == D->getBody();
    if (const auto *I = dyn_cast<IfStmt>(Parent))
      return Child == I->getThen() || Child == I->getElse();
    if (const auto *Sw = dyn_cast<SwitchStmt>(Parent))
      return Child == Sw->getBody();
    if (const auto *R = dyn_cast<CXXForRangeStmt>(Parent))
      return Child == R->getBody();
    return false;
  }

  void recordNested(const CollectedDirective *D, Stmt *S, State &St) {
    const Directive &Dir = D->Dir;
    if (Dir.Kind == DirectiveKind::WorldParallelFor) {
      if (!isa<ForStmt>(S))
        return error(Diag::ExpectedForLoop, Dir.Loc, {Dir.Name});
      auto World = std::make_unique<WorldLoop>();
      for (const auto &[Name, Loc] : Dir.WorldVars) {
        const ValueDecl *V = lookupValue(Name, St.Function, Dir.Loc, Ctx);
        if (!V)
          error(Diag::WorldUnknownVar, Loc, {Name});
        else if (const auto *Var = dyn_cast<VarDecl>(V);
                 Var && llvm::is_contained(World->Vars, Var))
          error(Diag::WorldVarTwice, Loc, {Name});
        else if (Var)
          World->Vars.push_back(Var);
        else
          error(Diag::WorldVariableKind, Loc, {Name});
      }
      if (!St.Stack.empty())
        return error(Diag::WorldInBlockedNest, Dir.Loc);
      World->Function = St.Function;
      World->Id = Result.Model.WorldLoops.size();
      World->Pragma = D;
      World->For = cast<ForStmt>(S);
      St.World = World.get();
      Result.Model.WorldLoops.push_back(std::move(World));
      return;
    }
    // `single` in a world loop outside its blocked nests: once in the world
    // (EXTENSIONS.md 3.2), which the lowering must see.
    if (!St.Nest && St.World && !St.SharedRegions &&
        Dir.Kind == DirectiveKind::Single) {
      if (!editable(S, Dir))
        return;
      St.World->Singles.push_back({D, S, NextDirectiveId++, nullptr});
    }
    // `critical` there too: world-wide (EXTENSIONS.md 3.2), a world lock
    // per name; a `barrier` has no meaning there.
    if (!St.Nest && St.World && !St.SharedRegions && Dir.Name == "critical") {
      if (!editable(S, Dir))
        return;
      const std::string &Name = Dir.CriticalName;
      auto &Names = St.World->CriticalNames;
      auto It = llvm::find(Names, Name);
      St.World->CriticalLock.push_back(It - Names.begin());
      if (It == Names.end())
        Names.push_back(Name);
      St.World->Criticals.push_back({D, S, NextDirectiveId++, nullptr});
    }
    if (!St.Nest && St.World && !St.SharedRegions && Dir.Name == "barrier")
      return error(Diag::WorldBarrier, Dir.Loc);
    if (!St.Nest)
      return; // a standard single/atomic outside nests keeps its meaning
    if (Dir.Kind == DirectiveKind::Single) {
      if (St.InInstructionBlock)
        return error(Diag::SingleInInstructionBlock, Dir.Loc);
      for (const PassThroughClause &C : Dir.Clauses)
        if (C.Name != "nowait")
          return error(Diag::SingleClauseNotSupported, C.Loc, {C.Name});
      if (!editable(S, Dir))
        return;
      St.Nest->Singles.push_back({D, S, NextDirectiveId++, St.Stack.back()});
    } else if (Dir.Kind == DirectiveKind::Atomic && !Dir.HasMemoryOrder) {
      if (!editable(S, Dir))
        return;
      St.Nest->Atomics.push_back({D, S, NextDirectiveId++, St.Stack.back()});
    }
  }

  /// The statement of `Loop`'s body that holds `S` when S is not itself a
  /// statement of that body (or the body), else null.
  static const Stmt *statementAround(const ForStmt *Loop, const Stmt *S) {
    const Stmt *Body = Loop->getBody();
    if (Body == S)
      return nullptr;
    const auto *Compound = dyn_cast<CompoundStmt>(Body);
    if (!Compound)
      return Body;
    for (const Stmt *Child : Compound->body()) {
      if (!holds(Child, S))
        continue;
      // `#pragma omp block` may follow labels of the body's statement.
      const Stmt *Inner = Child;
      while (const auto *L = dyn_cast<LabelStmt>(Inner))
        Inner = L->getSubStmt();
      return Inner == S ? nullptr : Child;
    }
    return Body;
  }
  static bool holds(const Stmt *Outer, const Stmt *S) {
    if (Outer == S)
      return true;
    for (const Stmt *Child : Outer->children())
      if (Child && holds(Child, S))
        return true;
    return false;
  }
  /// How a diagnostic names a statement: "an 'if' statement".
  static std::string describe(const Stmt *S) {
    if (const auto *L = dyn_cast<LabelStmt>(S))
      return describe(L->getSubStmt());
    if (isa<IfStmt>(S))
      return "an 'if' statement";
    if (isa<ForStmt, CXXForRangeStmt>(S))
      return "a 'for' loop";
    if (isa<WhileStmt>(S))
      return "a 'while' loop";
    if (isa<DoStmt>(S))
      return "a 'do' loop";
    if (isa<SwitchStmt>(S))
      return "a 'switch' statement";
    if (isa<CompoundStmt>(S))
      return "a compound statement";
    return "another statement";
  }

  void walkInstructionBlock(const CollectedDirective *D, Stmt *S, State &St,
                            const std::vector<const CollectedDirective *> &After) {
    if (St.Stack.empty()) {
      error(Diag::BlockOutsideBlockedLoop, D->Dir.Loc);
      return walkChildren(S, St);
    }
    if (St.Nest->BlockPragma) {
      St.Nest->Failed = true;
      error(Diag::TwoBlocksInNest, D->Dir.Loc);
      error(Diag::PreviousBlockHere, St.Nest->BlockPragma->Dir.Loc);
      return walkChildren(S, St);
    }
    // The element loops replace the instruction block in the loop's body:
    // a statement around it (an `if`, a plain loop) would stay outside them
    // and run once per tile, with the loop variable at the tile's start.
    if (const Stmt *Around = statementAround(St.Stack.back()->For, S)) {
      St.Nest->Failed = true;
      error(Diag::BlockInsideStatement, D->Dir.Loc,
            {describe(Around)});
      Skipped.push_back(S->getSourceRange());
      return;
    }
    if (isa<DeclStmt>(S)) {
      St.Nest->Failed = true;
      error(Diag::InstructionBlockDeclaration, S->getBeginLoc());
      Skipped.push_back(S->getSourceRange());
      return;
    }
    if (!editable(S, D->Dir)) {
      St.Nest->Failed = true;
      Skipped.push_back(S->getSourceRange());
      return;
    }
    St.Nest->BlockPragma = D;
    St.Nest->InstructionBlock = S;
    St.BlockOwner = St.Stack.back();
    bool Saved = St.InInstructionBlock;
    St.InInstructionBlock = true;
    // Directives after `omp block` apply to the statement inside the
    // element loops: they belong to the instruction block.
    for (const CollectedDirective *Other : After)
      recordNested(Other, S, St);
    unsigned SavedContinueDepth = St.ContinueDepth;
    St.ContinueDepth = 0;
    walk(S, /*StatementPosition=*/false, St);
    St.ContinueDepth = SavedContinueDepth;
    St.InInstructionBlock = Saved;
    St.PastChild.back() = true;
  }

  /// A `_Pragma` that a macro's expansion produced: the file holds the
  /// macro's name where the directive is.
  bool expandedFromMacro(const Directive &Dir) const {
    if (!Dir.IsPragmaOperator)
      return false;
    const SourceManager &SM = Ctx.getSourceManager();
    SourceLocation Loc = SM.getExpansionLoc(Dir.Loc);
    bool Invalid = false;
    const char *Text = SM.getCharacterData(Loc, &Invalid);
    return !Invalid && !llvm::StringRef(Text).starts_with("_Pragma");
  }

  void walkDirectedLoop(const CollectedDirective *D, Stmt *S, State &St) {
    const Directive &Dir = D->Dir;
    auto *For = dyn_cast<ForStmt>(S);
    if (!For) {
      if (isa<CXXForRangeStmt>(S) && Dir.Blocked)
        error(Diag::RangeForNotSupported, Dir.Loc);
      else if (expandedFromMacro(Dir))
        // A macro that expands to the directive and its loop: the
        // statement found after the directive in the file is not its loop.
        error(Dir.Kind == DirectiveKind::WorldParallelFor
                  ? Diag::WorldLoopFromMacro
                  : Diag::LoopFromMacro,
              Dir.Loc);
      else
        error(Diag::ExpectedForLoop, Dir.Loc, {Dir.Name});
      return walkChildren(S, St);
    }
    if (Dir.Kind == DirectiveKind::WorldParallelFor) {
      WorldLoop *Saved = St.World;
      if (Saved) {
        error(Diag::WorldInWorldLoop, Dir.Loc);
        error(Diag::OuterWorldLoopHere, Saved->Pragma->Dir.Loc);
        return walkChildren(S, St);
      }
      unsigned SavedWorldBreak = St.WorldBreakDepth;
      unsigned SavedWorldTry = St.WorldTryDepth;
      // walkChildren counts the loop itself: its body's `break`s are at
      // one more than now.
      St.WorldBreakDepth = St.BreakDepth + 1;
      St.WorldTryDepth = St.TryDepth;
      recordNested(D, S, St);
      walkChildren(S, St);
      St.World = Saved;
      St.WorldBreakDepth = SavedWorldBreak;
      St.WorldTryDepth = SavedWorldTry;
      return;
    }
    // The lowering rewrites the header and edits around the body.
    if (For->getBeginLoc().isMacroID() || For->getRParenLoc().isMacroID() ||
        !fileRangeOf(For->getBody(), Ctx)) {
      error(Diag::LoopFromMacro, Dir.Loc);
      Skipped.push_back(For->getSourceRange());
      // The enclosing nest is not what the user wrote without this loop:
      // its own checks would report errors that are not there.
      if (St.Nest)
        St.Nest->Failed = true;
      return;
    }
    if (!editable(For->getBody(), Dir)) {
      Skipped.push_back(For->getSourceRange());
      if (St.Nest)
        St.Nest->Failed = true;
      return;
    }
    if (St.InInstructionBlock) {
      error(Diag::BlockedInInstructionBlock, Dir.Loc);
      return walkChildren(S, St);
    }
    if (!checkSizeType(Dir, St))
      return walkChildren(S, St);
    LoopFormResult Form =
        analyzeLoopForm(For, Ctx, Dir.ScheduleLoc.isValid() ? Dir.ScheduleLoc
                                                           : Dir.Loc);
    if (!Form.Loop) {
      Result.Diags.insert(Result.Diags.end(), Form.Diags.begin(),
                          Form.Diags.end());
      return walkChildren(S, St);
    }
    for (BlockedLoop *Outer : St.Stack)
      for (const Expr *E : {Form.Loop->Init, Form.Loop->Bound, Form.Loop->Step})
        if (refersTo(E, Outer->Form.Var)) {
          // The directives inside go with the loop (no second error at
          // its `block`).
          Skipped.push_back(For->getSourceRange());
          St.Nest->Failed = true;
          return error(Diag::NestedBoundDependsOnOuter, Dir.Loc,
                       {Outer->Form.VarName});
        }
    if (!loopTypeFitsEveryInstance(*Form.Loop, Dir, St)) {
      Skipped.push_back(For->getSourceRange());
      if (St.Nest)
        St.Nest->Failed = true;
      return;
    }
    if (!St.Stack.empty() && boundVariesWithOuterRows(*Form.Loop, Dir, St)) {
      Skipped.push_back(For->getSourceRange());
      St.Nest->Failed = true;
      return;
    }

    // Queries in the header belong to the enclosing loop; the header's text
    // is copied by the lowering, so they are collected apart.
    QueryFinder HeaderQueries;
    if (!St.Stack.empty()) {
      HeaderQueries.TraverseStmt(For->getInit());
      HeaderQueries.TraverseStmt(For->getCond());
      HeaderQueries.TraverseStmt(For->getInc());
    }
    if (!St.Stack.empty() && !checkNestedClauses(Dir)) {
      St.Nest->Failed = true;
      Skipped.push_back(For->getSourceRange());
      return;
    }

    bool Root = St.Stack.empty();
    std::unique_ptr<TiledNest> NewNest;
    if (Root) {
      NewNest = std::make_unique<TiledNest>();
      NewNest->Id = NextNestId++;
      NewNest->Function = St.Function;
      NewNest->World = St.World;
      if (St.World)
        St.World->Nests.push_back(NewNest.get());
      St.Nest = NewNest.get();
      St.BlockOwner = nullptr;
    }
    auto Loop = std::make_unique<BlockedLoop>();
    Loop->Pragma = D;
    Loop->For = For;
    Loop->Form = std::move(*Form.Loop);
    Loop->HeaderQueries = std::move(HeaderQueries.Found);
    // The root's clauses stay on its directive; a nested loop's `private`
    // becomes declarations in its tile.
    for (const PassThroughClause &C : Dir.Clauses)
      if (C.Name == "private" && !Root)
        for (const std::string &V : clauseVariables(C))
          Loop->PrivateVars.push_back(V);
    if (!Root) {
      BlockedLoop *Parent = St.Stack.back();
      if (Parent->Child) {
        St.Nest->Failed = true;
        error(Diag::TwoNestedBlockedLoops, Dir.Loc);
        error(Diag::NestedBlockedLoopHere, Parent->Child->Pragma->Dir.Loc);
        Skipped.push_back(For->getSourceRange());
        return;
      }
      // The nested loop's tiles replace it in the enclosing tile's code: a
      // statement around it would be pre-block code, run once per tile.
      if (const Stmt *Around = statementAround(Parent->For, For)) {
        St.Nest->Failed = true;
        error(Diag::NestedLoopInsideStatement, Dir.Loc,
              {describe(Around), Parent->Form.VarName});
        Skipped.push_back(For->getSourceRange());
        return;
      }
      Loop->Parent = Parent;
      Loop->Level = Parent->Level + 1;
      Parent->Child = Loop.get();
    }
    BlockedLoop *Current = Loop.get();
    St.Nest->Loops.push_back(std::move(Loop));

    unsigned SavedBreakDepth = St.BreakDepth;
    unsigned SavedContinueDepth = St.ContinueDepth;
    St.BreakDepth = 0;
    St.ContinueDepth = 0;
    St.Stack.push_back(Current);
    St.PastChild.push_back(false);
    walk(For->getBody(), /*StatementPosition=*/true, St);
    St.Stack.pop_back();
    St.PastChild.pop_back();
    if (!St.PastChild.empty())
      St.PastChild.back() = true;
    St.BreakDepth = SavedBreakDepth;
    St.ContinueDepth = SavedContinueDepth;

    if (Root) {
      finishNest(*NewNest, St);
      Result.Model.Nests.push_back(std::move(NewNest));
      St.Nest = nullptr;
      St.BlockOwner = nullptr;
    }
  }

  /// A size that is a string or names a variable of a non-integer type is
  /// an error here, at the user's pragma; other expressions are checked by
  /// clang when the lowered code is compiled.
  /// A loop variable of a dependent type (`It p` in a template) must be an
  /// integer or a pointer in every instantiation: an iterator failed inside
  /// the lowered code's helpers, with notes of generated text.
  bool loopTypeFitsEveryInstance(const CanonicalLoop &L, const Directive &Dir,
                                 const State &St) {
    if (!L.Var->getType()->isDependentType())
      return true;
    for (const FunctionDecl *Instance : instantiationsOf(St.Function)) {
      const VarDecl *V = variableAt(Instance, L.Var->getLocation());
      if (!V)
        continue;
      QualType T = V->getType();
      if (T->isPointerType() ||
          (T->isIntegerType() && !T->isBooleanType() &&
           Ctx.getTypeSize(T) <= 64))
        continue;
      error(Diag::NonCanonicalVarType, Dir.ScheduleLoc.isValid()
                                           ? Dir.ScheduleLoc
                                           : Dir.Loc,
            {L.VarName});
      std::string Name;
      llvm::raw_string_ostream OS(Name);
      Instance->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), true);
      SourceLocation Where = Instance->getPointOfInstantiation();
      error(Diag::InstantiationHere,
            Where.isValid() ? Where : Instance->getLocation(), {OS.str()});
      return false;
    }
    return true;
  }

  /// A nested loop's header must not read a variable that varies with the
  /// enclosing loops' rows (`int m = x + 1;` in the pre-block, then `y < m`):
  /// the pre-block runs once per tile, so every row of the tile would take
  /// the first row's bounds. Reported like a bound naming `x` itself.
  /// The first of `Globals` that a function E calls may read: one its
  /// visible body (or those of the functions it calls) names, or, for a
  /// call the analysis cannot see into (no body here: the analysis parse
  /// skips the bodies of functions from headers; a virtual function, a call
  /// through a pointer), `Unknown`. A system header's function reads no
  /// global of the program unless it is given something to call. Builtins and the OpenMP
  /// runtime's functions (`omp_...`, tile queries among
  /// them) read none. So `j < lim()` with `int lim(void) { return 100; }`,
  /// or `j < v.size()`, does not vary with the rows because the body
  /// writes some global array.
  static const VarDecl *calleeReads(const Expr *E,
                                    const std::set<const VarDecl *> &Globals,
                                    const VarDecl *Unknown) {
    class Finder : public RecursiveASTVisitor<Finder> {
    public:
      Finder(const std::set<const VarDecl *> &Globals, const VarDecl *Unknown)
          : Globals(Globals), Unknown(Unknown) {}
      bool VisitCallExpr(CallExpr *C) {
        const FunctionDecl *F = C->getDirectCallee();
        if (F && F->getIdentifier() && F->getName().starts_with("omp_"))
          return true;
        // A builtin reads only what its arguments name (`__builtin_memcpy`),
        // which the traversal sees: `__builtin_unreachable()` in
        // std::vector::size reads nothing.
        if (F && F->getBuiltinID())
          return true;
        // A system header's function cannot name the program's globals;
        // it reads what its arguments give it (traversed here), unless one
        // of them is something it calls back (a function, a lambda).
        if (F && F->getASTContext().getSourceManager().isInSystemHeader(
                     F->getLocation()) &&
            !passesCallable(C))
          return true;
        const FunctionDecl *Definition = F ? F->getDefinition() : nullptr;
        // A member of a class template instance not yet instantiated (the
        // analysis runs before the end of the translation unit): the
        // template's own body names the same globals.
        if (F && (!Definition || !Definition->getBody()))
          if (const FunctionDecl *Pattern = F->getTemplateInstantiationPattern())
            Definition = Pattern->getDefinition();
        const auto *Method = dyn_cast_or_null<CXXMethodDecl>(F);
        if (!Definition || !Definition->getBody() ||
            (Method && Method->isVirtual())) {
          Found = Unknown;
          return false;
        }
        if (Seen.insert(Definition).second) {
          if (Seen.size() > 64) { // too deep to follow: assume the worst
            Found = Unknown;
            return false;
          }
          TraverseStmt(Definition->getBody());
        }
        return !Found;
      }
      bool VisitDeclRefExpr(DeclRefExpr *R) {
        // Only inside the bodies of called functions: the bound's own
        // names are refersToAny's.
        if (Seen.empty())
          return true;
        if (const auto *V = dyn_cast<VarDecl>(R->getDecl()))
          if (Globals.count(V))
            Found = V;
        return !Found;
      }
      static bool passesCallable(const CallExpr *C) {
        for (const Expr *Arg : C->arguments()) {
          QualType T = Arg->getType().getNonReferenceType();
          if (T->isFunctionPointerType() || T->isFunctionType() ||
              T->isMemberFunctionPointerType() || T->isBlockPointerType())
            return true;
          if (const auto *Record = T->getAsCXXRecordDecl())
            if (Record->isLambda() ||
                (Record->hasDefinition() &&
                 !Record->lookup(Record->getASTContext()
                                     .DeclarationNames.getCXXOperatorName(
                                         OO_Call))
                      .empty()))
              return true;
        }
        return false;
      }
      const std::set<const VarDecl *> &Globals;
      const VarDecl *Unknown;
      std::set<const FunctionDecl *> Seen;
      const VarDecl *Found = nullptr;
    } F(Globals, Unknown);
    if (E)
      F.TraverseStmt(const_cast<Expr *>(E));
    return F.Found;
  }

  bool boundVariesWithOuterRows(const CanonicalLoop &L, const Directive &Dir,
                                const State &St) {
    std::set<const VarDecl *> Seeds;
    for (BlockedLoop *Outer : St.Stack)
      Seeds.insert(Outer->Form.Var);
    std::vector<VariableWrite> Writes =
        variableWrites(St.Stack.front()->For->getBody());
    std::set<const VarDecl *> Varying = varyingVariables(Seeds, Writes);
    for (const VarDecl *Seed : Seeds)
      Varying.erase(Seed);
    // A function the bounds call may read a global the pre-block sets
    // (`gx = x + 1;` then `y < getgx()`).
    const VarDecl *VaryingGlobal = nullptr;
    std::set<const VarDecl *> VaryingGlobals;
    for (const VariableWrite &W : Writes) // the first set, in source order
      if (Varying.count(W.Var) && W.Var->hasGlobalStorage()) {
        if (!VaryingGlobal)
          VaryingGlobal = W.Var;
        VaryingGlobals.insert(W.Var);
      }
    for (const Expr *E : {L.Init, L.Bound, L.Step}) {
      const VarDecl *Through = refersToAny(E, Varying);
      if (!Through && VaryingGlobal)
        Through = calleeReads(E, VaryingGlobals, VaryingGlobal);
      if (!Through)
        continue;
      // Named after the innermost enclosing loop, whose pre-block runs
      // right before this loop.
      const BlockedLoop *Outer = St.Stack.back();
      error(Diag::NestedBoundDependsOnOuterThrough, Dir.Loc,
            {Outer->Form.VarName, Through->getNameAsString()});
      for (const VariableWrite &W : Writes)
        if (W.Var == Through) {
          error(Diag::VariableSetHere, W.Loc, {Through->getNameAsString()});
          break;
        }
      return true;
    }
    return false;
  }

  /// `float` or `double` when a tile size is arithmetic without calls,
  /// casts, subscripts or members and has a floating literal (`n * 0.5`);
  /// empty otherwise.
  static std::string floatingLiteralType(StringRef Text) {
    if (Text.find_first_of("([\"'") != StringRef::npos || Text.contains("->"))
      return "";
    for (size_t I = 0; I < Text.size(); ++I) {
      bool Starts = (isDigit(Text[I]) || (Text[I] == '.' && I + 1 < Text.size() &&
                                          isDigit(Text[I + 1]))) &&
                    (I == 0 || !isAsciiIdentifierContinue(Text[I - 1]));
      if (Text[I] == '.' && !Starts)
        return ""; // a member: `s.v`
      if (!Starts)
        continue;
      size_t J = I;
      while (J < Text.size() &&
             (isAsciiIdentifierContinue(Text[J]) || Text[J] == '.' ||
              ((Text[J] == '+' || Text[J] == '-') &&
               StringRef("eEpP").contains(Text[J - 1]))))
        ++J;
      StringRef Number = Text.slice(I, J);
      bool Hex = Number.starts_with_insensitive("0x");
      if (Number.contains('.') ||
          Number.find_first_of(Hex ? "pP" : "eE") != StringRef::npos)
        return Number.ends_with_insensitive("f") && !Hex ? "float" : "double";
      I = J - 1;
    }
    return "";
  }

  /// The type of a tile size that is an address (`&n`) or, in C, a
  /// function's name or a call of one (`f`, `g(3)`), when it is no
  /// integer; empty otherwise. (Clang's own message would name the
  /// lowering's `__int128`.)
  std::string addressOrFunctionType(StringRef Text, const State &St,
                                    const Directive &Dir) {
    bool Address = Text.consume_front("&");
    Text = Text.trim();
    size_t Paren = Text.find('(');
    bool Call = !Address && Paren != StringRef::npos && Text.ends_with(")");
    StringRef Ident = (Call ? Text.take_front(Paren) : Text).trim();
    if (Ident.empty() || !isAsciiIdentifierStart(Ident.front()) ||
        !llvm::all_of(Ident, [](char C) { return isAsciiIdentifierContinue(C); }))
      return "";
    PrintingPolicy Policy(Ctx.getLangOpts());
    const ValueDecl *Value = lookupValue(Ident, St.Function, Dir.Loc, Ctx);
    if (Address)
      return Value ? Ctx.getPointerType(Value->getType().getNonReferenceType())
                         .getAsString(Policy)
                   : "";
    if (Value || Ctx.getLangOpts().CPlusPlus) // C++: overloads may differ
      return "";
    for (const NamedDecl *D :
         Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get(Ident)))
      if (const auto *F = dyn_cast<FunctionDecl>(D)) {
        QualType T = Call ? F->getReturnType() : F->getType();
        return T->isIntegralOrUnscopedEnumerationType() ? ""
                                                        : T.getAsString(Policy);
      }
    return "";
  }

  bool checkSizeType(const Directive &Dir, const State &St) {
    if (!Dir.BlockSize || Dir.BlockSize->Constant)
      return true;
    // Names of constants (`enum { ROWS = 1 }`, `const int R = 4`) make a
    // constant size: the dependence check compares it with the distances.
    ConstantValue V = evaluateConstantExpr(
        Dir.BlockSize->Tokens, [&](StringRef Name) {
          return integerConstantNamed(Name, St.Function, Dir.Loc, Ctx);
        });
    if (V.Kind == ConstantValue::TooLarge) {
      error(Diag::BlockedSizeTooLarge, Dir.BlockSize->Loc);
      return false;
    }
    if (V.Kind == ConstantValue::Ok) {
      if (V.Value <= 0) {
        error(Diag::BlockedSizeNotPositive, Dir.BlockSize->Loc);
        return false;
      }
      Dir.BlockSize->Constant = V.Value;
      return true;
    }
    StringRef Text = StringRef(Dir.BlockSize->Text).trim();
    std::string TypeName;
    if (Text.starts_with("\"") && Text.ends_with("\"") && Text.size() >= 2)
      TypeName = Text.contains('\\')
                     ? std::string("char *")
                     : "char[" + std::to_string(Text.size() - 1) + "]";
    if (TypeName.empty() && !Text.empty() &&
        llvm::all_of(Text, [](char C) { return isAsciiIdentifierContinue(C); }) &&
        isAsciiIdentifierStart(Text.front()))
      if (const ValueDecl *D =
              lookupValue(Text, St.Function, Dir.Loc, Ctx)) {
        QualType T = D->getType().getNonReferenceType();
        if (!T->isDependentType() && !T->isIntegralOrUnscopedEnumerationType())
          TypeName = T.getAsString(PrintingPolicy(Ctx.getLangOpts()));
      }
    // Arithmetic without calls, casts, subscripts or members (`k * 2`): a
    // floating operand makes the whole size floating.
    if (TypeName.empty() && Text.find_first_of("([.\"'") == StringRef::npos &&
        !Text.contains("->"))
      for (size_t I = 0; I < Text.size() && TypeName.empty();) {
        if (!isAsciiIdentifierStart(Text[I]) ||
            (I > 0 && isAsciiIdentifierContinue(Text[I - 1]))) {
          ++I;
          continue;
        }
        size_t J = I;
        while (J < Text.size() && isAsciiIdentifierContinue(Text[J]))
          ++J;
        if (const ValueDecl *D =
                lookupValue(Text.slice(I, J), St.Function, Dir.Loc, Ctx)) {
          QualType T = D->getType().getNonReferenceType();
          if (T->isRealFloatingType())
            TypeName = T.getAsString(PrintingPolicy(Ctx.getLangOpts()));
        }
        I = J;
      }
    if (TypeName.empty())
      TypeName = floatingLiteralType(Text);
    if (TypeName.empty())
      TypeName = addressOrFunctionType(Text, St, Dir);
    if (TypeName.empty())
      return true;
    error(Diag::BlockedSizeType, Dir.BlockSize->Loc, {TypeName});
    return false;
  }

  /// A nested blocked loop runs sequentially inside its parent's tile: of
  /// the worksharing clauses only `private` (and a harmless `nowait`) keep a
  /// meaning there.
  bool checkNestedClauses(const Directive &Dir) {
    for (const PassThroughClause &C : Dir.Clauses)
      if (C.Name != "private" && C.Name != "nowait") {
        error(Diag::ClauseOnNestedBlockedLoop, C.Loc, {C.Name});
        return false;
      }
    return true;
  }

  /// Rules that need the whole nest.
  void finishNest(TiledNest &Nest, State &St) {
    auto Continues = std::move(PreBlockContinues);
    auto Decls = std::move(PreBlockDecls);
    PreBlockContinues.clear();
    PreBlockDecls.clear();
    if (Nest.Failed)
      return;
    // Without `omp block`, the innermost body is the instruction block,
    // where `continue` ends the iteration.
    for (const auto &[Continue, Loop] : Continues)
      if (Nest.BlockPragma || Loop != &Nest.innermost())
        error(Diag::ContinueInPreBlock, Continue->getBeginLoc());
    if (Nest.InstructionBlock)
      checkShadowedLoopVariables(Nest, Decls);
    if (Nest.BlockPragma && St.BlockOwner && St.BlockOwner->Child) {
      error(Diag::BlockNotInnermost, Nest.BlockPragma->Dir.Loc);
      error(Diag::NestedBlockedLoopHere,
            St.BlockOwner->Child->Pragma->Dir.Loc);
      return;
    }
    if (!Nest.BlockPragma && !blockFromInclude(Nest)) {
      for (const auto &L : Nest.Loops)
        if (L->Child && !bodyIsOnly(L->For->getBody(), L->Child->For)) {
          error(Diag::StatementsNeedBlock, L->Pragma->Dir.Loc);
          return;
        }
      // The innermost body is the instruction block.
      for (const NestedDirective &S : Nest.Singles)
        if (S.Owner == &Nest.innermost()) {
          error(Diag::SingleInInstructionBlock, S.Pragma->Dir.Loc);
          return;
        }
    }
    const Stmt *Instr = Nest.InstructionBlock
                            ? Nest.InstructionBlock
                            : Nest.innermost().For->getBody();
    collectAccesses(Nest, Ctx);
    classifyNest(Nest, Ctx);
    ElemSizeFinder Sizes(Ctx);
    Sizes.TraverseStmt(const_cast<Stmt *>(Instr));
    if (Sizes.Max)
      Nest.ElemSize = Sizes.Max;
    std::vector<PendingDiag> LocalDiags = checkBlockLocals(Nest, Ctx);
    Result.Diags.insert(Result.Diags.end(), LocalDiags.begin(),
                        LocalDiags.end());
  }

  /// The element loops at `#pragma omp block` assign every level's loop
  /// variable by name: a pre-block declaration of the same name in scope
  /// there would be assigned instead.
  void checkShadowedLoopVariables(const TiledNest &Nest,
                                  const std::vector<PreBlockDecl> &Decls) {
    SourceLocation Instr = Nest.InstructionBlock->getBeginLoc();
    for (const PreBlockDecl &D : Decls) {
      SourceRange Scope = D.Scope->getSourceRange();
      if (!SM.isBeforeInTranslationUnit(D.Var->getLocation(), Instr) ||
          !SM.isBeforeInTranslationUnit(Scope.getBegin(), Instr) ||
          !SM.isBeforeInTranslationUnit(Instr, Scope.getEnd()))
        continue;
      for (const auto &L : Nest.Loops)
        if (L->Form.Var != D.Var && D.Var->getIdentifier() &&
            L->Form.VarName == D.Var->getName()) {
          error(Diag::ShadowsLoopVariable, D.Var->getLocation(),
                {L->Form.VarName});
          error(Diag::LoopVariableHere, L->Form.Var->getLocation(),
                {L->Form.VarName});
        }
    }
  }

  static bool bodyIsOnly(const Stmt *Body, const Stmt *Child) {
    if (Body == Child)
      return true;
    const auto *Compound = dyn_cast<CompoundStmt>(Body);
    if (!Compound)
      return false;
    unsigned Count = 0;
    bool HasChild = false;
    for (const Stmt *S : Compound->body()) {
      if (isa<NullStmt>(S))
        continue;
      ++Count;
      HasChild |= S == Child;
    }
    return Count == 1 && HasChild;
  }
};

class FunctionVisitor : public RecursiveASTVisitor<FunctionVisitor> {
public:
  FunctionVisitor(Builder &B, const SourceManager &SM) : B(B), SM(SM) {}
  bool VisitFunctionDecl(FunctionDecl *F) {
    if (F->doesThisDeclarationHaveABody() &&
        SM.isInMainFile(SM.getExpansionLoc(F->getLocation())))
      B.walkFunctionBody(F);
    return true;
  }
  /// A lambda outside every function (a global's initializer, a default
  /// member initializer): no function walk reaches its body. (Lambdas in
  /// functions are walked with them.)
  bool VisitLambdaExpr(LambdaExpr *L) {
    const CXXMethodDecl *Call = L->getCallOperator();
    if (!L->getLambdaClass()->getDeclContext()->isFunctionOrMethod() &&
        Call->doesThisDeclarationHaveABody() &&
        SM.isInMainFile(SM.getExpansionLoc(L->getBeginLoc())))
      B.walkFunctionBody(Call);
    return true;
  }

private:
  Builder &B;
  const SourceManager &SM;
};

} // namespace

std::vector<std::string> clauseVariables(const PassThroughClause &Clause) {
  StringRef Text = Clause.Text;
  size_t Open = Text.find('('), Close = Text.rfind(')');
  if (Open == StringRef::npos || Close == StringRef::npos || Close < Open)
    return {};
  StringRef List = Text.slice(Open + 1, Close);
  size_t Colon = List.find(':');
  if (Colon != StringRef::npos && List.find("::") != Colon)
    List = List.drop_front(Colon + 1);
  std::vector<std::string> Vars;
  SmallVector<StringRef, 4> Items;
  List.split(Items, ',');
  for (StringRef Item : Items)
    if (!Item.trim().empty())
      Vars.push_back(Item.trim().str());
  return Vars;
}

NestBuildResult buildNests(ASTContext &Ctx,
                           const std::vector<CollectedDirective> &Directives) {
  Builder B(Ctx, Directives);
  FunctionVisitor V(B, Ctx.getSourceManager());
  V.TraverseDecl(Ctx.getTranslationUnitDecl());
  return B.finish();
}

} // namespace orbis
