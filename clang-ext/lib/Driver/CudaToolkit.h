/// \file
/// Finds the CUDA toolkit the way CMake's FindCUDAToolkit does: the
/// CUDAToolkit_ROOT variable (when set, only there), CUDA_PATH or
/// CUDA_HOME, then nvcc on PATH, then /usr/local/cuda.
#ifndef ORBIS_DRIVER_CUDATOOLKIT_H
#define ORBIS_DRIVER_CUDATOOLKIT_H

#include <optional>
#include <string>

namespace orbis {

struct CudaToolkit {
  std::string Nvcc;   ///< the nvcc executable
  std::string LibDir; ///< holds libcudart.so
};

std::optional<CudaToolkit> findCudaToolkit();

} // namespace orbis

#endif // ORBIS_DRIVER_CUDATOOLKIT_H
