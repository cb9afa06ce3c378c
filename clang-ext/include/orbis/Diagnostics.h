/// \file
/// Every diagnostic orbis-cc emits, with its exact text, in one table. Library
/// code records diagnostics as values (PendingDiag); the front end turns them
/// into Clang diagnostics, so users see `file:line:col: error: ...` with a
/// caret, and tests can match the text exactly.
#ifndef ORBIS_DIAGNOSTICS_H
#define ORBIS_DIAGNOSTICS_H

#include "clang/Basic/Diagnostic.h"
#include <map>
#include <string>
#include <vector>

namespace orbis {

enum class Diag {
#define ORBIS_DIAG(ID, LEVEL, TEXT) ID,
#include "orbis/Diagnostics.def"
#undef ORBIS_DIAG
};

/// A diagnostic found by library code, not yet reported.
struct PendingDiag {
  Diag Id;
  clang::SourceLocation Loc;
  std::vector<std::string> Args;
  /// Optional fix-it: replace [FixLoc, FixLoc + FixLength) by FixText.
  clang::SourceLocation FixLoc;
  unsigned FixLength = 0;
  std::string FixText;
};

/// Whether `Id` is a note (which never makes a compilation fail).
bool isNote(Diag Id);

/// How a check that users can tune from the command line reports (like a
/// clang warning that is an error by default).
enum class CheckSeverity { Error, Warning, Ignored };

/// Reports diagnostics through Clang's engine (custom IDs made on first use).
class DiagReporter {
public:
  explicit DiagReporter(clang::DiagnosticsEngine &Engine) : Engine(Engine) {}
  /// Severity of Diag::TilingReversesDependence.
  CheckSeverity Dependence = CheckSeverity::Error;
  clang::DiagnosticBuilder report(clang::SourceLocation Loc, Diag Id);
  void report(const PendingDiag &D);
  bool hasErrors() const { return Engine.hasErrorOccurred(); }
  /// Whether errors other than ours were reported (clang's, about the
  /// code): then the AST may be incomplete and the analysis does not run.
  bool hasOtherErrors() const {
    return Engine.getClient()->getNumErrors() > OwnErrors;
  }
  /// Whether any of our own errors (about the extensions) was reported.
  bool hasOwnErrors() const { return OwnErrors > 0; }

private:
  clang::DiagnosticsEngine &Engine;
  /// `Id` at `Level`, which may differ from the table's (a check made a
  /// warning from the command line).
  clang::DiagnosticBuilder reportAs(clang::SourceLocation Loc, Diag Id,
                                    clang::DiagnosticsEngine::Level Level);

  /// Custom diagnostic IDs, made on first use, per (Diag, level).
  std::map<std::pair<unsigned, int>, unsigned> Ids;
  unsigned OwnErrors = 0;
};

} // namespace orbis

#endif // ORBIS_DIAGNOSTICS_H
