/// \file
/// CPU lowering (see HostLowering.h). Emission is split by the places the
/// edits go: the outermost directive (region set-up), each blocked loop's
/// header and body, the instruction block, and the directives inside the
/// nest. All names the lowering introduces start with `__orbis_` and carry
/// the nest id and level, so nests never clash.
#include "HostLowering.h"
#include "LockstepCarry.h"
#include "WorldLowering.h"

#include "orbis/RowSchedule.h"
#include "orbis/SingleWriterCounter.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/QualTypeNames.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <orbis/tile.h> // the generated code's interface: one definition

#include <algorithm>
#include <set>

using namespace clang;

namespace orbis {

namespace {

/// The braced initializer of requestedBlockSize. The opening brace goes on
/// the expression's line, just before it: clang quotes the first line of a
/// message's range, which then holds the expression rather than generated
/// code.
std::string blockSizeInitializer(const BlockSizeArg &Size,
                                 const SourceManager &SM) {
  if (!Size.Loc.isFileID() || StringRef(Size.Text).contains('\n'))
    return "{(" + Size.Text + ")}";
  std::string Line = presumedLineDirective(SM, Size.Loc);
  unsigned Column = SM.getPresumedLoc(Size.Loc).getColumn();
  // Errors even in generated code, whose warnings are all off.
  return "\n#pragma clang diagnostic push"
         "\n#pragma clang diagnostic error \"-Wfloat-conversion\""
         "\n#pragma clang diagnostic error \"-Wc++11-narrowing\"\n" +
         Line +
         (Column >= 2 ? std::string(Column - 2, ' ') + "{" : "{\n" + Line) +
         Size.Text + "}\n#pragma clang diagnostic pop\n" + Line;
}

} // namespace

std::string requestedBlockSize(const std::optional<BlockSizeArg> &Size,
                               const std::string &SizeVar,
                               const std::string &SiteVar,
                               const SourceManager &SM,
                               std::string &Declarations) {
  if (!Size)
    return "ORBIS_BLOCK_SIZE_AUTO";
  if (Size->Constant)
    return std::to_string(*Size->Constant);
  // A braced initialization: clang's errors about the expression's type
  // point at the expression itself; __int128 holds any 64-bit integer
  // without narrowing, and narrowing a floating value to it is an error in
  // C++ (and -Wfloat-conversion is one in C).
  Declarations += "__extension__ __int128 " + SizeVar + " = " +
                  blockSizeInitializer(*Size, SM) + "; ";
  // A value beyond 64 bits (an unsigned type's) is beyond every loop's
  // iterations: one tile, as for a constant.
  return "orbis_block_size_arg(" + SizeVar +
         " > 0x7fffffffffffffff ? 0x7fffffffffffffffLL : (long long)" +
         SizeVar + ", &" + SiteVar + ")";
}

/// libtile's name of a loop's comparison (C++ needs the enumerator).
const char *compareName(LoopCompare Compare) {
  static const char *const Names[] = {"ORBIS_CMP_LT", "ORBIS_CMP_LE",
                                      "ORBIS_CMP_GT", "ORBIS_CMP_GE",
                                      "ORBIS_CMP_NE"};
  return Names[static_cast<int>(Compare)];
}

namespace {

} // namespace

/// The text lowered files start with.
llvm::StringRef hostPrologue() {
  // <orbis/tile.h> defines __orbis_drop, which swallows the size argument of
  // a verbatim `schedule(blocked, size)` (see verbatimDirective).
  return "#include <orbis/tile.h>\n";
}

namespace {


/// Insertion orders at one offset: openers of outer levels first, closers of
/// inner constructs first.
constexpr int OrderOpenLoop = -100;   // + level
constexpr int OrderOpenSpin = -50;
constexpr int OrderOpenWrap = -10;   // acquire loads, counter updates
constexpr int OrderCloseWrap = 10;
constexpr int OrderCloseSpin = 30;
constexpr int OrderCloseSingle = 40;
constexpr int OrderCloseElements = 50;
constexpr int OrderCloseLoop = 100;   // - level

static_assert(int(LoopCompare::LT) == ORBIS_CMP_LT &&
                  int(LoopCompare::LE) == ORBIS_CMP_LE &&
                  int(LoopCompare::GT) == ORBIS_CMP_GT &&
                  int(LoopCompare::GE) == ORBIS_CMP_GE &&
                  int(LoopCompare::NE) == ORBIS_CMP_NE,
              "LoopCompare mirrors libtile's orbis_cmp");



class NestEmitter {
public:
  NestEmitter(const TiledNest &Nest,
              const std::vector<CollectedDirective> &Directives,
              ASTContext &Ctx, const LowerOptions &Options,
              EditList &Edits, const StagedTilePlan *Staged)
      : Nest(Nest), Directives(Directives), Ctx(Ctx), SM(Ctx.getSourceManager()),
        Options(Options), Edits(Edits), Staged(Staged) {
    if (Nest.Loops.size() == 2)
      Rows = rowSchedule(Nest, Ctx, RowScheduleUse::TileOrder);
    if (lockstep())
      Carry = planLockstepCarry(Nest, Rows, LockstepLag, Ctx);
    if (Nest.World) {
      // In a world loop the values come from registers in the staged tile
      // only; the element path reads each through libworld.
      StagedCarry = stagedCarry();
      Carry = LockstepCarry();
      Carry.Reason = "the element path of a world loop";
    }
  }

  void emit() {
    for (const auto &Loop : Nest.Loops) {
      emitDirective(*Loop);
      emitHeader(*Loop);
      emitBody(*Loop);
      for (const QueryCall &Q : Loop->Queries)
        emitQuery(*Loop, Q);
    }
    if (Nest.InstructionBlock)
      emitInstructionBlock();
    if (Carry.Applies)
      emitValueCapture();
    for (const NestedDirective &S : Nest.Singles)
      emitSingle(S);
    for (const NestedDirective &A : Nest.Atomics)
      emitAtomic(A);
    for (const Stmt *Spin : Nest.SpinWaits)
      emitSpinPause(Spin);
    for (const Expr *Read : Nest.AcquireLoads)
      emitAcquireLoad(Read);
  }

private:
  const TiledNest &Nest;
  const std::vector<CollectedDirective> &Directives;
  ASTContext &Ctx;
  const SourceManager &SM;
  const LowerOptions &Options;
  EditList &Edits;
  /// The staged tile of a nest inside a world loop (WorldLowering.h).
  const StagedTilePlan *Staged;
  /// The order of a two-level nest's iterations inside a tile
  /// (RowSchedule.h): rows in lockstep where it applies.
  RowSchedule Rows;
  /// Reads of a lockstep tile that come from registers (LockstepCarry.h).
  LockstepCarry Carry;
  /// The same for the staged tile of a nest in a world loop (its reads
  /// and write on the tile's buffers).
  LockstepCarry StagedCarry;

  /// Carry, moved onto the staged tile's texts: each read from registers is
  /// a world read of the value, found where the staged body put it.
  LockstepCarry stagedCarry() const {
    LockstepCarry C = Carry;
    auto No = [&](std::string Why) {
      C = LockstepCarry();
      C.Reason = std::move(Why);
      return C;
    };
    if (!C.Applies)
      return C;
    if (!Staged || !Staged->Reason.empty() ||
        Staged->Write.ValueAt == std::string::npos)
      return No("the nest has no staged tile");
    const StagedWrite &W = Staged->Write;
    unsigned ValueBegin =
        SM.getFileOffset(SM.getExpansionLoc(C.Value->getBeginLoc()));
    for (LockstepCarry::Read &R : C.Reads) {
      auto It = std::find_if(
          W.Reads.begin(), W.Reads.end(), [&](const StagedWrite::Read &M) {
            return M.FileBegin == ValueBegin + R.Offset &&
                   M.FileEnd == ValueBegin + R.Offset + R.Length;
          });
      if (It == W.Reads.end())
        return No("a read of the value is not one of the staged tile");
      R.Offset = unsigned(It->Offset);
      R.Length = unsigned(It->Length);
    }
    C.TargetText = W.Target;
    C.ValueText = W.Value;
    // One line, as the copy of a value as written (LockstepCarry.cpp).
    for (std::string *T : {&C.TargetText, &C.ValueText})
      std::replace_if(
          T->begin(), T->end(), [](char Ch) { return Ch == '\n' || Ch == '\r'; },
          ' ');
    return C;
  }

  /// The staged body, recording the value it writes for the registers.
  std::string capturedStagedBody() const {
    const std::string &B = Staged->Body;
    size_t At = Staged->Write.ValueAt, Length = Staged->Write.Value.size();
    CarryNames N = carryNames();
    return B.substr(0, At) + StagedCarry.captureOpen(N) + B.substr(At, Length) +
           StagedCarry.captureClose() + B.substr(At + Length);
  }

  /// The carry the site and --emit-lowered describe: a world loop's nest
  /// runs its staged tile unless libworld says otherwise.
  const LockstepCarry &describedCarry() const {
    return StagedCarry.Applies ? StagedCarry : Carry;
  }
  /// Rows a core advances together: enough independent chains to hide the
  /// latency of one (a store, its reload, three adds and a multiply in a
  /// 5-point stencil), few enough that their lines stay in L1 when the rows
  /// are a power of two apart (8 rows 32 KiB apart share one set of an
  /// 8-way L1). Measured in docs/lowering.md ("Rows in lockstep on a
  /// core"). A constant, so that the host compiler unrolls the rows.
  static constexpr int LockstepRows = ORBIS_LOCKSTEP_ROWS;
  /// Columns a row stays behind the row above: any lag of at least the
  /// schedule's (at most 1) keeps every dependence (RowSchedule.h), and 2
  /// takes the value from above off the chain of one step (docs/lowering.md,
  /// "The lag").
  static constexpr int LockstepLag = ORBIS_LOCKSTEP_LAG;

  // ---- names -------------------------------------------------------------
  std::string name(const char *Kind, const BlockedLoop &L) const {
    return "__orbis_" + std::string(Kind) + std::to_string(Nest.Id) + "_" +
           std::to_string(L.Level);
  }
  std::string loopVar(const BlockedLoop &L) const { return name("L", L); }
  std::string tileVar(const BlockedLoop &L) const { return name("c", L); }
  std::string counter(const BlockedLoop &L) const { return name("t", L); }
  std::string lbVar(const BlockedLoop &L) const { return name("lb", L); }
  std::string ubVar(const BlockedLoop &L) const { return name("ub", L); }
  std::string firstVar(const BlockedLoop &L) const { return name("f", L); }
  std::string endVar(const BlockedLoop &L) const { return name("e", L); }
  std::string siteVar(const BlockedLoop &L) const { return name("site", L); }
  std::string stepVar(const BlockedLoop &L) const { return name("s", L); }
  static std::string onceVar(const NestedDirective &S) {
    return "__orbis_once" + std::to_string(S.Id);
  }

  /// A declaration of `Name` with the loop variable's type.
  std::string declareLike(const BlockedLoop &L, StringRef Name) const {
    std::string Out;
    llvm::raw_string_ostream OS(Out);
    PrintingPolicy Policy(Ctx.getLangOpts());
    QualType T = L.Form.Var->getType().getUnqualifiedType();
    // An `auto` variable's type prints as the deduced one, which may be a
    // member typedef spelled without its class (`size_type` for
    // `v.size()`): spelled in full, or as what it stands for where its
    // class hides it.
    if (const auto *Auto = dyn_cast<AutoType>(T.getTypePtr());
        Auto && !T->isDependentType()) {
      T = Auto->getDeducedType().getUnqualifiedType();
      const auto *Typedef = T->getAs<TypedefType>();
      bool Hidden = Typedef && Typedef->getDecl()->getAccess() != AS_public &&
                    Typedef->getDecl()->getAccess() != AS_none;
      T = Hidden ? T.getCanonicalType()
                 : TypeName::getFullyQualifiedType(T, Ctx);
    }
    T.print(OS, Policy, Name);
    return OS.str();
  }

  /// "file:line:col" as the user's `#line` directives present it.
  std::string where(SourceLocation Loc) const {
    return presumedWhere(SM, Loc);
  }

  // ---- source positions --------------------------------------------------
  /// Where statement S really starts: at the first directive bound to it.
  /// (Analysis made sure every statement the lowering edits around has a
  /// file range.)
  SourceLocation statementStart(const Stmt *S) const {
    SourceLocation Begin = fileRange(S).getBegin();
    unsigned Best = SM.getFileOffset(Begin);
    SourceLocation Result = Begin;
    for (const CollectedDirective &D : Directives)
      if (D.NextCodeLoc == Begin && SM.getFileOffset(D.ExtentBegin) < Best) {
        Best = SM.getFileOffset(D.ExtentBegin);
        Result = D.ExtentBegin;
      }
    return Result;
  }
  bool startsWithDirective(const Stmt *S) const {
    return statementStart(S) != fileRange(S).getBegin();
  }

  CharSourceRange fileRange(const Stmt *S) const {
    std::optional<CharSourceRange> R = fileRangeOf(S, Ctx);
    assert(R && "analysis lets through only statements with a file range");
    return *R;
  }

  /// Just after the statement, its terminating ';' included.
  SourceLocation statementEnd(const Stmt *S) const {
    return orbis::statementEnd(S, Ctx, Options.SkippedRanges);
  }

  /// The value a tile query bound to loop L reads.
  std::string queryValue(const BlockedLoop &L, TileQuery Q) const {
    switch (Q) {
    case TileQuery::NumBlocks:
      return "orbis_query_int(" + loopVar(L) + ".num_tiles)";
    case TileQuery::BlockNum:
      return "orbis_query_int(" + tileVar(L) + ".num)";
    case TileQuery::BlockSize:
      return "orbis_query_int(" + tileVar(L) + ".size)";
    case TileQuery::TotalSize:
      return "orbis_query_int(" + loopVar(L) + ".total)";
    }
    llvm_unreachable("unknown tile query");
  }

  /// The text of a header expression of L, with the tile queries in it bound
  /// to L's parent.
  std::string headerText(const Expr *E, const std::string &AsWritten,
                         const BlockedLoop &L) const {
    if (!E || L.HeaderQueries.empty() || !L.Parent)
      return AsWritten;
    CharSourceRange Range = SM.getExpansionRange(E->getSourceRange());
    unsigned Begin = SM.getFileOffset(Range.getBegin());
    std::string Text = AsWritten;
    std::vector<std::pair<unsigned, const QueryCall *>> Inside;
    for (const QueryCall &Q : L.HeaderQueries) {
      unsigned Offset = SM.getFileOffset(Q.Call->getBeginLoc());
      if (Offset >= Begin && Offset < Begin + Text.size())
        Inside.push_back({Offset - Begin, &Q});
    }
    // Right to left, so earlier offsets stay valid.
    std::sort(Inside.rbegin(), Inside.rend());
    for (const auto &[Offset, Q] : Inside) {
      SourceLocation End = Lexer::getLocForEndOfToken(
          Q->Call->getEndLoc(), 0, SM, Ctx.getLangOpts());
      unsigned Length = SM.getFileOffset(End) - Begin - Offset;
      Text.replace(Offset, Length, queryValue(*L.Parent, Q->Query));
    }
    return Text;
  }

  /// The loop variable's value after the last iteration (lastprivate).
  std::string finalValue(const BlockedLoop &L) const {
    return valueAtIteration(L, loopVar(L) + ".trip");
  }

  /// The clauses of L's directive that list L's loop variable.
  bool loopVarListedIn(const BlockedLoop &L, StringRef ClauseName) const {
    if (L.Form.DeclaredInInit)
      return false;
    for (const PassThroughClause &C : L.Pragma->Dir.Clauses)
      if (C.Name == ClauseName)
        for (const std::string &V : clauseVariables(C))
          if (V == L.Form.VarName)
            return true;
    return false;
  }

  // ---- pieces ------------------------------------------------------------
  /// Declarations evaluating the loop's bounds once, and orbis_loop_init.
  std::string loopSetup(const BlockedLoop &L) const {
    const CanonicalLoop &F = L.Form;
    const Directive &D = L.Pragma->Dir;
    std::string LB = lbVar(L), UB = ubVar(L), Lp = loopVar(L);
    std::string S;
    // A loop variable declared before the loop: the tiles declare their
    // own, so without a use here the user's would look unused (-Wall).
    if (!F.DeclaredInInit)
      S += "(void)" + F.VarName + "; ";
    std::string Init = headerText(F.Init, F.InitText, L);
    std::string Bound = headerText(F.Bound, F.BoundText, L);
    std::string StepText = headerText(F.Step, F.StepText, L);
    for (const std::string &V : L.PrivateVars)
      S += "__typeof__(" + V + ") " + V + "; ";
    S += declareLike(L, LB) + " = (" + Init + "); ";
    // `+ 0`: the bound may be a bit-field, which __typeof__ refuses; the
    // comparison promotes it anyway.
    S += "__typeof__((" + Bound + ") + 0) " + UB + " = (" + Bound + "); ";
    if (F.Step && !F.StepConstant)
      S += "__typeof__((" + StepText + ") + 0) " + stepVar(L) + " = (" +
           StepText + "); ";
    std::string Flags;
    auto Flag = [&](const char *Name) {
      Flags += std::string(Flags.empty() ? "" : " | ") + Name;
    };
    if (Nest.BlockPragma)
      Flag("ORBIS_SITE_PIPELINED");
    if (!L.Child)
      Flag("ORBIS_SITE_INNERMOST");
    if (Staged && Staged->Reason.empty())
      Flag("ORBIS_SITE_WORLD_STAGED");
    else if (lockstep())
      Flag("ORBIS_SITE_LOCKSTEP");
    if (L.Level == 0 && D.Kind == DirectiveKind::ParallelFor)
      Flag("ORBIS_SITE_PARALLEL");
    else if (L.Level == 0 && D.Kind == DirectiveKind::For)
      Flag("ORBIS_SITE_WORKSHARING");
    S += "static const orbis_site_t " + siteVar(L) + " = {\"" +
         escapeForStringLiteral(where(D.Loc)) + "\", " +
         std::to_string(L.Level) + ", " + std::to_string(Nest.ElemSize) +
         ", " + (Flags.empty() ? "0" : Flags);
    // The order inside a tile, for ORBIS_VERBOSE (every field initialized:
    // -Wextra).
    if (Nest.Loops.size() == 2 && !L.Child)
      S += ", \"" + escapeForStringLiteral(tileOrder(describedCarry())) +
           "\"}; ";
    else
      S += ", 0}; ";
    S += "orbis_loop_t " + Lp + "; ";

    std::string Step = std::string(F.Direction < 0 ? "-" : "") +
                       "(long long)(" + stepValue(L) + ")";
    std::string Lower, Upper, Unsigned, Total;
    if (!F.IsPointer && F.Var->getType()->isDependentType()) {
      // An integer or a pointer, depending on the instance (tile.h).
      std::string Args = "(" + LB + ", " + UB + ")";
      Lower = "orbis_dep_lower" + Args;
      Upper = "orbis_dep_upper" + Args;
      Unsigned = "orbis_dep_unsigned" + Args;
      Total = "orbis_dep_total" + Args;
    } else if (F.IsPointer) {
      Lower = "0";
      Upper = "(long long)(" + UB + " - " + LB + ")";
      Unsigned = "0";
      Total = Upper;
    } else {
      std::string Domain = "__typeof__(" + LB + " + " + UB + ")";
      Lower = "(long long)(" + Domain + ")" + LB;
      Upper = "(long long)(" + Domain + ")" + UB;
      Unsigned = "(" + Domain + ")-1 > 0";
      Total = "(long long)" + UB;
    }
    std::string Requested =
        requestedBlockSize(D.BlockSize, name("size", L), siteVar(L), SM, S);
    std::string Outer = "1";
    for (const BlockedLoop *P = L.Parent; P; P = P->Parent)
      Outer += " * " + loopVar(*P) + ".tile";
    S += "orbis_loop_init(&" + Lp + ", &" + siteVar(L) + ", " + Lower + ", " +
         Upper + ", " + Step + ", " +
         compareName(F.Compare) + ", " + Unsigned + ", " +
         Requested + ", " + Outer + ", " + Total + ");";
    return S;
  }

  /// The loop variable's value at iteration `Index` (an expression counting
  /// iterations from the start of the loop). Computed in unsigned 64-bit
  /// arithmetic, so that no intermediate overflows, then converted back.
  std::string valueAtIteration(const BlockedLoop &L,
                               const std::string &Index) const {
    std::string LB = lbVar(L), Lp = loopVar(L);
    if (L.Form.IsPointer)
      return LB + " + (" + Index + ") * " + Lp + ".step";
    if (L.Form.Var->getType()->isDependentType())
      return "orbis_dep_at(" + LB + ", (unsigned long long)(" + Index +
             "), " + Lp + ".step)";
    return "(__typeof__(" + LB + "))((unsigned long long)" + LB +
           " + (unsigned long long)(" + Index +
           ") * (unsigned long long)" + Lp + ".step)";
  }

  /// The value of the loop variable at the first iteration of the tile.
  std::string tileFirstValue(const BlockedLoop &L) const {
    return valueAtIteration(L, tileVar(L) + ".first");
  }

  /// The value the loop variable reaches after the tile's last iteration.
  std::string tileEndValue(const BlockedLoop &L) const {
    return valueAtIteration(L, tileVar(L) + ".first + " + tileVar(L) +
                                   ".size");
  }

  void emitDirective(const BlockedLoop &L) {
    const CollectedDirective &P = *L.Pragma;
    if (L.Level > 0) {
      // A nested blocked loop runs sequentially inside its parent's tile.
      Edits.replace(P.ExtentBegin, P.ExtentEnd, "{ " + loopSetup(L));
      return;
    }
    const Directive &D = P.Dir;
    bool Parallel = D.Kind == DirectiveKind::ParallelFor;
    std::string S = "{ " + loopSetup(L);
    std::vector<std::string> Private = {loopVar(L), lbVar(L)};
    if (L.Form.Step && !L.Form.StepConstant)
      Private.push_back(stepVar(L));
    for (const NestedDirective &Single : Nest.Singles) {
      std::string V = onceVar(Single);
      if (Parallel) {
        S += " orbis_once_t " + V + "_state = ORBIS_ONCE_INIT; orbis_once_t *" +
             V + " = &" + V + "_state;";
        Private.push_back(V);
      } else {
        S += " orbis_once_t *" + V + ";\n#pragma omp single copyprivate(" + V +
             ")\n" + V + " = orbis_once_new(omp_get_num_threads());";
      }
    }
    // What follows the schedule kind: the rest of the tile schedule, then
    // the helpers' data sharing.
    std::string AfterKind = "monotonic: dynamic, 1)";
    if (Parallel)
      AfterKind += " firstprivate(" + llvm::join(Private, ", ") + ")";
    std::optional<std::string> Verbatim = verbatimDirective(P, AfterKind);
    if (Verbatim) {
      Edits.replace(P.ExtentBegin, P.ExtentEnd, S + *Verbatim);
      return;
    }
    // Rebuilt from the parsed clauses, on the directive's own line.
    S += "\n#pragma clang diagnostic push\n" + std::string(ExtraTokensError) +
         lineDirective(P.ExtentBegin) + "#pragma omp " +
         std::string(Parallel ? "parallel for" : "for");
    for (const PassThroughClause &C : D.Clauses)
      if (C.Name != "map") // the data movement of a GPU nest
        S += " " + C.Text;
    Edits.replace(P.ExtentBegin, P.ExtentEnd,
                  S + " schedule(" + AfterKind +
                      "\n#pragma clang diagnostic pop");
  }

  /// Clang ignores the clauses after one it does not know, with a warning:
  /// ours (the tile schedule) would be lost, so it is an error here.
  static constexpr const char *ExtraTokensError =
      "#pragma clang diagnostic error \"-Wextra-tokens\"\n";

  /// `#line N "file"` naming the user's line and file at Loc.
  std::string lineDirective(SourceLocation Loc) const {
    return presumedLineDirective(SM, Loc);
  }

  /// The user's `#pragma` line exactly as written, at its own line and
  /// column, made standard by macros: `blocked` becomes `AfterKind`, the
  /// tile schedule (its size argument is dropped), `block_local(...)`
  /// nothing. Clang's messages about the standard clauses then quote the
  /// user's line with the right line and column. None when the directive
  /// is a `_Pragma` or comes from a macro, or when the words the macros
  /// redefine appear elsewhere in it.
  std::optional<std::string>
  verbatimDirective(const CollectedDirective &P,
                    const std::string &AfterKind) const {
    if (P.Dir.IsPragmaOperator || !P.ExtentBegin.isFileID() ||
        !P.ExtentEnd.isFileID() || !P.Dir.Loc.isFileID())
      return std::nullopt;
    StringRef Text = Lexer::getSourceText(
        CharSourceRange::getCharRange(P.ExtentBegin, P.ExtentEnd), SM,
        Ctx.getLangOpts());
    // The clauses may come from macros: the words must not appear in the
    // text other than as the schedule kind and clause names.
    unsigned Maps = llvm::count_if(P.Dir.Clauses, [](const PassThroughClause &C) {
      return C.Name == "map";
    });
    if (!Text.starts_with("#") || countWord(Text, "blocked") > 1 ||
        countWord(Text, "map") != Maps ||
        countWord(Text, "block_local") > P.Dir.BlockLocals.size() ||
        countWord(Text, "__orbis_drop") != 0)
      return std::nullopt;
    for (const PassThroughClause &C : P.Dir.Clauses)
      if (countWord(C.Text, "blocked") || countWord(C.Text, "block_local") ||
          (C.Name != "map" && countWord(C.Text, "map")))
        return std::nullopt;
    std::pair<FileID, unsigned> Where = SM.getDecomposedLoc(P.ExtentBegin);
    StringRef Buffer = SM.getBufferData(Where.first);
    unsigned LineStart = Where.second;
    while (LineStart > 0 && Buffer[LineStart - 1] != '\n')
      --LineStart;
    StringRef Indent = Buffer.slice(LineStart, Where.second);
    if (Indent.find_first_not_of(" \t\f\v") != StringRef::npos)
      return std::nullopt;
    // `map` (the data movement of a GPU nest) means nothing on the host.
    std::string Map = Maps ? "\n#pragma push_macro(\"map\")\n#undef map"
                             "\n#define map(...)"
                           : "";
    std::string MapEnd = Maps ? "\n#pragma pop_macro(\"map\")" : "";
    return "\n#pragma push_macro(\"blocked\")"
           "\n#pragma push_macro(\"block_local\")"
           "\n#undef blocked\n#undef block_local"
           "\n#define blocked " + AfterKind + " __orbis_drop("
           "\n#define block_local(...)" + Map + "\n" +
           "#pragma clang diagnostic push\n" + ExtraTokensError +
           lineDirective(P.ExtentBegin) + Indent.str() + Text.str() +
           "\n#pragma clang diagnostic pop"
           "\n#pragma pop_macro(\"blocked\")"
           "\n#pragma pop_macro(\"block_local\")" + MapEnd;
  }

  /// Occurrences of `Word` as a whole identifier in `Text`.
  static unsigned countWord(StringRef Text, StringRef Word) {
    unsigned Count = 0;
    for (size_t Pos = Text.find(Word); Pos != StringRef::npos;
         Pos = Text.find(Word, Pos + 1)) {
      bool Before = Pos > 0 && isAsciiIdentifierContinue(Text[Pos - 1]);
      size_t After = Pos + Word.size();
      bool AfterId =
          After < Text.size() && isAsciiIdentifierContinue(Text[After]);
      Count += !Before && !AfterId;
    }
    return Count;
  }

  void emitHeader(const BlockedLoop &L) {
    const ForStmt *For = L.For;
    std::string T = counter(L);
    Edits.replace(For->getBeginLoc(), For->getRParenLoc().getLocWithOffset(1),
                  "for (long long " + T + " = 0; " + T + " < " + loopVar(L) +
                      ".num_tiles; ++" + T + ")");
  }

  void emitBody(const BlockedLoop &L) {
    const Stmt *Body = L.For->getBody();
    std::string C = tileVar(L), F = firstVar(L);
    std::string Open = "{ orbis_tile_t " + C + "; orbis_tile_enter(&" + C +
                       ", &" + loopVar(L) + ", " + counter(L) + "); " +
                       queryDeclarations(L) + declareLike(L, F) + " = " +
                       tileFirstValue(L) + "; " + declareLike(L, endVar(L)) +
                       " = " + tileEndValue(L) + "; " + loopVarInit(L) +
                       " do { ";
    std::string Close;
    bool ImplicitInstructionBlock = !Nest.InstructionBlock && !L.Child;
    if (ImplicitInstructionBlock) {
      Open += "{ " + elementLoopsOpen();
      Close += elementLoopsClose() + " }";
    }
    Close += " } while (0);";
    if (loopVarListedIn(L, "lastprivate"))
      Close += " if (" + counter(L) + " == " + loopVar(L) + ".num_tiles - 1) " +
               L.Form.VarName + " = " + finalValue(L) + ";";
    Close += " orbis_tile_leave(&" + C + "); }";
    if (L.Level > 0)
      Close += " }"; // the block opened by the loop's set-up
    else
      Close += rootClose(L);

    if (startsWithDirective(Body))
      Open += "\n"; // the directive must stay at the start of a line
    Edits.insert(statementStart(Body), Open, OrderOpenLoop + int(L.Level));
    Edits.insert(statementEnd(Body), Close, OrderCloseLoop - int(L.Level));
  }

  /// The loop variable, private to the tile: a new variable, unless a
  /// data-sharing clause already privatizes the one declared outside (whose
  /// private copy `lastprivate` must then see).
  std::string loopVarInit(const BlockedLoop &L) const {
    std::string F = firstVar(L);
    if (loopVarListedIn(L, "private") || loopVarListedIn(L, "firstprivate") ||
        loopVarListedIn(L, "lastprivate"))
      return L.Form.VarName + " = " + F + ";";
    return declareLike(L, L.Form.VarName) + " = " + F + ";";
  }

  std::string rootClose(const BlockedLoop &L) const {
    std::string S;
    if (L.Pragma->Dir.Kind == DirectiveKind::For)
      for (const NestedDirective &Single : Nest.Singles)
        S += " orbis_once_release(" + onceVar(Single) + ");";
    return S + " }";
  }

  /// What opens the instruction block: the element loops, and in front of
  /// them a nest's staged tile (WorldLowering.h) when it lies in a world
  /// loop.
  std::string elementLoopsOpen() const {
    std::string S = "{ {";
    if (!Staged && lockstep())
      S = pointerCopiesOpen();
    if (Staged) {
      std::vector<std::string> First, End;
      for (const auto &L : Nest.Loops) {
        First.push_back(firstVar(*L));
        End.push_back(endVar(*L));
      }
      bool Carried = StagedCarry.Applies;
      S += stagedTileOpen(*Staged, First, End, elementLoops(StagedCarry),
                          Carried ? capturedStagedBody() : Staged->Body,
                          Carried ? " }" : "");
    }
    // Braces around the user's statement and around the loops: what follows
    // on its last line is not taken for a misleadingly indented loop body.
    return S + elementLoops(Carry) + " { ";
  }

  /// What opens the scope of rows in lockstep: the pointer variables whose
  /// elements the instruction block accesses (declared before the nest,
  /// not volatile), copied, then locals of the same names and types from
  /// the copies, inside which the loops and the block run. The variable
  /// itself may be one the outlined parallel region reaches through a
  /// pointer, which the host compiler reloaded at every step to address
  /// the row below the group (docs/lowering.md); the local stays in a
  /// register. The block assigns no such variable (RowSchedule.h), so the
  /// copy holds its value throughout. A pointer declared inside the nest
  /// (in the block, say) is left alone: it does not exist yet here.
  std::string pointerCopiesOpen() const {
    SourceLocation NestBegin = SM.getExpansionLoc(Nest.root().For->getBeginLoc());
    std::vector<const VarDecl *> Vars;
    for (const ArrayAccess &A : Nest.Accesses) {
      const VarDecl *D = A.Base;
      if (D && D->getType()->isPointerType() &&
          !D->getType().isVolatileQualified() &&
          SM.isBeforeInTranslationUnit(SM.getExpansionLoc(D->getLocation()),
                                       NestBegin) &&
          std::find(Vars.begin(), Vars.end(), D) == Vars.end())
        Vars.push_back(D);
    }
    std::string Copies, Shadows;
    for (size_t I = 0; I < Vars.size(); ++I) {
      std::string Name = Vars[I]->getName().str();
      std::string Copy = "__orbis_pc" + std::to_string(Nest.Id) + "_" +
                         std::to_string(I);
      Copies += "__typeof__(" + Name + ") " + Copy + " = " + Name + "; ";
      Shadows += "__typeof__(" + Copy + ") " + Name + " = " + Copy + "; ";
    }
    if (Shadows.empty())
      return "{ " + Copies + "{ ";
    // The same names again on purpose: -Wshadow (an error under -Werror)
    // must not see the lowering's own declarations.
    return "{ " + Copies +
           "{ _Pragma(\"clang diagnostic push\") "
           "_Pragma(\"clang diagnostic ignored \\\"-Wshadow-all\\\"\") " +
           Shadows + "_Pragma(\"clang diagnostic pop\") ";
  }

  /// Loops over every level's iterations of the current tiles, outermost
  /// first, in front of the instruction block. Each runs from the tile's
  /// first value to its end value with the loop's own increment, and tests
  /// in the variable's own type (elementLoopTest).
  std::string elementLoops(const LockstepCarry &Carry) const {
    if (lockstep())
      return lockstepLoops(Carry);
    std::string S;
    for (const auto &L : Nest.Loops) {
      const char *Test = elementLoopTest(L->Form, Ctx);
      S += " for (" + L->Form.VarName + " = " + firstVar(*L) + "; " +
           L->Form.VarName + " " + Test + " " + endVar(*L) + "; " +
           increment(*L) + ")";
    }
    return S;
  }

  /// Whether the tile's rows run in lockstep: the schedule applies and both
  /// levels count up.
  bool lockstep() const {
    return Rows.Applies && Nest.Loops[0]->Form.Direction > 0 &&
           Nest.Loops[1]->Form.Direction > 0 && chainAlongRows();
  }

  /// Whether a dependence runs along the inner level, (0, d > 0): a chain
  /// from each cell to one on its right, which rows in lockstep interleave.
  /// Without one a row's cells are independent, and the plain order lets
  /// the host compiler vectorize them.
  bool chainAlongRows() const {
    for (const auto &[D0, D1] : Rows.Distances)
      if (D0 == 0 && D1 > 0)
        return true;
    return false;
  }

  /// The order inside a tile in words (ORBIS_VERBOSE, --emit-lowered).
  std::string tileOrder(const LockstepCarry &Carry) const {
    if (lockstep()) {
      std::string S = std::to_string(LockstepRows) + " rows " +
                      std::to_string(LockstepLag) + " columns apart, " +
                      describe(Rows);
      if (Carry.Applies) {
        size_t N = Carry.Reads.size();
        S += ", " + std::to_string(N) + (N == 1 ? " read" : " reads") +
             " from registers";
      }
      return S;
    }
    if (!Rows.Applies)
      return "plain order (" + Rows.Reason + ")";
    if (!chainAlongRows())
      return "plain order (no dependence along a row: its cells are "
             "independent)";
    return "plain order (a level counts down)";
  }

  /// The tile's iterations with LockstepRows rows in lockstep (RowSchedule.h):
  /// at step k, row r of a group runs column k - LockstepLag r, rows in
  /// increasing order, so row r runs a column after row r - 1 ran the next
  /// LockstepLag ones (any lag the schedule needs is at most 1) and after
  /// itself ran the one before. The
  /// rows' chains interleave: the core works on LockstepRows cells at once
  /// instead of waiting for each cell's left neighbour. The loop over r has
  /// a constant count, which the host compiler unrolls; its test keeps the
  /// rows outside the tile's corners (and below a short last group) out.
  /// What follows is the instruction block, with the loop variables set.
  std::string lockstepLoops(const LockstepCarry &Carry) const {
    const BlockedLoop &Outer = *Nest.Loops[0], &Inner = *Nest.Loops[1];
    std::string Id = std::to_string(Nest.Id);
    std::string G = "__orbis_g" + Id, N0 = "__orbis_n" + Id,
                K = "__orbis_k" + Id, R = "__orbis_r" + Id,
                Cols = "__orbis_cols" + Id, Rs = "__orbis_rows" + Id;
    std::string Per = std::to_string(LockstepRows) + "LL";
    std::string Lag = std::to_string(LockstepLag);
    // The column of row R at step K, and the steps' span past the columns.
    std::string Column = K + " - " + Lag + " * " + R;
    std::string Span = Lag + " * (" + Rs + " - 1)";
    auto Set = [&](const BlockedLoop &L, const std::string &Offset) {
      return "(void)(" + L.Form.VarName + " = (__typeof__(" + firstVar(L) +
             "))(" + firstVar(L) + " + (" + Offset + ")))";
    };
    std::string Test = "if (" + R + " < " + Rs + " && (unsigned long long)(" +
                       Column + ") < (unsigned long long)" + Cols + " && (" +
                       Set(Outer, G + " + " + R) + ", " + Set(Inner, Column) +
                       ", 1))";
    std::string Groups = "for (long long " + G + " = 0, " + N0 +
                         " = (long long)(" + endVar(Outer) + " - " +
                         firstVar(Outer) + "); " + G + " < " + N0 + "; " + G +
                         " += " + Per + ")";
    std::string Steps = "for (long long " + Cols + " = (long long)(" +
                        endVar(Inner) + " - " + firstVar(Inner) + "), " + Rs +
                        " = " + N0 + " - " + G + " < " + Per + " ? " + N0 +
                        " - " + G + " : " + Per + ", " + K + " = 0; " + K +
                        " < " + Cols + " + " + Span + "; ++" + K;
    std::string Order = " /* tile order: " + tileOrder(Carry) + " */ ";
    if (!Carry.Applies)
      return Order + Groups + " " + Steps + ") for (long long " + R + " = 0; " +
             R + " < " + Per + "; ++" + R + ") " + Test;
    // The row loops below are siblings in one block: R is declared once,
    // before them (C89 puts a `for`'s declaration in the enclosing block,
    // where a second one was a redefinition).
    std::string EachRow =
        "for (" + R + " = 0; " + R + " < " + Per + "; ++" + R + ")";
    // The steps where every row and every value read from registers lies
    // inside the tile run a copy of the block without tests; the others run
    // the block as written. Both record each row's value, and every step
    // ends by keeping the values of the steps before.
    CarryNames N = carryNames();
    std::string Shift = Carry.shift(N, LockstepRows);
    std::string SteadyRows =
        Carry.BottomUp ? "for (" + R + " = " + Per + " - 1; " + R +
                             " >= 0; --" + R + ")"
                       : EachRow;
    std::string First = std::to_string(LockstepLag * (LockstepRows - 1) +
                                       Carry.SteadyAfter);
    std::string Last = Cols + (Carry.SteadyBefore
                                   ? " - " + std::to_string(Carry.SteadyBefore)
                                   : "");
    // The steady steps set the variables from bases in their own types (the
    // column's counted along with the steps) plus or minus the row, so that
    // the host compiler widens them once and sees that row r + 1's right
    // neighbour is row r's lower one (one load for both) and that the rows'
    // stores do not touch what the others load.
    std::string XBase = "__orbis_xb" + Id, YBase = "__orbis_yb" + Id;
    auto Based = [&](const BlockedLoop &L, const std::string &Base,
                     const std::string &Offset) {
      return "__typeof__(" + firstVar(L) + ") " + Base + " = (__typeof__(" +
             firstVar(L) + "))(" + firstVar(L) + " + " + Offset + ");";
    };
    std::string SetRow = "(void)(" + Outer.Form.VarName + " = " + XBase +
                         " + (int)" + R + "); ";
    std::string SteadyRow = "{ " + SetRow + "(void)(" + Inner.Form.VarName +
                            " = " + YBase + " - " + Lag + " * (int)" + R +
                            "); " +
                            Carry.steadyBlock(N) + " }";
    std::string Steady = "for (; " + K + " < " + Last + "; ++" + K + ", ++" +
                         YBase + Shift + ") " + SteadyRows + " " + SteadyRow;
    std::string Head = Order + Carry.declarations(N, LockstepRows) +
                       " long long " + R + "; " + Groups + " " + Steps + Shift +
                       ") { ";
    std::string AsWritten = " " + EachRow + " " + Test;
    if (!Carry.EdgesInRegisters)
      return Head + "if (" + K + " == " + First + " && " + Rs + " == " + Per +
             ") { " + Based(Outer, XBase, G) + " " + Based(Inner, YBase, K) +
             " " + Steady + " }" + AsWritten;
    // A whole group from its first step: the left neighbours of the rows'
    // first column into their registers, then the fill steps, the steady
    // ones and the drain, each row of the edges tested against the columns.
    // The block as written then runs only for short last groups (a step past
    // the drain finds no row inside).
    std::string Inside = "if ((unsigned long long)(" + Column +
                         ") < (unsigned long long)" + Cols + ") ";
    std::string Load = Carry.leftNeighbourLoad(N);
    std::string Edge = " " + SteadyRows + " " + Inside + SteadyRow;
    return Head + "if (" + K + " == 0 && " + Rs + " == " + Per + ") { " +
           Based(Outer, XBase, G) + " " + Based(Inner, YBase, K) + " " +
           (Load.empty() ? ""
                         : EachRow + " { " + SetRow + "(void)(" +
                               Inner.Form.VarName + " = " + YBase + "); " +
                               Load + " } ") +
           "for (; " + K + " < " + Lag + " * (" + Per + " - 1); ++" + K +
           ", ++" + YBase + Shift + ")" + Edge + " " + Steady + " for (; " +
           K + " < " + Cols + " + " + Lag + " * (" + Per + " - 1); ++" + K +
           ", ++" + YBase + Shift + ")" + Edge + " }" + AsWritten;
  }

  /// The names a carry's arrays and rows have in the emitted loops.
  CarryNames carryNames() const {
    std::string Id = std::to_string(Nest.Id);
    return {"__orbis_r" + Id, "__orbis_v" + Id, "__orbis_h" + Id + "_"};
  }

  /// The block as written records its row's value for the register reads.
  void emitValueCapture() {
    Edits.insert(fileRange(Carry.Target).getBegin(),
                 Carry.assignmentCaptureOpen(carryNames()), 0);
    Edits.insert(fileRange(Carry.Value).getEnd(), ")", 0);
  }

  /// The loop's step, once evaluated: a literal for a constant step (so that
  /// the optimizer still knows it), else the variable the set-up computed.
  std::string stepValue(const BlockedLoop &L) const {
    const CanonicalLoop &F = L.Form;
    if (!F.Step)
      return "1";
    if (!F.StepConstant)
      return stepVar(L);
    const llvm::APSInt &V = *F.StepConstant;
    llvm::SmallString<24> Digits;
    V.toString(Digits, 10);
    std::string Literal = std::string(Digits) + (V.isUnsigned() ? "ULL" : "LL");
    return V.isNegative() ? "(" + Literal + ")" : Literal;
  }

  /// The increment of an element loop. It is not the user's text: that is
  /// evaluated at the instruction block, where pre-block declarations could
  /// hide the names it uses.
  std::string increment(const BlockedLoop &L) const {
    const std::string &V = L.Form.VarName;
    if (!L.Form.Step)
      return (L.Form.Direction > 0 ? "++" : "--") + V;
    return V + (L.Form.Direction > 0 ? " += " : " -= ") + stepValue(L);
  }

  /// After the element loops, pre/post-blocks see the tile's first values.
  std::string elementLoopsClose() const {
    // With a carry, the steps' loop has a body of its own to close.
    std::string S = Carry.Applies ? " } } }" : " } }";
    for (const auto &L : Nest.Loops)
      S += " " + L->Form.VarName + " = " + firstVar(*L) + ";";
    return S + " }";
  }

  void emitInstructionBlock() {
    const CollectedDirective &P = *Nest.BlockPragma;
    Edits.replace(P.ExtentBegin, P.ExtentEnd, elementLoopsOpen());
    Edits.insert(statementEnd(Nest.InstructionBlock), elementLoopsClose(),
                 OrderCloseElements);
  }

  void emitSingle(const NestedDirective &S) {
    const CollectedDirective &P = *S.Pragma;
    Edits.replace(P.ExtentBegin, P.ExtentEnd,
                  "if (orbis_once_begin(" + onceVar(S) + ", " +
                      (P.Dir.Nowait ? "1" : "0") + ")) {");
    Edits.insert(statementEnd(S.Body),
                 " orbis_once_end(" + onceVar(S) + "); }", OrderCloseSingle);
  }

  /// The atomic, rebuilt with `seq_cst` (rebuilt rather than edited in place
  /// because it may come from a `_Pragma` or a macro).
  void emitAtomic(const NestedDirective &A) {
    const CollectedDirective &P = *A.Pragma;
    SingleWriterCounter Counter = singleWriterCounter(Nest, A, Ctx);
    if (Counter.Applies)
      return emitSingleWriterAdd(A, Counter);
    if (!P.Dir.IsPragmaOperator && P.ExtentEnd.isFileID() &&
        P.ExtentBegin.isFileID()) {
      // The user's text stays as written, for clang's messages about it.
      Edits.insert(P.ExtentEnd, " seq_cst", 0);
      return;
    }
    std::string S = "#pragma omp " + P.Dir.Name;
    for (const PassThroughClause &C : P.Dir.Clauses)
      S += " " + C.Text;
    S += " seq_cst";
    if (P.Dir.IsPragmaOperator) // may stand in the middle of a line
      S = "\n" + S + "\n";
    Edits.replace(P.ExtentBegin, P.ExtentEnd, S);
  }

  /// Past the token at Loc (a line splice may stand inside `+=`).
  SourceLocation endOfToken(SourceLocation Loc) const {
    return Lexer::getLocForEndOfToken(Loc, 0, SM, Ctx.getLangOpts());
  }

  /// `c[i] += v;` becomes a load and a release store of `c[i]` plus `v`
  /// (`c[i]++` and `++c[i]`: `1`): no other thread writes the element while
  /// this one runs the tile (docs/lowering.md, "Single-writer counters"),
  /// so these are the update, without the locked add that drains the store
  /// buffer. A statement expression: edited around the user's text,
  /// so that the queries inside are still lowered, and with no macro call
  /// around it, so that the generated code goes on lines of its own and the
  /// user's text keeps its columns. The pragma becomes a comment.
  void emitSingleWriterAdd(const NestedDirective &A,
                           const SingleWriterCounter &Counter) {
    const CollectedDirective &P = *A.Pragma;
    Edits.replace(P.ExtentBegin, P.ExtentEnd,
                  "/* omp atomic: a single-writer counter (docs/lowering.md) */");
    CharSourceRange Target = fileRange(Counter.Target);
    static const char *const Open = "({ __auto_type __orbis_sw = &(";
    static const char *const Middle =
        "); __atomic_store_n(__orbis_sw, __atomic_load_n(__orbis_sw, "
        "__ATOMIC_RELAXED) + (";
    static const char *const Close = "), __ATOMIC_RELEASE); })";
    const Expr *Update = cast<Expr>(A.Body)->IgnoreParens();
    if (const auto *U = dyn_cast<UnaryOperator>(Update)) {
      SourceLocation Op = U->getOperatorLoc();
      if (U->isPrefix()) {
        Edits.replace(Op, endOfToken(Op), Open);
        Edits.insert(Target.getEnd(), std::string(Middle) + "1" + Close,
                     OrderCloseWrap);
      } else {
        Edits.insert(Target.getBegin(), Open, OrderOpenWrap);
        Edits.replace(Op, endOfToken(Op),
                      std::string(Middle) + "1" + Close);
      }
      return;
    }
    SourceLocation Op = cast<BinaryOperator>(Update)->getOperatorLoc();
    Edits.insert(Target.getBegin(), Open, OrderOpenWrap);
    Edits.replace(Op, endOfToken(Op), Middle);
    Edits.insert(fileRange(Counter.Added).getEnd(), Close, OrderCloseWrap);
  }

  /// Each turn of a spin-wait ends with a pause, and the wait with
  /// orbis_spin_end() (ORBIS_TRACE times the wait from the first turn to
  /// there); the braces keep the loop one statement.
  void emitSpinPause(const Stmt *Loop) {
    Edits.insert(statementStart(Loop), "{ ", OrderOpenSpin);
    Edits.insert(statementEnd(Loop), " orbis_spin_end(); }", OrderCloseSpin);
    const Stmt *Body = isa<WhileStmt>(Loop) ? cast<WhileStmt>(Loop)->getBody()
                                            : cast<DoStmt>(Loop)->getBody();
    if (const auto *C = dyn_cast<CompoundStmt>(Body))
      // Last in the body: after the reads, before the condition.
      Edits.insert(C->getRBracLoc(), " orbis_spin_pause(); ", 0);
    else // the ';' of `while (cond);`
      Edits.replace(Body->getBeginLoc(), Body->getBeginLoc().getLocWithOffset(1),
                    "orbis_spin_pause();");
  }

  /// `done[b]` becomes `__atomic_load_n(&(done[b]), __ATOMIC_ACQUIRE)`:
  /// the same load on x86, and synchronization in the language's (and the
  /// thread sanitizer's) terms. Inserted around the text, so that edits
  /// inside it (tile queries) still apply.
  void emitAcquireLoad(const Expr *Read) {
    CharSourceRange Range = fileRange(Read);
    Edits.insert(Range.getBegin(), "__atomic_load_n(&(", OrderOpenWrap);
    Edits.insert(Range.getEnd(), "), __ATOMIC_ACQUIRE)", OrderCloseWrap);
  }

  /// The tile's answer to Q, a constant of the tile's scope
  /// (queryDeclarations), named shorter than any query's call.
  std::string queryName(const BlockedLoop &L, TileQuery Q) const {
    static const char *const Kinds[] = {"qn", "qb", "qs", "qt"};
    return name(Kinds[static_cast<int>(Q)], L);
  }

  /// The values of L's tile that its queries read: `int`, the queries'
  /// type, in the messages about them (the analysis parse refused what
  /// only a call would refuse, `omp_block_size() = 3`).
  std::string queryDeclarations(const BlockedLoop &L) const {
    std::string S;
    std::set<TileQuery> Done;
    for (const QueryCall &Q : L.Queries)
      if (Done.insert(Q.Query).second)
        S += "int " + queryName(L, Q.Query) + " = " +
             queryValue(L, Q.Query) + "; ";
    return S;
  }

  /// The call becomes the constant's name padded to the call's length, in
  /// the user's line: what follows keeps its column.
  void emitQuery(const BlockedLoop &L, const QueryCall &Q) {
    SourceLocation End = Lexer::getLocForEndOfToken(Q.Call->getEndLoc(), 0, SM,
                                                    Ctx.getLangOpts());
    std::string Name = queryName(L, Q.Query);
    unsigned Length = SM.getFileOffset(End) -
                      SM.getFileOffset(Q.Call->getBeginLoc());
    if (Name.size() < Length)
      Name.append(Length - Name.size(), ' ');
    Edits.replace(Q.Call->getBeginLoc(), End, Name,
                  EditList::Placement::InLine);
  }
};

} // namespace

llvm::Expected<LowerResult>
lowerForHost(const NestModel &Model,
             const std::vector<CollectedDirective> &Directives,
             ASTContext &Ctx, const LowerOptions &Options) {
  LowerResult Result;
  Result.Prologue = hostPrologue().str();
  Result.Libraries.push_back("orbis_tile");
  // World loops, and the staged tiles of the nests inside them
  // (WorldLowering.h).
  StagedTilePlans Plans;
  lowerWorldLoops(Model, Ctx, Options, Result, &Plans);
  if (!Result.Diags.empty())
    return Result;
  for (const auto &Nest : Model.Nests) {
    auto It = Plans.find(Nest.get());
    lowerNestForHost(*Nest, Directives, Ctx, Options, Result.Edits,
                     It == Plans.end() ? nullptr : &It->second);
  }
  return Result;
}

void lowerNestForHost(const TiledNest &Nest,
                      const std::vector<CollectedDirective> &Directives,
                      ASTContext &Ctx, const LowerOptions &Options,
                      EditList &Edits, const StagedTilePlan *Staged) {
  NestEmitter(Nest, Directives, Ctx, Options, Edits, Staged).emit();
}

} // namespace orbis
