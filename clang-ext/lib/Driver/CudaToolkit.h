/// \file
/// Finds the CUDA toolkit the way CMake's FindCUDAToolkit does: the
/// CUDAToolkit_ROOT variable (when set, only there), CUDA_PATH or
/// CUDA_HOME, then nvcc on PATH, then /usr/local/cuda.
#ifndef ORBIS_DRIVER_CUDATOOLKIT_H
#define ORBIS_DRIVER_CUDATOOLKIT_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace orbis {

struct CudaToolkit {
  std::string Nvcc;   ///< the nvcc executable
  std::string LibDir; ///< holds libcudart.so
};

std::optional<CudaToolkit> findCudaToolkit();

/// The compute capability an architecture names (`sm_90a` gives 90), if it
/// is one.
std::optional<unsigned> computeCapabilityOf(llvm::StringRef Arch);

/// The virtual architectures this toolkit's nvcc builds for, as numbers
/// (`nvcc --list-gpu-arch`: compute_75 gives 75); empty when nvcc cannot say.
std::vector<unsigned> supportedComputeCapabilities(const CudaToolkit &Toolkit);

} // namespace orbis

#endif // ORBIS_DRIVER_CUDATOOLKIT_H
