/// \file
/// The pragma parser (see PragmaParser.h): a small recursive-descent parser
/// over raw tokens. It stops at the first error of a directive so that one
/// mistake gives one diagnostic.
#include "orbis/PragmaParser.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Frontend/OpenMP/OMP.h"

using namespace clang;

namespace orbis {
namespace {

bool isStandardScheduleKind(StringRef Kind) {
  return llvm::StringSwitch<bool>(Kind)
      .Cases("static", "dynamic", "guided", "auto", "runtime", true)
      .Default(false);
}

bool isMemoryOrderClause(StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases("seq_cst", "acq_rel", "acquire", "release", "relaxed", true)
      .Default(false);
}

/// Clauses without arguments that may follow a directive name.
bool isBareClause(StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases("nowait", "untied", "mergeable", "nogroup", "read", true)
      .Cases("write", "update", "capture", "compare", "threads", true)
      .Default(isMemoryOrderClause(Name));
}

/// The words an OpenMP directive name starts with (OpenMP 5.2), and the
/// extensions'.
constexpr llvm::StringLiteral DirectiveWords[] = {
    "allocate", "allocators", "assume", "assumes", "atomic", "barrier",
    "begin", "block", "cancel", "cancellation", "critical", "declare",
    "depobj", "dispatch", "distribute", "do", "end", "error", "flush", "for",
    "interop", "loop", "masked", "master", "metadirective", "nothing",
    "ordered", "parallel", "requires", "scan", "scope", "section", "sections",
    "simd", "single", "target", "task", "taskgroup", "taskloop", "taskwait",
    "taskyield", "teams", "threadprivate", "tile", "unroll", "workshare",
    "world_parallel"};

bool isOpenMPDirectiveWord(StringRef W) {
  return llvm::is_contained(DirectiveWords, W);
}

/// The directive word within two edits of `W`, if one is.
std::optional<StringRef> nearestDirectiveWord(StringRef W) {
  std::optional<StringRef> Best;
  unsigned BestDistance = 3;
  for (StringRef D : DirectiveWords) {
    unsigned Distance = W.edit_distance(D, true, BestDistance);
    if (Distance < BestDistance) {
      BestDistance = Distance;
      Best = D;
    }
  }
  return Best;
}

class Parser {
public:
  Parser(const SourceManager &SM, const LexedPragma &Pragma)
      : SM(SM), Pragma(Pragma), Toks(Pragma.Tokens) {
    Out.Dir.Loc = Pragma.Loc;
    Out.Dir.EndLoc = Pragma.EndLoc;
    Out.Dir.IsPragmaOperator = Pragma.IsPragmaOperator;
    Out.Dir.NameLoc = Pragma.OmpLoc;
  }

  ParsedDirective run() {
    parseName();
    if (Out.ok())
      parseClauses();
    if (Out.ok())
      checkClauseNames();
    if (Out.ok())
      checkCombinations();
    return std::move(Out);
  }

private:
  const SourceManager &SM;
  const LexedPragma &Pragma;
  llvm::ArrayRef<PragmaToken> Toks;
  size_t Pos = 0;
  ParsedDirective Out;
  unsigned ScheduleCount = 0;

  Directive &dir() { return Out.Dir; }
  bool atEnd() const { return Pos >= Toks.size(); }
  const PragmaToken *peek(size_t Ahead = 0) const {
    return Pos + Ahead < Toks.size() ? &Toks[Pos + Ahead] : nullptr;
  }
  bool peekIs(StringRef Text, size_t Ahead = 0) const {
    const PragmaToken *T = peek(Ahead);
    return T && T->Text == Text;
  }
  /// Where "expected ..." points: the next token, or the end of the pragma.
  SourceLocation hereLoc() const {
    return atEnd() ? Pragma.EndLoc : Toks[Pos].Loc;
  }

  void error(Diag Id, SourceLocation Loc, std::vector<std::string> Args = {}) {
    Out.Diags.push_back(PendingDiag{Id, Loc, std::move(Args), {}, 0, {}});
  }

  /// The source text of consecutive tokens: as written, or, when macros
  /// produced some of them, their spellings joined by spaces.
  std::string textOf(llvm::ArrayRef<PragmaToken> Range) const {
    if (Range.empty())
      return "";
    bool Expanded = false;
    for (const PragmaToken &T : Range)
      Expanded |= T.Expanded;
    if (Expanded) {
      std::string Out;
      for (const PragmaToken &T : Range)
        Out += (Out.empty() ? "" : " ") + T.Text;
      return Out;
    }
    const char *B = SM.getCharacterData(Range.front().Loc);
    const char *E = SM.getCharacterData(Range.back().endLoc());
    return std::string(B, E > B ? E - B : 0);
  }

  bool expect(StringRef Text, Diag Id, std::vector<std::string> Args = {}) {
    if (peekIs(Text)) {
      ++Pos;
      return true;
    }
    error(Id, hereLoc(), std::move(Args));
    return false;
  }

  void parseName() {
    const PragmaToken *First = peek();
    if (!First || First->TokKind != PragmaToken::Identifier)
      return;
    dir().NameLoc = First->Loc;
    StringRef W = First->Text;
    auto Set = [&](DirectiveKind K, StringRef Name, size_t Words) {
      dir().Kind = K;
      dir().Name = Name.str();
      Pos += Words;
    };
    if (W == "parallel" && peekIs("for", 1) && !peekIs("simd", 2))
      return Set(DirectiveKind::ParallelFor, "parallel for", 2);
    if (W == "for" && !peekIs("simd", 1))
      return Set(DirectiveKind::For, "for", 1);
    if (W == "block") {
      Set(DirectiveKind::Block, "block", 1);
      if (!atEnd())
        error(Diag::ExtraTokensAfterBlock, peek()->Loc);
      return;
    }
    if (W == "world_parallel") {
      Set(DirectiveKind::WorldParallelFor, "world_parallel for", 1);
      if (!peekIs("for"))
        return error(Diag::ExpectedForAfterWorldParallel, hereLoc());
      ++Pos;
      return;
    }
    if (W == "single")
      return Set(DirectiveKind::Single, "single", 1);
    if (W == "atomic")
      return Set(DirectiveKind::Atomic, "atomic", 1);

    // Another directive: its name is its leading words.
    std::string Name;
    while (const PragmaToken *T = peek()) {
      // `critical(name)`: the first word is the name even before `(`.
      if (T->TokKind != PragmaToken::Identifier ||
          (!Name.empty() && (peekIs("(", 1) || isBareClause(T->Text))))
        break;
      Name += (Name.empty() ? "" : " ") + T->Text;
      ++Pos;
    }
    dir().Kind = DirectiveKind::Other;
    dir().Name = Name;
    if (Name == "critical" && peekIs("(") && peek(1) &&
        peek(1)->TokKind == PragmaToken::Identifier && peekIs(")", 2)) {
      dir().CriticalName = peek(1)->Text;
      Pos += 3;
    }
  }

  bool ownsClauses() const {
    switch (Out.Dir.Kind) {
    case DirectiveKind::ParallelFor:
    case DirectiveKind::For:
    case DirectiveKind::WorldParallelFor:
      return true;
    default:
      return false;
    }
  }

  /// On a directive Orbis lowers, a clause OpenMP does not know is an
  /// error naming it (clang's "extra tokens ... are ignored" hid a typo
  /// such as `privat(n)`), with the nearest clause the directive allows.
  void checkClauseNames() {
    if (!dir().Blocked && dir().Kind != DirectiveKind::WorldParallelFor)
      return;
    for (const PassThroughClause &C : dir().Clauses) {
      if (llvm::omp::getOpenMPClauseKind(C.Name) != llvm::omp::OMPC_unknown)
        continue;
      llvm::omp::Directive Kind = llvm::omp::getOpenMPDirectiveKind(
          dir().Kind == DirectiveKind::WorldParallelFor ? "parallel for"
                                                        : dir().Name);
      std::optional<StringRef> Near;
      unsigned BestDistance = 3;
      for (size_t I = 0; I < llvm::omp::Clause_enumSize; ++I) {
        auto Clause = static_cast<llvm::omp::Clause>(I);
        if (Kind != llvm::omp::OMPD_unknown &&
            !llvm::omp::isAllowedClauseForDirective(Kind, Clause, 51))
          continue;
        StringRef Name = llvm::omp::getOpenMPClauseName(Clause);
        unsigned Distance = StringRef(C.Name).edit_distance(Name, true,
                                                            BestDistance);
        if (Distance < BestDistance) {
          BestDistance = Distance;
          Near = Name;
        }
      }
      std::string Where = "'#pragma omp " + dir().Name + "'";
      if (Near)
        return error(Diag::UnknownClauseSuggest, C.Loc,
                     {C.Name, Where, Near->str()});
      return error(Diag::UnknownClause, C.Loc, {C.Name, Where});
    }
  }

  /// An error for a directive whose first word is no OpenMP directive's
  /// (with the nearest one); whether there was one.
  bool reportMisspelledDirective() {
    StringRef First = StringRef(dir().Name).split(' ').first;
    if (First.empty() || isOpenMPDirectiveWord(First))
      return false;
    if (std::optional<StringRef> Near = nearestDirectiveWord(First))
      error(Diag::UnknownDirectiveSuggest, dir().NameLoc,
            {First.str(), Near->str()});
    else
      error(Diag::UnknownDirective, dir().NameLoc, {First.str()});
    return true;
  }

  void parseClauses() {
    while (!atEnd() && Out.ok()) {
      const PragmaToken &T = Toks[Pos];
      if (T.is(",")) {
        ++Pos;
        continue;
      }
      if (T.TokKind != PragmaToken::Identifier) {
        // Clang checks the clauses of directives we do not own.
        if (ownsClauses())
          error(Diag::ExpectedClause, T.Loc, {T.Text});
        return;
      }
      ++Pos;
      if (T.is("schedule")) {
        parseSchedule(T);
      } else if (T.is("block_local")) {
        parseBlockLocal(T);
      } else if (T.is("world") &&
                 (peekIs("(") ||
                  dir().Kind == DirectiveKind::WorldParallelFor)) {
        if (!peekIs("("))
          return error(Diag::ExpectedLParenAfter, hereLoc(), {"world"});
        parseWorld(T);
      } else {
        parsePassThrough(T);
      }
    }
  }

  /// Skips to the parenthesis matching the one at Pos; returns its index.
  std::optional<size_t> findClosingParen() {
    unsigned Depth = 0;
    for (size_t I = Pos; I < Toks.size(); ++I) {
      if (Toks[I].is("("))
        ++Depth;
      else if (Toks[I].is(")") && --Depth == 0)
        return I;
    }
    error(Diag::ExpectedRParen, Pragma.EndLoc);
    return std::nullopt;
  }

  void parsePassThrough(const PragmaToken &NameTok) {
    size_t NameIndex = Pos - 1, LastIndex = NameIndex;
    if (peekIs("(")) {
      std::optional<size_t> Close = findClosingParen();
      if (!Close)
        return;
      LastIndex = *Close;
      Pos = *Close + 1;
    }
    if (dir().Kind == DirectiveKind::Single && NameTok.is("nowait"))
      dir().Nowait = true;
    if (isMemoryOrderClause(NameTok.Text))
      dir().HasMemoryOrder = true;
    dir().Clauses.push_back(
        {NameTok.Text,
         textOf(Toks.slice(NameIndex, LastIndex - NameIndex + 1)),
         NameTok.Loc});
  }

  void parseSchedule(const PragmaToken &NameTok) {
    size_t NameIndex = Pos - 1;
    if (!peekIs("(")) {
      if (ownsClauses())
        error(Diag::ExpectedLParenAfter, hereLoc(), {"schedule"});
      return;
    }
    std::optional<size_t> Close = findClosingParen();
    if (!Close)
      return;
    llvm::ArrayRef<PragmaToken> Inner = Toks.slice(Pos + 1, *Close - Pos - 1);
    const PragmaToken &CloseTok = Toks[*Close];
    Pos = *Close + 1;
    ++ScheduleCount;

    // [modifier [, modifier] :] kind [, chunk]
    // Modifiers end with a ':' before the kind, i.e. before any comma that
    // is not a modifier separator; a ':' in the chunk expression is not one.
    llvm::ArrayRef<PragmaToken> Modifiers, Rest = Inner;
    for (size_t I = 0; I < Inner.size(); ++I) {
      if (Inner[I].is("("))
        break;
      if (Inner[I].is(",") && !(I + 1 < Inner.size() &&
                                Inner[I + 1].TokKind == PragmaToken::Identifier &&
                                I + 2 < Inner.size() &&
                                (Inner[I + 2].is(":") || Inner[I + 2].is(","))))
        break;
      if (Inner[I].is(":")) {
        Modifiers = Inner.take_front(I);
        Rest = Inner.drop_front(I + 1);
        break;
      }
    }
    if (Rest.empty() || Rest[0].TokKind != PragmaToken::Identifier) {
      if (ownsClauses() || !Rest.empty())
        error(Diag::ExpectedIdentifier,
              Rest.empty() ? CloseTok.Loc : Rest[0].Loc, {"a schedule kind"});
      return;
    }
    const PragmaToken &KindTok = Rest[0];
    if (isStandardScheduleKind(KindTok.Text)) {
      if (dir().Blocked)
        return error(Diag::DuplicateSchedule, NameTok.Loc, {dir().Name});
      dir().Clauses.push_back(
          {"schedule", textOf(Toks.slice(NameIndex, Pos - NameIndex)),
           NameTok.Loc});
      return;
    }
    if (KindTok.Text != "blocked") {
      StringRef Kind = KindTok.Text;
      if (Kind.edit_distance("blocked", /*AllowReplacements=*/true) <= 2) {
        Out.Diags.push_back(PendingDiag{Diag::UnknownScheduleKindSuggest,
                                        KindTok.Loc,
                                        {KindTok.Text},
                                        KindTok.Loc,
                                        KindTok.Length,
                                        "blocked"});
        return;
      }
      return error(Diag::UnknownScheduleKind, KindTok.Loc, {KindTok.Text});
    }

    if (ScheduleCount > 1)
      return error(Diag::DuplicateSchedule, NameTok.Loc, {dir().Name});
    if (Rest.size() != Inner.size()) {
      if (Modifiers.empty()) // `schedule(: blocked)`
        return error(Diag::ExpectedIdentifier, Inner[0].Loc,
                     {"a schedule modifier"});
      return error(Diag::BlockedModifier, Modifiers[0].Loc);
    }
    if (!ownsClauses()) {
      // A misspelled directive (`paralel for`) is not a directive that
      // refuses the clause.
      if (reportMisspelledDirective())
        return;
      return error(Diag::BlockedNotAllowed, NameTok.Loc, {dir().Name});
    }
    dir().Blocked = true;
    dir().ScheduleLoc = NameTok.Loc;

    llvm::ArrayRef<PragmaToken> Args = Rest.drop_front();
    if (Args.empty())
      return;
    if (!Args[0].is(","))
      return error(Diag::ExpectedComma, Args[0].Loc);
    Args = Args.drop_front();
    if (Args.empty())
      return error(Diag::ExpectedExpression, CloseTok.Loc);
    unsigned Depth = 0;
    for (const PragmaToken &T : Args) {
      if (T.is("(") || T.is("[") || T.is("{"))
        ++Depth;
      else if ((T.is(")") || T.is("]") || T.is("}")) && Depth > 0)
        --Depth;
      else if (T.is(",") && Depth == 0)
        return error(Diag::BlockedTooManyArgs, T.Loc);
    }
    BlockSizeArg Size;
    Size.Loc = Args.front().Loc;
    Size.Text = textOf(Args);
    Size.Tokens.assign(Args.begin(), Args.end());
    ConstantValue Value = evaluateConstantExpr(Args);
    bool FloatingLiteral = llvm::any_of(Args, [](const PragmaToken &T) {
      return T.TokKind == PragmaToken::Number &&
             StringRef(T.Text).find_first_of(".eEpP") != StringRef::npos &&
             !StringRef(T.Text).starts_with_insensitive("0x");
    });
    if (Value.Kind == ConstantValue::Ok)
      Size.Constant = Value.Value;
    // Only literals and operators, yet no value: malformed, like `4 4`.
    bool LiteralsOnly = llvm::all_of(Args, [](const PragmaToken &T) {
      return T.TokKind == PragmaToken::Number ||
             T.TokKind == PragmaToken::Punct;
    });
    // A floating literal among names (`(int)(n * 0.5)`, `(int)2.9`) may
    // still make an integer: such sizes are left to clang, which the
    // lowering makes reject a floating result at this pragma
    // (HostLowering.cpp, sizeExpression).
    if (Value.Kind == ConstantValue::TooLarge)
      return error(Diag::BlockedSizeTooLarge, Size.Loc);
    if (Value.Kind == ConstantValue::Invalid ||
        (FloatingLiteral && LiteralsOnly) ||
        (Value.Kind == ConstantValue::NotConstant && LiteralsOnly) ||
        (Size.Constant && *Size.Constant <= 0))
      return error(Diag::BlockedSizeNotPositive, Size.Loc);
    dir().BlockSize = std::move(Size);
  }

  bool parseIdentifier(std::string &Name, SourceLocation &Loc,
                       const char *What) {
    const PragmaToken *T = peek();
    if (!T || T->TokKind != PragmaToken::Identifier) {
      error(Diag::ExpectedIdentifier, hereLoc(), {What});
      return false;
    }
    Name = T->Text;
    Loc = T->Loc;
    ++Pos;
    return true;
  }

  void parseBlockLocal(const PragmaToken &NameTok) {
    BlockLocalClause C;
    C.Loc = NameTok.Loc;
    if (!expect("(", Diag::ExpectedLParenAfter, {"block_local"}) ||
        !parseIdentifier(C.Var, C.VarLoc, "a variable name") ||
        !expect(",", Diag::ExpectedComma))
      return;
    if (!peekIs("("))
      return error(Diag::ExpectedIndexList, hereLoc());
    ++Pos;
    do {
      std::string Index;
      SourceLocation IndexLoc;
      if (!parseIdentifier(Index, IndexLoc, "a loop variable"))
        return;
      C.Indices.push_back({Index, IndexLoc});
    } while (peekIs(",") && ++Pos);
    if (!expect(")", Diag::ExpectedRParen) ||
        !expect(",", Diag::ExpectedComma))
      return;
    if (!parseHalo(C))
      return;
    if (!expect(")", Diag::ExpectedRParen))
      return;
    for (const BlockLocalClause &Earlier : dir().BlockLocals)
      if (Earlier.Var == C.Var)
        return error(Diag::BlockLocalDuplicate, C.VarLoc, {C.Var});
    dir().BlockLocals.push_back(std::move(C));
  }

  /// The halo: an integer constant expression up to the clause's `)` (or
  /// a `,` outside parentheses, where the `)` is then missing: a fourth
  /// argument is "expected ')'" at its comma, not a halo that is no
  /// constant).
  bool parseHalo(BlockLocalClause &C) {
    size_t Begin = Pos, End = Pos;
    unsigned Depth = 0;
    for (; End < Toks.size(); ++End) {
      if (Toks[End].is("("))
        ++Depth;
      else if (Toks[End].is(")") && Depth-- == 0)
        break;
      else if (Toks[End].is(",") && Depth == 0)
        break;
    }
    if (End == Begin) {
      error(Diag::ExpectedExpression, hereLoc());
      return false;
    }
    C.HaloLoc = Toks[Begin].Loc;
    llvm::ArrayRef<PragmaToken> Halo = Toks.slice(Begin, End - Begin);
    ConstantValue V = evaluateConstantExpr(Halo);
    bool HasNames = llvm::any_of(Halo, [](const PragmaToken &T) {
      return T.TokKind == PragmaToken::Identifier;
    });
    if (V.Kind == ConstantValue::NotConstant && HasNames) {
      // Enumerators and constants: the analysis, which sees declarations,
      // evaluates it (see BlockLocalClause::HaloTokens).
      C.HaloTokens.assign(Halo.begin(), Halo.end());
      Pos = End;
      return true;
    }
    std::optional<int64_t> Value;
    if (V.Kind == ConstantValue::Ok)
      Value = V.Value;
    if (!Value) {
      error(Diag::HaloNotConstant, C.HaloLoc);
      return false;
    }
    if (*Value < 0) {
      error(Diag::HaloNegative, C.HaloLoc);
      return false;
    }
    Pos = End;
    C.Halo = *Value;
    return true;
  }

  void parseWorld(const PragmaToken &NameTok) {
    ++Pos; // '('
    do {
      std::string Var;
      SourceLocation Loc;
      if (!parseIdentifier(Var, Loc, "a variable name"))
        return;
      dir().WorldVars.push_back({Var, Loc});
    } while (peekIs(",") && ++Pos);
    if (!expect(")", Diag::ExpectedRParen))
      return;
    // A misspelled directive (`world_paralel for`) is named as such, not
    // as a directive that refuses the clause.
    if (dir().Kind != DirectiveKind::WorldParallelFor &&
        !reportMisspelledDirective())
      error(Diag::WorldClauseOutsideWorld, NameTok.Loc);
  }

  void checkCombinations() {
    const Directive &D = Out.Dir;
    if (!D.BlockLocals.empty() && !D.Blocked)
      return error(Diag::BlockLocalWithoutBlocked, D.BlockLocals[0].Loc);
    if (!D.Blocked)
      return;
    for (const PassThroughClause &C : D.Clauses)
      if (C.Name == "collapse" || C.Name == "ordered" || C.Name == "linear")
        return error(Diag::ClauseWithBlocked, C.Loc, {C.Name});
  }
};

/// Integer constant expressions over literals with C's integer operators
/// (unary - + ~ !, binary * / % + - << >> < > <= >= == != & ^ | && ||, and
/// ?:), evaluated in 64-bit signed arithmetic. Anything else (names, casts,
/// floating literals) is NotConstant; a value beyond 64 bits (a literal or
/// a result) is TooLarge; division by zero or a bad shift is Invalid.
class ConstantEvaluator {
public:
  ConstantEvaluator(llvm::ArrayRef<PragmaToken> Toks,
                    const NameResolver &Resolve)
      : Toks(Toks), Resolve(Resolve) {}

  ConstantValue run() {
    std::optional<int64_t> V = conditional();
    if (TooLarge)
      return {ConstantValue::TooLarge, 0};
    if (Invalid)
      return {ConstantValue::Invalid, 0};
    if (!V || Pos != Toks.size())
      return {ConstantValue::NotConstant, 0};
    return {ConstantValue::Ok, *V};
  }

private:
  llvm::ArrayRef<PragmaToken> Toks;
  const NameResolver &Resolve;
  size_t Pos = 0;
  unsigned Depth = 0;
  bool Invalid = false;

  bool accept(StringRef S) {
    if (Pos < Toks.size() && Toks[Pos].Text == S) {
      ++Pos;
      return true;
    }
    return false;
  }
  bool TooLarge = false;

  std::optional<int64_t> invalid() {
    Invalid = true;
    return std::nullopt;
  }
  std::optional<int64_t> tooLarge() {
    TooLarge = true;
    return invalid();
  }

  std::optional<int64_t> conditional() {
    if (++Depth > 64)
      return std::nullopt;
    std::optional<int64_t> C = binary(0);
    if (C && accept("?")) {
      std::optional<int64_t> T = conditional();
      if (!T || !accept(":"))
        C = std::nullopt;
      else {
        std::optional<int64_t> F = conditional();
        C = F ? std::optional<int64_t>(*C ? *T : *F) : std::nullopt;
      }
    }
    --Depth;
    return C;
  }

  /// Binary operators by precedence level, lowest first.
  static int precedence(StringRef Op) {
    return llvm::StringSwitch<int>(Op)
        .Case("||", 1).Case("&&", 2).Case("|", 3).Case("^", 4).Case("&", 5)
        .Cases("==", "!=", 6).Cases("<", ">", "<=", ">=", 7)
        .Cases("<<", ">>", 8).Cases("+", "-", 9).Cases("*", "/", "%", 10)
        .Default(0);
  }

  std::optional<int64_t> binary(int MinPrecedence) {
    std::optional<int64_t> L = unary();
    while (L && Pos < Toks.size()) {
      StringRef Op = Toks[Pos].Text;
      int P = Toks[Pos].TokKind == PragmaToken::Punct ? precedence(Op) : 0;
      if (P == 0 || P <= MinPrecedence)
        break;
      ++Pos;
      std::optional<int64_t> R = binary(P);
      if (!R)
        return std::nullopt;
      L = apply(Op, *L, *R);
    }
    return L;
  }

  std::optional<int64_t> apply(StringRef Op, int64_t L, int64_t R) {
    int64_t V;
    if (Op == "+")
      return __builtin_add_overflow(L, R, &V) ? tooLarge() : V;
    if (Op == "-")
      return __builtin_sub_overflow(L, R, &V) ? tooLarge() : V;
    if (Op == "*")
      return __builtin_mul_overflow(L, R, &V) ? tooLarge() : V;
    if (Op == "/" || Op == "%") {
      if (R == 0 || (L == INT64_MIN && R == -1))
        return invalid();
      return Op == "/" ? L / R : L % R;
    }
    if (Op == "<<" || Op == ">>") {
      if (R < 0 || R > 62 || L < 0)
        return invalid();
      if (Op == ">>")
        return L >> R;
      return L > (INT64_MAX >> R) ? invalid() : std::optional<int64_t>(L << R);
    }
    return llvm::StringSwitch<int64_t>(Op)
        .Case("<", L < R).Case(">", L > R).Case("<=", L <= R)
        .Case(">=", L >= R).Case("==", L == R).Case("!=", L != R)
        .Case("&", L & R).Case("^", L ^ R).Case("|", L | R)
        .Case("&&", L && R).Case("||", L || R)
        .Default(0);
  }

  std::optional<int64_t> unary() {
    if (++Depth > 64)
      return std::nullopt;
    std::optional<int64_t> V;
    if (accept("-")) {
      V = unary();
      if (V && *V == INT64_MIN)
        V = invalid();
      else if (V)
        V = -*V;
    } else if (accept("+")) {
      V = unary();
    } else if (accept("~")) {
      V = unary();
      if (V)
        V = ~*V;
    } else if (accept("!")) {
      V = unary();
      if (V)
        V = !*V;
    } else if (accept("(")) {
      V = conditional();
      if (!V || !accept(")"))
        V = std::nullopt;
    } else if (Pos < Toks.size() &&
               Toks[Pos].TokKind == PragmaToken::Identifier && Resolve) {
      V = Resolve(Toks[Pos].Text);
      ++Pos;
    } else if (Pos < Toks.size() && Toks[Pos].TokKind == PragmaToken::Number) {
      // Digit separators (C++14, C23: `1'000`) do not change the value.
      std::string Digits = StringRef(Toks[Pos].Text).rtrim("uUlLzZ").str();
      llvm::erase(Digits, '\'');
      StringRef Text = Digits;
      ++Pos;
      uint64_t Value;
      if (Text.getAsInteger(0, Value))
        // Beyond 64 bits, or a floating literal.
        V = llvm::all_of(Text, [](char C) { return llvm::isDigit(C); })
                ? tooLarge()
                : std::nullopt;
      else if (Value > uint64_t(INT64_MAX))
        V = tooLarge();
      else
        V = int64_t(Value);
    }
    --Depth;
    return V;
  }
};

} // namespace

ParsedDirective parseDirective(const SourceManager &SM,
                               const LexedPragma &Pragma) {
  return Parser(SM, Pragma).run();
}

ConstantValue evaluateConstantExpr(llvm::ArrayRef<PragmaToken> Tokens,
                                   const NameResolver &Resolve) {
  return ConstantEvaluator(Tokens, Resolve).run();
}

std::optional<int64_t> evaluateConstant(llvm::ArrayRef<PragmaToken> Tokens) {
  ConstantValue V = evaluateConstantExpr(Tokens);
  if (V.Kind != ConstantValue::Ok)
    return std::nullopt;
  return V.Value;
}

} // namespace orbis
