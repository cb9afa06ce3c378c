/// \file
/// Preprocessor callbacks that see every `#pragma` and `_Pragma` as Clang
/// preprocesses the file, and parse the OpenMP ones with the pragma parser.
/// Extension directives that come from macros or headers are diagnosed here.
#ifndef ORBIS_FRONTEND_PRAGMACOLLECTOR_H
#define ORBIS_FRONTEND_PRAGMACOLLECTOR_H

#include "orbis/Diagnostics.h"
#include "orbis/NestModel.h"
#include "clang/Lex/PPCallbacks.h"

namespace orbis {

class PragmaCollector : public clang::PPCallbacks {
public:
  PragmaCollector(const clang::SourceManager &SM,
                  const clang::LangOptions &LangOpts, DiagReporter &Reporter,
                  std::vector<CollectedDirective> &Out)
      : SM(SM), LangOpts(LangOpts), Reporter(Reporter), Out(Out) {}

  void PragmaDirective(clang::SourceLocation Loc,
                       clang::PragmaIntroducerKind Introducer) override;

private:
  const clang::SourceManager &SM;
  const clang::LangOptions &LangOpts;
  DiagReporter &Reporter;
  std::vector<CollectedDirective> &Out;
};

} // namespace orbis

#endif
