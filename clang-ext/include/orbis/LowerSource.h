/// \file
/// The front end of the compiler as a library call: parse one source file with
/// Clang (without -fopenmp, `_OPENMP` defined as with it), collect its OpenMP
/// pragmas, analyze the tiled nests and produce the lowered source. Errors are
/// reported as Clang diagnostics to the given stream.
#ifndef ORBIS_LOWERSOURCE_H
#define ORBIS_LOWERSOURCE_H

#include "orbis/Diagnostics.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace orbis {

struct LowerRequest {
  /// A clang command line that compiles exactly the one source file to lower
  /// (argv[0] is the clang executable; only compile flags matter).
  std::vector<std::string> ClangArgs;
  /// The source file, as named on the command line.
  std::string InputFile;
  /// How a tiling that can reverse a dependence is reported
  /// (-W[no-][error=]orbis-dependence).
  CheckSeverity Dependence = CheckSeverity::Error;
};

struct LowerOutcome {
  bool Success = false;
  /// The source needed rewriting; otherwise it compiles as it is.
  bool Changed = false;
  std::string Lowered;
};

LowerOutcome lowerSource(const LowerRequest &Request,
                         llvm::raw_ostream &DiagStream, bool ShowColors);

} // namespace orbis

#endif // ORBIS_LOWERSOURCE_H
