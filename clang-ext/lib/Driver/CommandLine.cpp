/// \file
/// Command-line splitting (see CommandLine.h).
#include "CommandLine.h"

#include "CudaToolkit.h"

#include "clang/Driver/Options.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Support/Path.h"

using namespace clang::driver;

namespace orbis {
namespace {

InputKind kindFromLanguage(llvm::StringRef Lang) {
  return llvm::StringSwitch<InputKind>(Lang)
      .Case("c", InputKind::CSource)
      .Case("c++", InputKind::CXXSource)
      .Default(InputKind::Other);
}

InputKind kindFromExtension(llvm::StringRef Path, bool CXXDriver) {
  llvm::StringRef Ext = llvm::sys::path::extension(Path);
  if (Ext == ".c")
    return CXXDriver ? InputKind::CXXSource : InputKind::CSource;
  return llvm::StringSwitch<InputKind>(Ext)
      .Cases(".cc", ".cpp", ".cxx", ".c++", ".C", InputKind::CXXSource)
      .Cases(".cp", ".CPP", ".CC", ".hpp", InputKind::CXXSource)
      .Default(InputKind::Other);
}

} // namespace

DriverCommandLine parseDriverCommandLine(llvm::ArrayRef<const char *> Args,
                                         bool CXXDriver) {
  DriverCommandLine Out;
  std::vector<const char *> ForClang;
  bool ExplicitArchs = false;
  // -fopenmp-simd alone: simd directives only (see below).
  bool ExplicitOpenMP = false, SimdOnly = false;
  for (const char *A : Args) {
    llvm::StringRef S(A);
    if (S == "--print-model") {
      Out.PrintModel = true;
    } else if (S == "--emit-lowered") {
      Out.EmitLowered = true;
    } else if (S.starts_with("--emit-lowered=")) {
      Out.EmitLowered = true;
      Out.EmitLoweredFile = S.drop_front(strlen("--emit-lowered=")).str();
    } else if (S == "-Worbis-dependence" || S == "-Werror=orbis-dependence") {
      Out.Dependence = CheckSeverity::Error;
    } else if (S == "-Wno-error=orbis-dependence") {
      Out.Dependence = CheckSeverity::Warning;
    } else if (S == "-Wno-orbis-dependence" || S == "-Wno-everything") {
      Out.Dependence = CheckSeverity::Ignored;
    } else if (S.starts_with("--offload=") || S.starts_with("-offload=")) {
      llvm::StringRef Kind = S.split('=').second;
      if (Kind == "cuda")
        Out.OffloadCuda = true;
      else if (Kind == "host" || Kind == "none")
        Out.OffloadCuda = false;
      else
        Out.Errors.push_back("unsupported offload target '" + Kind.str() +
                             "' in '" + S.str() +
                             "' (supported: cuda, host)");
    } else if (S.starts_with("--offload-arch=")) {
      // Repeated options add architectures, as with clang; the first one
      // replaces the default.
      if (!ExplicitArchs)
        Out.OffloadArchs.clear();
      ExplicitArchs = true;
      llvm::SmallVector<llvm::StringRef, 4> Archs;
      S.drop_front(strlen("--offload-arch=")).split(Archs, ',');
      for (llvm::StringRef Arch : Archs) {
        std::optional<unsigned> Number = computeCapabilityOf(Arch);
        if (!Number || *Number < 70)
          Out.Errors.push_back("unsupported GPU architecture '" + Arch.str() +
                               "' in '" + S.str() +
                               "' (expected sm_70 or newer, e.g. sm_90)");
        else if (!llvm::is_contained(Out.OffloadArchs, Arch))
          Out.OffloadArchs.push_back(Arch.str());
      }
    } else {
      ForClang.push_back(A);
    }
  }

  const llvm::opt::OptTable &Table = getDriverOptTable();
  unsigned MissingIndex = 0, MissingCount = 0;
  llvm::opt::InputArgList Parsed =
      Table.ParseArgs(ForClang, MissingIndex, MissingCount,
                      llvm::opt::Visibility(options::ClangOption));
  if (MissingCount)
    Out.Errors.push_back("argument to '" +
                         std::string(ForClang[MissingIndex]) + "' is missing");

  std::optional<InputKind> Forced;
  for (const llvm::opt::Arg *A : Parsed) {
    const llvm::opt::Option &O = A->getOption();
    llvm::opt::ArgStringList Rendered;
    if (O.matches(options::OPT_INPUT)) {
      std::string Path = A->getValue();
      InputKind K = Forced ? *Forced : kindFromExtension(Path, CXXDriver);
      if (K != InputKind::Other)
        Out.Inputs.push_back({Path, K, Out.ClangArgs.size()});
      else
        Out.OtherInputs.push_back(Path);
      Out.ClangArgs.push_back(Path);
      Out.HasInputs = true;
      continue;
    }
    if (O.matches(options::OPT_o)) {
      Out.Output = A->getValue();
    } else if (O.matches(options::OPT_fno_openmp)) {
      Out.OpenMP = false;
      continue;
    } else if (O.matches(options::OPT_fopenmp) ||
               O.matches(options::OPT_fopenmp_EQ)) {
      // The lowered code calls LLVM's runtime (libomp, also known by its
      // Intel names); GNU's has other entry points and environment.
      if (O.matches(options::OPT_fopenmp_EQ) &&
          llvm::StringRef(A->getValue()) != "libomp" &&
          llvm::StringRef(A->getValue()) != "libiomp5")
        Out.Errors.push_back("'" + A->getAsString(Parsed) +
                             "' is not supported: the extensions need LLVM's "
                             "OpenMP runtime (libomp), which -fopenmp uses");
      Out.OpenMP = true;
      ExplicitOpenMP = true;
      continue; // added back by the driver as -fopenmp
    } else if (O.matches(options::OPT_fopenmp_simd)) {
      // Only `simd` directives, as with clang: no threads, nothing lowered
      // (unless -fopenmp asks for all of OpenMP too); clang gets the flag.
      SimdOnly = true;
    } else if (O.matches(options::OPT__HASH_HASH_HASH)) {
      Out.DryRun = true;
      continue;
    } else if (O.matches(options::OPT_v)) {
      Out.Verbose = true;
    } else if (O.matches(options::OPT_w)) {
      Out.NoWarnings = true; // nvcc gets it too
    } else if (O.matches(options::OPT_fsanitize_EQ)) {
      for (const char *Value : A->getValues())
        if (llvm::StringRef(Value) == "thread")
          Out.ThreadSanitizer = true;
    } else if (O.matches(options::OPT_fno_sanitize_EQ)) {
      for (const char *Value : A->getValues())
        if (llvm::StringRef(Value) == "thread")
          Out.ThreadSanitizer = false;
    } else if (O.matches(options::OPT_x)) {
      llvm::StringRef Lang = A->getValue();
      Forced = Lang == "none" ? std::nullopt
                              : std::optional<InputKind>(kindFromLanguage(Lang));
    } else if (O.matches(options::OPT_c)) {
      if (Out.Stage == Phase::Link)
        Out.Stage = Phase::Compile;
    } else if (O.matches(options::OPT_S)) {
      Out.Stage = Phase::Assemble;
    } else if (O.matches(options::OPT_E)) {
      Out.Stage = Phase::Preprocess;
    } else if (O.matches(options::OPT_fsyntax_only)) {
      Out.Stage = Phase::SyntaxOnly;
    } else if (O.matches(options::OPT_M) || O.matches(options::OPT_MM)) {
      Out.Stage = Phase::DepsOnly;
    } else if (O.matches(options::OPT_MD) || O.matches(options::OPT_MMD)) {
      Out.WritesDeps = true;
    } else if (O.matches(options::OPT_MF)) {
      Out.DepFile = A->getValue();
    }
    if (O.matches(options::OPT_UNKNOWN)) {
      Out.ClangArgs.push_back(A->getAsString(Parsed));
      continue;
    }
    A->render(Parsed, Rendered);
    bool ForParsing = !O.matches(options::OPT_o) && !O.matches(options::OPT_c) &&
                      !O.matches(options::OPT_S) && !O.matches(options::OPT_E) &&
                      !O.matches(options::OPT_fsyntax_only) &&
                      !O.matches(options::OPT_v) &&
                      !O.matches(options::OPT_M_Group) &&
                      // several compiler jobs; the lowering parses once
                      !O.matches(options::OPT_save_temps) &&
                      !O.matches(options::OPT_save_temps_EQ) &&
                      // the lowering's parse sees OpenMP's pragmas as
                      // pragmas: in simd mode clang would parse the
                      // extensions' clauses as its own
                      !O.matches(options::OPT_fopenmp_simd);
    for (const char *R : Rendered) {
      Out.ClangArgs.push_back(R);
      if (ForParsing)
        Out.FrontendArgs.push_back(R);
    }
  }
  // -w silences warnings, as clang's: the check when it was made a warning
  // (-Wno-error=orbis-dependence), not when it is an error (a default-error
  // warning of clang's stays an error under -w too).
  if (Parsed.hasArg(options::OPT_w) && // --no-warnings too (an alias)
      Out.Dependence == CheckSeverity::Warning)
    Out.Dependence = CheckSeverity::Ignored;
  if (SimdOnly && !ExplicitOpenMP) {
    Out.OpenMP = false;
    Out.SimdOnly = true;
  }
  return Out;
}

} // namespace orbis
