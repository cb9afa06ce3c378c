/// \file
/// Run-time checks that a pointer's `map` section holds what the nest's
/// instruction block touches (NestEmitter.h). The device copies only the
/// section, so an access past it would read memory that was never copied,
/// or write memory that is never copied back: a silently wrong result where
/// the CPU program is right. Only accesses the instruction block makes at
/// every iteration are checked, with subscripts the model knows exactly (a
/// loop variable plus a constant, or a constant), so that a correct program
/// whose boundary reads are guarded is never stopped.
#include "NestEmitter.h"

#include <map>

using namespace clang;

namespace orbis::cuda {
namespace {

/// The extreme accesses of one variable at one level (or at constants):
/// the smallest and largest constant added, and the accesses with them.
struct Extremes {
  int64_t Low = 0, High = 0;
  const Expr *LowAccess = nullptr, *HighAccess = nullptr;
};

} // namespace

std::string CudaNestEmitter::sectionChecks() {
  std::string Checks;
  for (const DeviceVariable &D : Vars) {
    if (D.Kind != DeviceVariable::Pointer || !D.Map)
      continue;
    // Level of the loop variable -> extremes; -1: constant subscripts.
    std::map<int, Extremes> ByLevel;
    for (const ArrayAccess &A : Nest.Accesses) {
      if (A.Base != D.Var || A.Subscripts.empty())
        continue;
      const Subscript &S = A.Subscripts.front();
      if (S.Kind == Subscript::Other || A.Conditional)
        continue;
      int Level = S.Kind == Subscript::LoopVar ? int(S.Level) : -1;
      auto [It, New] = ByLevel.try_emplace(Level);
      Extremes &X = It->second;
      if (New || S.Value < X.Low) {
        X.Low = S.Value;
        X.LowAccess = A.Expr;
      }
      if (New || S.Value > X.High) {
        X.High = S.Value;
        X.HighAccess = A.Expr;
      }
    }
    for (const auto &[Level, X] : ByLevel) {
      std::string Loop = "0", First = "0";
      if (Level >= 0) {
        Loop = "&__orbis_loops" + id() + "[" + std::to_string(Level) + "]";
        First = "__orbis_lbs" + id() + "[" + std::to_string(Level) + "]";
      }
      // The access as written, and where: what the message names.
      auto Access = [&](const Expr *E) {
        SourceLocation B = SM.getFileLoc(E->getBeginLoc()),
                       End = SM.getFileLoc(E->getEndLoc());
        std::string Text = text(CharSourceRange::getTokenRange(B, End));
        if (Text.empty() || Text.find('\n') != std::string::npos)
          Text = D.name() + "[...]";
        return quoted(where(B)) + ", " + quoted(Text);
      };
      Checks += "orbis_cuda_check_section(" + quoted(D.name()) +
                ", (const void *)" + D.name() + ", sizeof(*" + D.name() +
                "), (long long)(" + D.Map->Lower + "), (long long)(" +
                D.Map->Length + "), " + quoted(where(Nest.root().Pragma->Dir.Loc)) +
                ", " + Loop + ", " + First + ", " + std::to_string(X.Low) +
                "LL, " + Access(X.LowAccess) + ", " + std::to_string(X.High) +
                "LL, " + Access(X.HighAccess) + ");\n";
    }
  }
  if (Checks.empty())
    return "";
  // The instruction block runs only if every level has iterations.
  std::string Runs;
  for (const auto &L : Nest.Loops)
    Runs += std::string(Runs.empty() ? "" : " && ") + "__orbis_loops" + id() +
            "[" + std::to_string(L->Level) + "].trip > 0";
  return "if (" + Runs + ") {\n" + Checks + "}\n";
}

} // namespace orbis::cuda
