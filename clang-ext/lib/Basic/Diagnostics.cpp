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
  return reportAs(Loc, Id, Table[static_cast<unsigned>(Id)].Level);
}

DiagnosticBuilder DiagReporter::reportAs(SourceLocation Loc, Diag Id,
                                         DiagnosticsEngine::Level Level) {
  unsigned &CustomId = Ids[{static_cast<unsigned>(Id), Level}];
  if (!CustomId)
    CustomId = Engine.getDiagnosticIDs()->getCustomDiagID(
        static_cast<DiagnosticIDs::Level>(Level),
        Table[static_cast<unsigned>(Id)].Text);
  if (Level == DiagnosticsEngine::Error ||
      (Level == DiagnosticsEngine::Warning && Engine.getWarningsAsErrors()))
    ++OwnErrors;
  return Engine.Report(Loc, CustomId);
}

void DiagReporter::report(const PendingDiag &D) {
  // A check the command line made a warning. The analysis parse ignores
  // clang's warnings (the compilation proper reports them); this one is
  // ours, so it is let through.
  bool AsWarning = (D.Id == Diag::TilingReversesDependence ||
                    D.Id == Diag::TilingMayReverseDependence) &&
                   Dependence == CheckSeverity::Warning;
  bool Ignoring = Engine.getIgnoreAllWarnings();
  if (AsWarning)
    Engine.setIgnoreAllWarnings(false);
  {
    DiagnosticBuilder B = AsWarning
                              ? reportAs(D.Loc, D.Id, DiagnosticsEngine::Warning)
                              : report(D.Loc, D.Id);
    for (const std::string &Arg : D.Args)
      B << Arg;
    if (D.FixLoc.isValid())
      B << FixItHint::CreateReplacement(
          CharSourceRange::getCharRange(D.FixLoc,
                                        D.FixLoc.getLocWithOffset(D.FixLength)),
          D.FixText);
  }
  Engine.setIgnoreAllWarnings(Ignoring);
}

} // namespace orbis
