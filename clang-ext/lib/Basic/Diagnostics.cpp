/// \file
/// Turns orbis diagnostics into Clang diagnostics (see Diagnostics.h).
#include "orbis/Diagnostics.h"

using namespace clang;

namespace orbis {
namespace {

struct DiagInfo {
  DiagnosticsEngine::Level Level;
  const char *Text;
};

const DiagInfo Table[] = {
#define ORBIS_DIAG(ID, LEVEL, TEXT) {DiagnosticsEngine::LEVEL, TEXT},
#include "orbis/Diagnostics.def"
#undef ORBIS_DIAG
};

} // namespace

bool isNote(Diag Id) {
  return Table[static_cast<unsigned>(Id)].Level == DiagnosticsEngine::Note;
}

DiagnosticBuilder DiagReporter::report(SourceLocation Loc, Diag Id) {
  if (Ids.empty())
    Ids.assign(std::size(Table), 0);
  unsigned Index = static_cast<unsigned>(Id);
  if (!Ids[Index])
    Ids[Index] = Engine.getDiagnosticIDs()->getCustomDiagID(
        static_cast<DiagnosticIDs::Level>(Table[Index].Level),
        Table[Index].Text);
  if (Table[Index].Level == DiagnosticsEngine::Error ||
      (Table[Index].Level == DiagnosticsEngine::Warning &&
       Engine.getWarningsAsErrors()))
    ++OwnErrors;
  return Engine.Report(Loc, Ids[Index]);
}

void DiagReporter::report(const PendingDiag &D) {
  if (D.Id == Diag::TilingReversesDependence &&
      Dependence == CheckSeverity::Warning) {
    // The analysis parse ignores clang's warnings (the compilation proper
    // reports them); this one is ours, so it is let through.
    if (!DependenceWarningId)
      DependenceWarningId = Engine.getDiagnosticIDs()->getCustomDiagID(
          DiagnosticIDs::Warning,
          Table[static_cast<unsigned>(D.Id)].Text);
    if (Engine.getWarningsAsErrors())
      ++OwnErrors;
    bool Ignoring = Engine.getIgnoreAllWarnings();
    Engine.setIgnoreAllWarnings(false);
    {
      DiagnosticBuilder B = Engine.Report(D.Loc, DependenceWarningId);
      for (const std::string &Arg : D.Args)
        B << Arg;
    }
    Engine.setIgnoreAllWarnings(Ignoring);
    return;
  }
  DiagnosticBuilder B = report(D.Loc, D.Id);
  for (const std::string &Arg : D.Args)
    B << Arg;
  if (D.FixLoc.isValid())
    B << FixItHint::CreateReplacement(
        CharSourceRange::getCharRange(D.FixLoc,
                                      D.FixLoc.getLocWithOffset(D.FixLength)),
        D.FixText);
}

} // namespace orbis
