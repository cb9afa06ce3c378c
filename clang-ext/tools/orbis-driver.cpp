/// \file
/// main() of orbis-cc and orbis-c++ (one program; the name it is called by
/// picks the language).
#include "orbis/Driver.h"

#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"

#include <unistd.h>

/// A closed output pipe (`orbis-cc ... 2>&1 | head -1`) ends the driver
/// like a failed compilation, with status 1, not LLVM's default 74.
static void exitOnBrokenPipe() { _exit(1); }

int main(int Argc, const char **Argv) {
  llvm::InitLLVM Init(Argc, Argv);
  llvm::sys::SetOneShotPipeSignalFunction(exitOnBrokenPipe);
  llvm::StringRef Name = llvm::sys::path::filename(Argv[0]);
  orbis::DriverLanguage Lang = Name.contains("++") || Name.contains("cxx")
                                   ? orbis::DriverLanguage::CXX
                                   : orbis::DriverLanguage::C;
  orbis::DriverPaths Paths = orbis::locateDriverPaths(Argv[0], Lang);
  return orbis::runDriver(llvm::ArrayRef<const char *>(Argv, Argc), Lang,
                          Paths);
}
