/// \file
/// Preprocessor callbacks that see every `#pragma` and `_Pragma` as Clang
/// preprocesses the file, and parse the OpenMP ones with the pragma parser.
/// Extension directives that come from macros or headers are diagnosed here.
#ifndef ORBIS_FRONTEND_PRAGMACOLLECTOR_H
#define ORBIS_FRONTEND_PRAGMACOLLECTOR_H

#include "orbis/Diagnostics.h"
#include "orbis/PragmaLexer.h"
#include "orbis/NestModel.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

namespace orbis {

class PragmaCollector : public clang::PPCallbacks {
public:
  PragmaCollector(clang::Preprocessor &PP, DiagReporter &Reporter,
                  std::vector<CollectedDirective> &Out)
      : PP(PP), SM(PP.getSourceManager()), LangOpts(PP.getLangOpts()),
        Reporter(Reporter), Out(Out) {}

  void PragmaDirective(clang::SourceLocation Loc,
                       clang::PragmaIntroducerKind Introducer) override;

private:
  /// OpenMP pragma tokens are macro-expanded: expands object-like macros.
  void expandMacros(std::vector<PragmaToken> &Tokens, unsigned Depth = 0);
  /// The text of a `_Pragma` whose string a macro built (stringizing): read
  /// from the preprocessor's scratch buffer, where it is about to be lexed.
  std::optional<LexedPragma> lexFromScratch();

  clang::Preprocessor &PP;
  const clang::SourceManager &SM;
  const clang::LangOptions &LangOpts;
  DiagReporter &Reporter;
  std::vector<CollectedDirective> &Out;
};

} // namespace orbis

#endif
