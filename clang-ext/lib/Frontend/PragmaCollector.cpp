/// \file
/// Collecting OpenMP pragmas during preprocessing (see PragmaCollector.h).
#include "PragmaCollector.h"

#include "orbis/PragmaParser.h"

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
  if (!Lexed)
    return;
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
  if (FromMacro || !SM.isInMainFile(Reported)) {
    // Standard directives from macros and headers stay Clang's business.
    if (Parsed.Dir.isExtension())
      Reporter.report(Reported, FromMacro ? Diag::DirectiveInMacro
                                          : Diag::DirectiveInHeader)
          << Parsed.Dir.Name;
    else if (!Parsed.ok() && !FromMacro)
      for (const PendingDiag &D : Parsed.Diags)
        Reporter.report(D);
    return;
  }
  for (const PendingDiag &D : Parsed.Diags)
    Reporter.report(D);
  if (!Parsed.ok())
    return;

  CollectedDirective C;
  C.Dir = std::move(Parsed.Dir);
  C.ExtentBegin = Lexed->Loc;
  C.ExtentEnd = Lexed->ExtentEnd;
  C.NextCodeLoc = nextCodeToken(SM, LangOpts, Lexed->ExtentEnd);
  Out.push_back(std::move(C));
}

} // namespace orbis
