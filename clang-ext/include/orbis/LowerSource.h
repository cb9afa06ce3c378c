/// \file
/// The front end of the compiler as a library call: parse one source file with
/// Clang (without -fopenmp, `_OPENMP` defined as with it), collect its OpenMP
/// pragmas, analyze the tiled nests and produce the lowered source. Errors are
/// reported as Clang diagnostics to the given stream.
#ifndef ORBIS_LOWERSOURCE_H
#define ORBIS_LOWERSOURCE_H

#include "orbis/Diagnostics.h"
#include "llvm/Support/Error.h"
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
  /// Print the analysis model (--print-model) into LowerOutcome::ModelText.
  bool PrintModel = false;
  /// `--offload=cuda`: `parallel for` nests become CUDA kernels.
  bool OffloadCuda = false;
};

/// A file the lowering generated beside the lowered source (a .cu).
struct GeneratedSource {
  std::string Name;
  std::string Text;
};

struct LowerOutcome {
  bool Success = false;
  /// Failed with clang's own errors only, in a source that uses no
  /// extension: clang compiling it as it is reports them all (warnings and
  /// errors the analysis parse does not check), so the driver lets it.
  bool OnlyClangErrors = false;
  /// The source needed rewriting; otherwise it compiles as it is.
  bool Changed = false;
  std::string Lowered;
  /// Libraries the lowered code needs, by link name.
  std::vector<std::string> Libraries;
  /// The model, when LowerRequest::PrintModel asked for it.
  std::string ModelText;
  /// Device code to compile and link with the lowered source.
  std::vector<GeneratedSource> Generated;
};

/// Diagnostics about the user's code go to `DiagStream` (and make Success
/// false); an internal failure (a file that cannot be read, edits that do
/// not apply) is the error.
llvm::Expected<LowerOutcome> lowerSource(const LowerRequest &Request,
                                         llvm::raw_ostream &DiagStream,
                                         bool ShowColors);

} // namespace orbis

#endif // ORBIS_LOWERSOURCE_H
