/// \file
/// CUDA toolkit lookup (see CudaToolkit.h).
#include "CudaToolkit.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"

namespace orbis {
namespace {

/// The toolkit under `Root`, if it has nvcc and libcudart.
std::optional<CudaToolkit> atRoot(const std::string &Root) {
  llvm::SmallString<256> Nvcc(Root);
  llvm::sys::path::append(Nvcc, "bin", "nvcc");
  if (!llvm::sys::fs::can_execute(Nvcc))
    return std::nullopt;
  for (const char *Sub : {"lib64", "lib", "targets/x86_64-linux/lib",
                          "targets/sbsa-linux/lib"}) {
    llvm::SmallString<256> Lib(Root);
    llvm::sys::path::append(Lib, Sub);
    llvm::SmallString<256> Cudart(Lib);
    llvm::sys::path::append(Cudart, "libcudart.so");
    if (llvm::sys::fs::exists(Cudart))
      return CudaToolkit{std::string(Nvcc), std::string(Lib)};
  }
  return std::nullopt;
}

} // namespace

std::optional<CudaToolkit> findCudaToolkit() {
  // An explicit CUDAToolkit_ROOT is the user's choice: only that one.
  if (std::optional<std::string> Root =
          llvm::sys::Process::GetEnv("CUDAToolkit_ROOT"))
    return atRoot(*Root);
  for (const char *Var : {"CUDA_PATH", "CUDA_HOME"})
    if (std::optional<std::string> Root = llvm::sys::Process::GetEnv(Var))
      if (auto T = atRoot(*Root))
        return T;
  if (llvm::ErrorOr<std::string> Nvcc = llvm::sys::findProgramByName("nvcc")) {
    llvm::SmallString<256> Real;
    if (!llvm::sys::fs::real_path(*Nvcc, Real)) {
      llvm::sys::path::remove_filename(Real); // bin/
      llvm::sys::path::remove_filename(Real); // the root
      if (auto T = atRoot(std::string(Real)))
        return T;
    }
  }
  return atRoot("/usr/local/cuda");
}

} // namespace orbis
