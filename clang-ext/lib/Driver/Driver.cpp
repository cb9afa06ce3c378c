/// \file
/// The driver's pipeline (see Driver.h): lower each source to a temporary
/// file with the same name, then run clang once on the rewritten command line
/// so that clang's own handling of -c/-o/-E/-S, several inputs and linking is
/// kept exactly. Dependency files are rewritten to name the user's sources.
#include "orbis/Driver.h"

#include "CommandLine.h"
#include "CudaToolkit.h"
#include "orbis/LowerSource.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Object/Archive.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

namespace orbis {
namespace {

/// `_OPENMP` as clang -fopenmp defines it, for the lowering's own parse
/// (which runs without -fopenmp, whose parser rejects the extensions): the
/// value of the last `-fopenmp-version=`, clang 19's default (5.1) for a
/// version it does not know or when none is given.
std::string openMPVersionMacro(llvm::ArrayRef<std::string> Args) {
  static const std::pair<const char *, const char *> Versions[] = {
      {"31", "201107"}, {"40", "201307"}, {"45", "201511"},
      {"50", "201811"}, {"51", "202011"}, {"52", "202111"}};
  std::string Value = "202011";
  for (const std::string &A : Args) {
    llvm::StringRef V(A);
    if (!V.consume_front("-fopenmp-version="))
      continue;
    Value = "202011";
    for (const auto &[Version, Macro] : Versions)
      if (V == Version)
        Value = Macro;
  }
  return "-D_OPENMP=" + Value;
}

std::string driverName(DriverLanguage Lang) {
  return Lang == DriverLanguage::CXX ? "orbis-c++" : "orbis-cc";
}

void printCommand(llvm::raw_ostream &OS, llvm::ArrayRef<std::string> Cmd) {
  for (const std::string &A : Cmd) {
    OS << " \"";
    for (char C : A) {
      if (C == '"' || C == '\\')
        OS << '\\';
      OS << C;
    }
    OS << "\"";
  }
  OS << "\n";
}

/// A temporary directory removed at the end unless ORBIS_KEEP_TEMPS is set.
class TempDir {
public:
  ~TempDir() {
    if (!Path.empty() && !llvm::sys::Process::GetEnv("ORBIS_KEEP_TEMPS"))
      llvm::sys::fs::remove_directories(Path);
  }
  /// A fresh subdirectory, so that inputs with equal names do not collide.
  std::string subdir() {
    if (Path.empty()) {
      llvm::SmallString<128> P;
      if (llvm::sys::fs::createUniqueDirectory("orbis", P))
        return "";
      Path = std::string(P);
    }
    std::string Sub = Path + "/" + std::to_string(Count++);
    llvm::sys::fs::create_directory(Sub);
    return Sub;
  }

private:
  std::string Path;
  unsigned Count = 0;
};

/// Runs a tool, its output and messages into `LogPath` when one is given;
/// false (with a message) if it cannot start or fails.
bool runTool(const std::string &Name, const std::vector<std::string> &Cmd,
             bool Verbose, std::optional<llvm::StringRef> LogPath = {}) {
  if (Verbose)
    printCommand(llvm::errs(), Cmd);
  std::vector<llvm::StringRef> Refs(Cmd.begin(), Cmd.end());
  std::optional<llvm::StringRef> ToLog[] = {std::nullopt, LogPath, LogPath};
  std::string ErrMsg;
  int RC = llvm::sys::ExecuteAndWait(
      Cmd[0], Refs, std::nullopt,
      LogPath ? llvm::ArrayRef<std::optional<llvm::StringRef>>(ToLog)
              : llvm::ArrayRef<std::optional<llvm::StringRef>>(),
      0, 0, &ErrMsg);
  if (RC < 0)
    llvm::errs() << Name << ": error: cannot run '" << Cmd[0]
                 << "': " << ErrMsg << "\n";
  return RC == 0;
}

/// The first of `Paths` that is an object (or an archive holding one)
/// with a GPU nest's launcher, which orbis-cc --offload=cuda defines in
/// every object with device code.
std::optional<std::string>
firstObjectWithGpuCode(const std::vector<std::string> &Paths) {
  auto HasLauncher = [](const llvm::object::ObjectFile &Object) {
    for (const llvm::object::SymbolRef &Symbol : Object.symbols()) {
      llvm::Expected<llvm::StringRef> SymbolName = Symbol.getName();
      llvm::Expected<uint32_t> Flags = Symbol.getFlags();
      if (!SymbolName || !Flags) {
        llvm::consumeError(SymbolName.takeError());
        llvm::consumeError(Flags.takeError());
        continue;
      }
      if (SymbolName->starts_with("__orbis_cuda_nest") &&
          !(*Flags & llvm::object::SymbolRef::SF_Undefined))
        return true;
    }
    return false;
  };
  for (const std::string &Path : Paths) {
    llvm::Expected<llvm::object::OwningBinary<llvm::object::Binary>> File =
        llvm::object::createBinary(Path);
    if (!File) {
      llvm::consumeError(File.takeError()); // not ours to judge: the linker's
      continue;
    }
    llvm::object::Binary *Bin = File->getBinary();
    if (const auto *Object = llvm::dyn_cast<llvm::object::ObjectFile>(Bin)) {
      if (HasLauncher(*Object))
        return Path;
    } else if (auto *Archive = llvm::dyn_cast<llvm::object::Archive>(Bin)) {
      llvm::Error Err = llvm::Error::success();
      for (const llvm::object::Archive::Child &Member :
           Archive->children(Err)) {
        llvm::Expected<std::unique_ptr<llvm::object::Binary>> MemberBin =
            Member.getAsBinary();
        if (!MemberBin) {
          llvm::consumeError(MemberBin.takeError());
          continue;
        }
        if (const auto *Object =
                llvm::dyn_cast<llvm::object::ObjectFile>(MemberBin->get());
            Object && HasLauncher(*Object))
          return Path;
      }
      llvm::consumeError(std::move(Err));
    }
  }
  return std::nullopt;
}

/// The objects and archives a link reads: its inputs, and for each
/// `-lNAME` the first `libNAME.a` in the `-L` directories (a shared
/// library names its own dependencies).
std::vector<std::string> linkedFiles(const DriverCommandLine &CL) {
  std::vector<std::string> Files = CL.OtherInputs;
  std::vector<std::string> Dirs, Names;
  const std::vector<std::string> &Args = CL.ClangArgs;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    for (auto [Flag, List] : {std::pair{"-L", &Dirs}, std::pair{"-l", &Names}})
      if (A.consume_front(Flag)) {
        if (!A.empty())
          List->push_back(A.str());
        else if (I + 1 < Args.size())
          List->push_back(Args[++I]);
        break;
      }
  }
  for (const std::string &Name : Names)
    for (const std::string &Dir : Dirs) {
      llvm::SmallString<256> Archive(Dir);
      llvm::sys::path::append(Archive, "lib" + Name + ".a");
      if (llvm::sys::fs::is_regular_file(Archive)) {
        Files.push_back(std::string(Archive));
        break;
      }
    }
  return Files;
}

/// Runs nvcc with its messages in `LogPath`, then shows them with repeats
/// left out: nvcc parses the device code twice (for the host and for the
/// device), and reported each warning in the user's statements twice.
bool runNvcc(const std::string &Name, const std::vector<std::string> &Cmd,
             const std::string &LogPath, bool Verbose) {
  bool Ok = runTool(Name, Cmd, Verbose, llvm::StringRef(LogPath));
  if (auto Log = llvm::MemoryBuffer::getFile(LogPath)) {
    // A message is its lines up to the next empty line.
    llvm::StringSet<> Shown;
    llvm::SmallVector<llvm::StringRef> Messages;
    (*Log)->getBuffer().split(Messages, "\n\n", -1, /*KeepEmpty=*/false);
    for (llvm::StringRef Message : Messages)
      if (!Message.trim().empty() && Shown.insert(Message).second)
        llvm::errs() << Message.rtrim('\n') << "\n\n";
  }
  return Ok;
}

/// Writes `Text` to `Path`; the error, if any (a full disk included).
std::error_code writeFileOr(const std::string &Path, llvm::StringRef Text) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  if (EC)
    return EC;
  OS << Text;
  OS.close();
  EC = OS.error();
  OS.clear_error(); // reported by the caller, not by LLVM at exit
  return EC;
}

bool writeFile(const std::string &Path, llvm::StringRef Text) {
  return !writeFileOr(Path, Text);
}

/// Flushes standard output: false, with a message, if it could not be
/// written (`--emit-lowered > /dev/full`), instead of LLVM's fatal error.
bool flushStdout(const std::string &Name) {
  llvm::outs().flush();
  if (!llvm::outs().has_error())
    return true;
  llvm::errs() << Name << ": error: cannot write to standard output: "
               << llvm::outs().error().message() << "\n";
  llvm::outs().clear_error();
  return false;
}

/// Makes a dependency file name the user's sources instead of the lowered
/// temporaries.
void fixDependencyFile(const std::string &DepFile,
                       llvm::ArrayRef<std::pair<std::string, std::string>>
                           Renamed) {
  auto Buffer = llvm::MemoryBuffer::getFile(DepFile);
  if (!Buffer)
    return;
  std::string Text = (*Buffer)->getBuffer().str();
  bool Changed = false;
  for (const auto &[Temp, Original] : Renamed) {
    size_t Pos = 0;
    while ((Pos = Text.find(Temp, Pos)) != std::string::npos) {
      Text.replace(Pos, Temp.size(), Original);
      Pos += Original.size();
      Changed = true;
    }
  }
  if (Changed)
    writeFile(DepFile, Text);
}

/// The lowering's request for one input: its own parse of the source.
LowerRequest lowerRequest(const DriverCommandLine &CL, const DriverPaths &Paths,
                          const DriverInput &In) {
  LowerRequest Req;
  Req.InputFile = In.Path;
  Req.Dependence = CL.Dependence;
  // -fopenmp-simd alone runs the nests on one host thread (no parallel
  // regions to offload); the toolkit is only looked for with -fopenmp.
  Req.OffloadCuda = CL.OffloadCuda && CL.OpenMP;
  Req.PrintModel = CL.PrintModel;
  Req.ClangArgs.push_back(Paths.Clang);
  llvm::append_range(Req.ClangArgs, CL.FrontendArgs);
  Req.ClangArgs.push_back("-fsyntax-only");
  if (CL.OpenMP) // -fopenmp-simd alone defines no _OPENMP
    Req.ClangArgs.push_back(openMPVersionMacro(CL.FrontendArgs));
  Req.ClangArgs.push_back("-isystem");
  Req.ClangArgs.push_back(Paths.IncludeDir);
  Req.ClangArgs.push_back("-x");
  Req.ClangArgs.push_back(In.Kind == InputKind::CXXSource ? "c++" : "c");
  Req.ClangArgs.push_back(In.Path);
  return Req;
}

/// With --offload=cuda a kernel launch replaces each nest, so clang never
/// sees the nests' directives, and its own checks of their clauses (an
/// undeclared name in `private(...)`, a `num_threads` of the wrong type)
/// would be lost. The source's host lowering, which keeps the directives
/// where they were, is checked by `clang -fopenmp -fsyntax-only` instead:
/// its errors, at the user's lines, stop the build. No check (true) when
/// the host lowering itself cannot be made.
bool clangAcceptsDirectives(const DriverCommandLine &CL,
                            const DriverPaths &Paths, const DriverInput &In,
                            TempDir &Temps, const std::string &Name) {
  LowerRequest Req = lowerRequest(CL, Paths, In);
  Req.OffloadCuda = false;
  Req.PrintModel = false;
  llvm::Expected<LowerOutcome> Host = lowerSource(Req, llvm::nulls(), false);
  if (!Host) {
    llvm::consumeError(Host.takeError());
    return true;
  }
  if (!Host->Success || !Host->Changed)
    return true;
  std::string Dir = Temps.subdir();
  std::string Path = Dir + "/" + llvm::sys::path::filename(In.Path).str();
  if (Dir.empty() || !writeFile(Path, Host->Lowered))
    return true;
  llvm::SmallString<256> SourceDir(In.Path);
  llvm::sys::path::remove_filename(SourceDir);
  std::vector<std::string> Check = {Paths.Clang};
  llvm::append_range(Check, CL.FrontendArgs);
  for (const char *Arg : {"-fsyntax-only", "-fopenmp", "-w"})
    Check.push_back(Arg);
  Check.push_back("-iquote");
  Check.push_back(SourceDir.empty() ? "." : std::string(SourceDir));
  Check.push_back("-isystem");
  Check.push_back(Paths.IncludeDir);
  Check.push_back("-x");
  Check.push_back(In.Kind == InputKind::CXXSource ? "c++" : "c");
  Check.push_back(Path);
  return runTool(Name, Check, CL.Verbose);
}

} // namespace

int runDriver(llvm::ArrayRef<const char *> Argv, DriverLanguage Lang,
              const DriverPaths &Paths) {
  std::string Name = driverName(Lang);
  DriverCommandLine CL =
      parseDriverCommandLine(Argv.drop_front(), Lang == DriverLanguage::CXX);
  for (const std::string &E : CL.Errors) {
    llvm::errs() << Name << ": error: " << E << "\n";
    return 1;
  }
  if (CL.Verbose)
    llvm::errs() << "Orbis " << Name << " 0.1.0 (lowering with Clang "
                 << "19 libraries; compiling with " << Paths.Clang << ")\n";

  bool ShowColors = llvm::sys::Process::StandardErrIsDisplayed();
  TempDir Temps;
  std::vector<std::string> Final = CL.ClangArgs;
  std::vector<std::pair<std::string, std::string>> Renamed;
  std::set<std::string> QuoteDirs;
  std::string EmittedText;
  bool Lower = (CL.OpenMP || CL.SimdOnly) && CL.Stage != Phase::DepsOnly;
  bool Failed = false;
  // The runtime of <omp_blocked.h>: its tile queries may be called from any
  // program, lowered or not; backends add what their code needs.
  std::vector<std::string> Libraries = {"orbis_tile"};
  // Device objects of each input (--offload=cuda), by input index.
  std::vector<std::pair<size_t, std::string>> DeviceObjects;
  std::optional<CudaToolkit> Cuda;
  // Objects compiled with --offload=cuda need CUDA's runtime when linked,
  // --offload=cuda given again or not (a plain link failed on undefined
  // C++ runtime symbols, naming neither the object nor the option).
  std::optional<std::string> GpuObject;
  if (!CL.OffloadCuda && CL.OpenMP && CL.Stage == Phase::Link)
    GpuObject = firstObjectWithGpuCode(linkedFiles(CL));
  if ((CL.OffloadCuda || GpuObject) && CL.OpenMP) {
    Cuda = findCudaToolkit();
    if (!Cuda) {
      llvm::errs() << Name << ": error: "
                   << (GpuObject ? "'" + *GpuObject +
                                       "' holds GPU code (compiled with "
                                       "'--offload=cuda'): linking it"
                                 : std::string("'--offload=cuda'"))
                   << " needs the CUDA "
                   << "toolkit (nvcc and libcudart), which was not found: set "
                   << "CUDAToolkit_ROOT or put nvcc on PATH\n";
      return 1;
    }
    // An architecture this nvcc cannot build for is the driver's error,
    // not nvcc's in the middle of the build (nvcc 13 dropped sm_70).
    std::vector<unsigned> Known = supportedComputeCapabilities(*Cuda);
    for (const std::string &Arch : CL.OffloadArchs) {
      // The command line accepted only well-formed architectures.
      if (Known.empty() || llvm::is_contained(Known, *computeCapabilityOf(Arch)))
        continue;
      llvm::errs() << Name << ": error: GPU architecture '" << Arch
                   << "' is not supported by the CUDA toolkit's nvcc ("
                   << Cuda->Nvcc << " builds sm_" << Known.front() << " to sm_"
                   << *llvm::max_element(Known) << ")\n";
      return 1;
    }
    llvm::SmallString<256> Runtime(Paths.LibDir);
    llvm::sys::path::append(Runtime, "liborbis_tile_cuda.so");
    if (!llvm::sys::fs::exists(Runtime)) {
      llvm::errs() << Name << ": error: '--offload=cuda' needs "
                   << "liborbis_tile_cuda, which this Orbis was built "
                   << "without (no CUDA toolkit when it was built)\n";
      return 1;
    }
  }

  // A source read from standard input (`-x c -`) is lowered like any other:
  // it is saved to a file that names it `<stdin>` in diagnostics, and clang
  // gets that file. Outputs keep clang's names for `-` (`-.o`, `-.s`).
  for (DriverInput &In : CL.Inputs) {
    if (In.Path != "-" || !Lower)
      continue;
    auto Stdin = llvm::MemoryBuffer::getSTDIN();
    std::string Dir = Temps.subdir();
    std::string Saved =
        Dir + (In.Kind == InputKind::CXXSource ? "/stdin.cpp" : "/stdin.c");
    if (!Stdin || Dir.empty() ||
        !writeFile(Saved, "#line 1 \"<stdin>\"\n" +
                              (*Stdin)->getBuffer().str())) {
      llvm::errs() << Name << ": error: cannot save standard input to a "
                   << "temporary file\n";
      return 1;
    }
    In.Path = Saved;
    Final[In.ArgIndex] = Saved;
    // Quoted includes of standard input are looked up from the current
    // directory, as clang does, not beside the saved copy.
    CL.FrontendArgs.push_back("-iquote");
    CL.FrontendArgs.push_back(".");
    QuoteDirs.insert(".");
    if (!CL.Output && (CL.Stage == Phase::Compile ||
                       CL.Stage == Phase::Assemble)) {
      CL.Output = CL.Stage == Phase::Compile ? "-.o" : "-.s";
      Final.push_back("-o");
      Final.push_back(*CL.Output);
    }
  }

  for (const DriverInput &In : CL.Inputs) {
    if (!Lower)
      break;
    auto Source = llvm::MemoryBuffer::getFile(In.Path);
    if (!Source)
      continue; // clang reports the missing file itself
    std::string Lowered;
    std::vector<GeneratedSource> Generated;
    bool Changed = false;
    // Every source is analyzed, even one without the word "pragma": its
    // headers may hold extension directives that need a diagnostic.
    {
      LowerRequest Req = lowerRequest(CL, Paths, In);
      if (CL.Verbose || CL.DryRun) {
        llvm::errs() << " (lower)";
        printCommand(llvm::errs(), Req.ClangArgs);
      }
      // The analysis parse's messages are held back until it is known
      // whether they are the ones to show.
      std::string Messages;
      llvm::raw_string_ostream MessageStream(Messages);
      llvm::Expected<LowerOutcome> Result =
          lowerSource(Req, MessageStream, ShowColors);
      if (!Result) {
        llvm::errs() << Messages << Name << ": error: " << In.Path << ": "
                     << llvm::toString(Result.takeError()) << "\n";
        return 1;
      }
      LowerOutcome &Out = *Result;
      if (CL.PrintModel)
        llvm::outs() << Out.ModelText;
      if (Out.OnlyClangErrors && !CL.PrintModel && !CL.EmitLowered) {
        // Standard code with errors: clang compiles it as written and
        // reports every error and warning as it would alone (the analysis
        // parse checks fewer, and shows no warnings).
        continue;
      }
      llvm::errs() << Messages;
      if (!Out.Success) {
        Failed = true;
        continue; // every input's errors are reported
      }
      for (const std::string &Lib : Out.Libraries)
        if (!llvm::is_contained(Libraries, Lib))
          Libraries.push_back(Lib);
      Changed = Out.Changed;
      Lowered = std::move(Out.Lowered);
      Generated = std::move(Out.Generated);
    }
    if (!Generated.empty() && !CL.DryRun &&
        !clangAcceptsDirectives(CL, Paths, In, Temps, Name)) {
      Failed = true;
      continue;
    }
    if (CL.EmitLowered) {
      EmittedText += Changed ? Lowered : (*Source)->getBuffer().str();
      for (const GeneratedSource &G : Generated)
        EmittedText += "\n// ---- device code: " + G.Name + " ----\n" + G.Text;
    }
    bool BuildsObjects = CL.Stage == Phase::Link || CL.Stage == Phase::Compile;
    if (CL.Stage == Phase::Assemble && !Generated.empty() && !CL.EmitLowered) {
      // The host's assembly would call launchers no file defines.
      llvm::errs() << Name << ": error: '-S' cannot hold the device code of "
                   << "the GPU nests in '" << In.Path
                   << "': use '-c' for an object with both, or "
                   << "'--emit-lowered' to see the host and CUDA code\n";
      return 1;
    }
    for (const GeneratedSource &G : Generated) {
      if (!BuildsObjects || (CL.EmitLowered && CL.EmitLoweredFile.empty()))
        break;
      std::string Dir = Temps.subdir();
      std::string CuPath = Dir + "/" + G.Name;
      std::string ObjPath = CuPath + ".o";
      if (Dir.empty() || !writeFile(CuPath, G.Text)) {
        llvm::errs() << Name << ": error: cannot write a temporary file\n";
        return 1;
      }
      // No FP contraction: the device computes what the sequential
      // program computes (EXTENSIONS.md 1.9).
      std::vector<std::string> Nvcc = {Cuda->Nvcc, "-c", "-O3", "-std=c++17",
                                       "-fmad=false", "-lineinfo",
                                       // std::min/max in device code
                                       "--expt-relaxed-constexpr",
                                       // unused helpers of the copies
                                       "-diag-suppress=177,550",
                                       "-Xcompiler", "-fPIC",
                                       "-I" + Paths.IncludeDir};
      if (CL.NoWarnings)
        Nvcc.push_back("-w");
      for (const std::string &Arch : CL.OffloadArchs) {
        std::string Compute = "compute_" + Arch.substr(3);
        Nvcc.push_back("-gencode=arch=" + Compute + ",code=[" + Arch + "," +
                       Compute + "]");
      }
      Nvcc.push_back("-o");
      Nvcc.push_back(ObjPath);
      Nvcc.push_back(CuPath);
      if (CL.DryRun) {
        llvm::errs() << " (device)";
        printCommand(llvm::errs(), Nvcc);
      } else if (!runNvcc(Name, Nvcc, CuPath + ".log", CL.Verbose)) {
        llvm::errs() << Name << ": error: nvcc failed on the device code of '"
                     << In.Path << "' (kept in " << CuPath
                     << " with ORBIS_KEEP_TEMPS=1)\n";
        return 1;
      }
      DeviceObjects.push_back({&In - CL.Inputs.data(), ObjPath});
    }
    if (!Changed)
      continue;
    std::string Dir = Temps.subdir();
    std::string TempPath =
        Dir + "/" + llvm::sys::path::filename(In.Path).str();
    if (Dir.empty() || !writeFile(TempPath, Lowered)) {
      llvm::errs() << Name << ": error: cannot write a temporary file\n";
      return 1;
    }
    Final[In.ArgIndex] = TempPath;
    Renamed.push_back({TempPath, In.Path});
    llvm::SmallString<256> SourceDir(In.Path);
    llvm::sys::path::remove_filename(SourceDir);
    QuoteDirs.insert(SourceDir.empty() ? "." : std::string(SourceDir));
  }

  if (Failed)
    return 1;
  if (CL.PrintModel)
    return flushStdout(Name) ? 0 : 1;
  if (CL.EmitLowered) {
    if (CL.EmitLoweredFile.empty()) {
      llvm::outs() << EmittedText;
      return flushStdout(Name) ? 0 : 1;
    }
    if (std::error_code EC = writeFileOr(CL.EmitLoweredFile, EmittedText)) {
      llvm::errs() << Name << ": error: cannot write '" << CL.EmitLoweredFile
                   << "': " << EC.message() << "\n";
      return 1;
    }
  }

  // The lowered file lives elsewhere: its quoted includes must still find
  // the headers beside the original.
  for (const std::string &Dir : QuoteDirs) {
    Final.push_back("-iquote");
    Final.push_back(Dir);
  }
  if (CL.OpenMP)
    Final.push_back("-fopenmp");
  // A system directory: the warnings a build asks for (C89's `//`
  // comments under -std=c89, -Weverything's) are for the user's code, not
  // for Orbis's headers and the macros they define.
  Final.push_back("-isystem");
  Final.push_back(Paths.IncludeDir);
  if (CL.Stage == Phase::Link && CL.HasInputs) {
    Final.push_back("-L" + Paths.LibDir);
    Final.push_back("-Wl,-rpath," + Paths.LibDir);
    if (CL.ThreadSanitizer) {
      // The sanitizer's options for libomp and Archer (see
      // libtile/src/tsan_options.c), taken whole: its definition must
      // replace the sanitizer runtime's weak default.
      Final.push_back("-Wl,--whole-archive");
      Final.push_back("-lorbis_tsan");
      Final.push_back("-Wl,--no-whole-archive");
    }
    for (const auto &Object : DeviceObjects)
      Final.push_back(Object.second);
    for (const std::string &Lib : Libraries)
      Final.push_back("-l" + Lib);
    // --offload=cuda when linking: objects compiled with it may hold
    // device code (the runtime is linked as needed only).
    if (Cuda) {
      Final.push_back("-L" + Cuda->LibDir);
      Final.push_back("-Wl,-rpath," + Cuda->LibDir);
      // Objects compiled with --offload=cuda need these whether or not a
      // source of this command asked for them (as needed only).
      Final.push_back("-Wl,--push-state,--as-needed");
      for (const char *Lib : {"-lorbis_tile_cuda", "-lcudart", "-lstdc++"})
        Final.push_back(Lib);
      Final.push_back("-Wl,--pop-state");
    }
    if (CL.OpenMP)
      Final.push_back("-Wl,-rpath," + Paths.OpenMPLibDir);
  }

  std::vector<std::string> Cmd = {Paths.Clang};
  llvm::append_range(Cmd, Final);
  if (CL.DryRun) {
    printCommand(llvm::errs(), Cmd);
    return 0;
  }
  if (CL.Verbose)
    printCommand(llvm::errs(), Cmd);
  std::vector<llvm::StringRef> CmdRefs(Cmd.begin(), Cmd.end());
  std::string ErrMsg;
  int RC = llvm::sys::ExecuteAndWait(Paths.Clang, CmdRefs, std::nullopt, {}, 0,
                                     0, &ErrMsg);
  if (RC < 0) {
    llvm::errs() << Name << ": error: cannot run '" << Paths.Clang
                 << "': " << ErrMsg << "\n";
    return 1;
  }
  // Clang's status for an output it could not write (EX_IOERR: a closed
  // pipe, `orbis-cc ... 2>&1 | head -1`) is a failed compilation's 1 here,
  // as when the driver writes into the closed pipe itself.
  if (RC == 74)
    RC = 1;
  if (RC == 0 && CL.Stage == Phase::Compile && !DeviceObjects.empty()) {
    // One object per source, holding its host and device code.
    for (const auto &[Index, DeviceObject] : DeviceObjects) {
      std::string Object;
      if (CL.Output)
        Object = *CL.Output;
      else {
        llvm::SmallString<256> P(
            llvm::sys::path::filename(CL.Inputs[Index].Path));
        llvm::sys::path::replace_extension(P, ".o");
        Object = std::string(P);
      }
      // `-o /dev/null` and the like: nothing to add the device code to.
      if (!llvm::sys::fs::is_regular_file(Object))
        continue;
      std::string HostObject = DeviceObject + ".host.o";
      if (llvm::sys::fs::rename(Object, HostObject) ||
          !runTool(Name,
                   {Paths.Clang, "-r", "-nostdlib", HostObject, DeviceObject,
                    "-o", Object},
                   CL.Verbose)) {
        llvm::errs() << Name << ": error: cannot add the device code to '"
                     << Object << "'\n";
        return 1;
      }
    }
  }
  if (RC == 0 && CL.WritesDeps && !Renamed.empty()) {
    // Where clang put the dependency file: -MF; else beside -o's output
    // (`k.o` -> `k.d`, also when compiling and linking at once); else, per
    // input, its base name with `.d` in the current directory (`-c k.c`).
    std::vector<std::string> DepFiles;
    if (CL.DepFile) {
      DepFiles.push_back(*CL.DepFile);
    } else if (CL.Output) {
      llvm::SmallString<256> P(*CL.Output);
      llvm::sys::path::replace_extension(P, ".d");
      DepFiles.push_back(std::string(P));
    } else {
      for (const auto &[Temp, Original] : Renamed) {
        llvm::SmallString<256> P(llvm::sys::path::filename(Original));
        llvm::sys::path::replace_extension(P, ".d");
        DepFiles.push_back(std::string(P));
      }
    }
    for (const std::string &DepFile : DepFiles)
      fixDependencyFile(DepFile, Renamed);
  }
  return RC;
}

DriverPaths locateDriverPaths(const char *Argv0, DriverLanguage Lang) {
  DriverPaths P;
  std::string Exe = llvm::sys::fs::getMainExecutable(
      Argv0, reinterpret_cast<void *>(&locateDriverPaths));
  llvm::SmallString<256> Prefix(Exe);
  llvm::sys::path::remove_filename(Prefix); // bin/
  llvm::sys::path::remove_filename(Prefix); // prefix
  llvm::SmallString<256> Inc(Prefix), Lib(Prefix);
  llvm::sys::path::append(Inc, ORBIS_REL_INCLUDEDIR);
  llvm::sys::path::append(Lib, ORBIS_REL_LIBDIR);
  P.IncludeDir = std::string(Inc);
  P.LibDir = std::string(Lib);
  P.OpenMPLibDir = ORBIS_OPENMP_LIBDIR;
  const char *Var = Lang == DriverLanguage::CXX ? "ORBIS_CLANGXX" : "ORBIS_CLANG";
  std::optional<std::string> Env = llvm::sys::Process::GetEnv(Var);
  if (Env && !Env->empty()) // set but empty: the default, as unset
    P.Clang = *Env;
  else
    P.Clang = Lang == DriverLanguage::CXX ? ORBIS_CLANGXX_PATH : ORBIS_CLANG_PATH;
  return P;
}

} // namespace orbis
