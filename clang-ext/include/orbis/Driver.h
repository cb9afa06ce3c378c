/// \file
/// The orbis-cc / orbis-c++ driver: a clang-compatible command line. Flags it
/// does not own pass to clang-19 unchanged; each C/C++ source is first lowered
/// by the Orbis front end into a temporary file that clang compiles; OpenMP is
/// on by default and libtile/libomp are linked with an rpath.
#ifndef ORBIS_DRIVER_H
#define ORBIS_DRIVER_H

#include "llvm/ADT/ArrayRef.h"
#include <string>
#include <vector>

namespace orbis {

enum class DriverLanguage { C, CXX };

/// Where the driver finds clang and its own headers and runtime.
struct DriverPaths {
  std::string Clang;      ///< clang-19 or clang++-19
  std::string IncludeDir; ///< holds omp_blocked.h and orbis/tile.h
  std::string LibDir;     ///< holds liborbis_tile.so
  std::string OpenMPLibDir; ///< holds libomp.so (for the rpath)
};

/// Paths relative to the running executable (build tree or install tree),
/// overridable with ORBIS_CLANG.
DriverPaths locateDriverPaths(const char *Argv0, DriverLanguage Lang);

/// Runs the driver; returns the process exit status.
int runDriver(llvm::ArrayRef<const char *> Argv, DriverLanguage Lang,
              const DriverPaths &Paths);

} // namespace orbis

#endif // ORBIS_DRIVER_H
