/// \file
/// Splits a clang-style command line into what orbis-cc acts on (inputs,
/// output, phase, OpenMP, verbosity, its own options) and what passes through
/// to clang unchanged. Parsing uses Clang's own driver option table, so
/// options with separate values are never mistaken for inputs.
#ifndef ORBIS_DRIVER_COMMANDLINE_H
#define ORBIS_DRIVER_COMMANDLINE_H

#include "orbis/Diagnostics.h"
#include "llvm/ADT/ArrayRef.h"
#include <optional>
#include <string>
#include <vector>

namespace orbis {

enum class InputKind { CSource, CXXSource, Other };

struct DriverInput {
  std::string Path;
  InputKind Kind;
  /// Position among the arguments passed to clang (inputs stay in place).
  size_t ArgIndex;
};

enum class Phase { Link, Compile, Assemble, Preprocess, SyntaxOnly, DepsOnly };

struct DriverCommandLine {
  std::vector<std::string> ClangArgs; ///< in order, inputs included
  std::vector<DriverInput> Inputs;    ///< C/C++ sources among ClangArgs
  std::vector<std::string> OtherInputs; ///< objects, archives, libraries
  /// The flags that matter to parsing a source (no inputs, outputs, phase
  /// or dependency-file options): used for the lowering's own parse.
  std::vector<std::string> FrontendArgs;
  bool HasInputs = false; ///< any input at all, object files included
  Phase Stage = Phase::Link;
  std::optional<std::string> Output;  ///< -o
  std::optional<std::string> DepFile; ///< -MF
  bool WritesDeps = false;            ///< -MD / -MMD
  bool OpenMP = true;                 ///< off with -fno-openmp
  /// -fopenmp-simd alone: OpenMP off but its `simd` directives on (clang
  /// parses every OpenMP pragma then, so the extensions are still lowered;
  /// their parallel regions run on one thread).
  bool SimdOnly = false;
  bool Verbose = false;               ///< -v
  bool NoWarnings = false;            ///< -w
  bool ThreadSanitizer = false;       ///< -fsanitize=thread
  bool DryRun = false;                ///< -###
  bool EmitLowered = false;
  bool PrintModel = false; ///< --print-model: print the analysis model, stop
  std::string EmitLoweredFile; ///< empty: stdout, and stop after lowering
  /// -Worbis-dependence and its -Wno-, -Werror= and -Wno-error= forms
  /// (consumed here: clang does not know the group).
  CheckSeverity Dependence = CheckSeverity::Error;
  /// --offload=cuda: `parallel for schedule(blocked)` nests run on a GPU.
  bool OffloadCuda = false;
  /// --offload-arch=sm_90[,sm_...]: the GPUs the device code is built for.
  std::vector<std::string> OffloadArchs = {"sm_90"};
  std::vector<std::string> Errors;
};

DriverCommandLine parseDriverCommandLine(llvm::ArrayRef<const char *> Args,
                                         bool CXXDriver);

} // namespace orbis

#endif
