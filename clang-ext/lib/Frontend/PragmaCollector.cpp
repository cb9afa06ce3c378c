/// \file
/// Collecting OpenMP pragmas during preprocessing (see PragmaCollector.h).
#include "PragmaCollector.h"

#include "orbis/PragmaParser.h"

#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"

using namespace clang;

namespace orbis {

void PragmaCollector::PragmaDirective(SourceLocation Loc,
                                      PragmaIntroducerKind Introducer) {
  if (Introducer == PIK___pragma)
    return;
  bool FromMacro = Loc.isMacroID();
  SourceLocation Spelling = SM.getSpellingLoc(Loc);
  std::optional<LexedPragma> Lexed =
      Introducer == PIK_HashPragma
          ? lexHashPragma(SM, LangOpts, Spelling)
          : lexPragmaOperator(SM, LangOpts, Spelling);
  if (!Lexed && Introducer == PIK__Pragma && FromMacro)
    Lexed = lexFromScratch();
  if (!Lexed)
    return;
  expandMacros(Lexed->Tokens);
  SourceLocation Reported = SM.getExpansionLoc(Loc);
  if (Lexed->HasEscapes) {
    // Cannot read such a string token by token; only complain when it
    // looks like an extension directive.
    const char *Start = SM.getCharacterData(Lexed->OmpLoc);
    const char *End = SM.getCharacterData(Lexed->ExtentEnd);
    StringRef Text(Start, End - Start);
    if (Text.contains("blocked") || Text.contains("block") ||
        Text.contains("world_parallel"))
      Reporter.report(Reported, Diag::PragmaStringEscapes);
    return;
  }

  ParsedDirective Parsed = parseDirective(SM, *Lexed);
  if (!SM.isInMainFile(Reported)) {
    // Standard directives in headers stay Clang's business.
    if (Parsed.Dir.isExtension())
      Reporter.report(Reported, Diag::DirectiveInHeader) << Parsed.Dir.Name;
    else if (!Parsed.ok() && !FromMacro)
      for (const PendingDiag &D : Parsed.Diags)
        Reporter.report(D);
    return;
  }
  if (FromMacro && !Parsed.ok() && !Parsed.Dir.isExtension())
    return; // clang reports standard directives it cannot parse
  for (PendingDiag &D : Parsed.Diags) {
    if (FromMacro) {
      // The tokens live in the macro definition or in scratch space: point
      // at the macro's use instead.
      D.Loc = Reported;
      D.FixLoc = SourceLocation();
    }
    Reporter.report(D);
  }
  if (!Parsed.ok()) {
    // A loop directive with errors still binds to its loop, which the
    // analysis then skips: directives inside it are not reported as
    // misplaced.
    if (Parsed.Dir.isLoopDirective() && !FromMacro) {
      CollectedDirective C;
      C.Dir = std::move(Parsed.Dir);
      C.Failed = true;
      C.ExtentBegin = Lexed->Loc;
      C.ExtentEnd = Lexed->ExtentEnd;
      Out.push_back(std::move(C));
    }
    return;
  }

  // A directive from a macro is rewritten by replacing the whole macro
  // invocation, which must therefore hold nothing else that we rewrite.
  SourceLocation ExtentBegin = Lexed->Loc, ExtentEnd = Lexed->ExtentEnd;
  if (FromMacro) {
    CharSourceRange Invocation = SM.getExpansionRange(Loc);
    ExtentBegin = Invocation.getBegin();
    ExtentEnd = Invocation.isTokenRange()
                    ? Lexer::getLocForEndOfToken(Invocation.getEnd(), 0, SM,
                                                 LangOpts)
                    : Invocation.getEnd();
    if (!Out.empty() && Out.back().ExtentBegin == ExtentBegin) {
      if (Parsed.Dir.isExtension() || Out.back().Dir.isExtension())
        Reporter.report(Reported, Diag::DirectiveInMacro)
            << (Parsed.Dir.isExtension() ? Parsed.Dir.Name
                                         : Out.back().Dir.Name);
      return;
    }
    Parsed.Dir.Loc = ExtentBegin;
  }

  CollectedDirective C;
  C.Dir = std::move(Parsed.Dir);
  C.ExtentBegin = ExtentBegin;
  C.ExtentEnd = ExtentEnd;
  for (SourceLocation L = Loc; L.isMacroID();
       L = SM.getImmediateMacroCallerLoc(L)) {
    StringRef Name = Lexer::getImmediateMacroName(L, SM, LangOpts);
    if (!Name.empty() && !llvm::is_contained(C.Macros, Name))
      C.Macros.push_back(Name.str());
  }
  Out.push_back(std::move(C));
}

void PragmaCollector::expandMacros(std::vector<PragmaToken> &Tokens,
                                   unsigned Depth) {
  if (Depth > 16)
    return;
  std::vector<PragmaToken> Out;
  bool Changed = false;
  for (const PragmaToken &T : Tokens) {
    const MacroInfo *Macro =
        T.TokKind == PragmaToken::Identifier && !T.Expanded
            ? PP.getMacroInfo(PP.getIdentifierInfo(T.Text))
            : nullptr;
    if (!Macro || Macro->isFunctionLike()) {
      Out.push_back(T);
      continue;
    }
    Changed = true;
    for (const Token &R : Macro->tokens()) {
      PragmaToken E;
      E.Text = PP.getSpelling(R);
      E.Loc = T.Loc;
      E.Length = T.Length;
      E.Expanded = true;
      if (R.getIdentifierInfo())
        E.TokKind = PragmaToken::Identifier;
      else if (R.is(tok::numeric_constant))
        E.TokKind = PragmaToken::Number;
      else if (R.isOneOf(tok::string_literal, tok::char_constant))
        E.TokKind = PragmaToken::Other;
      else
        E.TokKind = PragmaToken::Punct;
      Out.push_back(std::move(E));
    }
  }
  if (!Changed)
    return;
  // Names produced by an expansion may be macros themselves.
  for (PragmaToken &T : Out)
    if (T.Expanded && T.TokKind == PragmaToken::Identifier)
      if (const MacroInfo *M = PP.getMacroInfo(PP.getIdentifierInfo(T.Text)))
        if (!M->isFunctionLike()) {
          for (PragmaToken &U : Out)
            U.Expanded = false; // let the next round look at them
          Tokens = std::move(Out);
          expandMacros(Tokens, Depth + 1);
          for (PragmaToken &U : Tokens)
            U.Expanded = true;
          return;
        }
  Tokens = std::move(Out);
}

std::optional<LexedPragma> PragmaCollector::lexFromScratch() {
  // Handle_Pragma has just entered a Lexer over the destringized text
  // (Lexer is the only kind of PreprocessorLexer).
  auto *Current = static_cast<Lexer *>(PP.getCurrentLexer());
  if (!Current)
    return std::nullopt;
  return lexScratchPragma(SM, LangOpts,
                          SM.getSpellingLoc(Current->getSourceLocation()));
}

} // namespace orbis
