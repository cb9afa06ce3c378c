/// \file
/// main() of orbis-cc and orbis-c++ (one program; the name it is called by
/// picks the language).
#include "orbis/Driver.h"

#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"

int main(int Argc, const char **Argv) {
  llvm::InitLLVM Init(Argc, Argv);
  llvm::StringRef Name = llvm::sys::path::filename(Argv[0]);
  orbis::DriverLanguage Lang = Name.contains("++") || Name.contains("cxx")
                                   ? orbis::DriverLanguage::CXX
                                   : orbis::DriverLanguage::C;
  orbis::DriverPaths Paths = orbis::locateDriverPaths(Argv[0], Lang);
  return orbis::runDriver(llvm::ArrayRef<const char *>(Argv, Argc), Lang,
                          Paths);
}
