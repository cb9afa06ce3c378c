/// \file
/// CUDA toolkit lookup (see CudaToolkit.h).
#include "CudaToolkit.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
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

std::optional<unsigned> computeCapabilityOf(llvm::StringRef Arch) {
  unsigned Number = 0;
  if (!Arch.consume_front("sm_") || Arch.rtrim("af").getAsInteger(10, Number))
    return std::nullopt;
  return Number;
}

std::vector<unsigned> supportedComputeCapabilities(const CudaToolkit &Toolkit) {
  std::vector<unsigned> Numbers;
  llvm::SmallString<128> Listing;
  if (llvm::sys::fs::createTemporaryFile("orbis-nvcc-archs", "txt", Listing))
    return Numbers;
  llvm::FileRemover RemoveListing(Listing);
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt,
                                                llvm::StringRef(Listing),
                                                llvm::StringRef("")};
  llvm::StringRef Args[] = {Toolkit.Nvcc, "--list-gpu-arch"};
  if (llvm::sys::ExecuteAndWait(Toolkit.Nvcc, Args, std::nullopt, Redirects))
    return Numbers;
  auto Text = llvm::MemoryBuffer::getFile(Listing);
  if (!Text)
    return Numbers;
  llvm::SmallVector<llvm::StringRef, 16> Lines;
  (*Text)->getBuffer().split(Lines, '\n', -1, false);
  for (llvm::StringRef Line : Lines) {
    unsigned Number = 0;
    Line = Line.trim();
    if (Line.consume_front("compute_") &&
        !Line.rtrim("af").getAsInteger(10, Number))
      Numbers.push_back(Number);
  }
  return Numbers;
}

} // namespace orbis
