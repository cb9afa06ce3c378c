/// \file
/// The device-to-device copy bandwidth that GS2D's bandwidth limit (16 B
/// per cell over it) is taken from, measured in the benchmark's own run.
#include "gs2d_cuda.h"

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

namespace {

void check(cudaError_t St, const char *What) {
  if (St != cudaSuccess) {
    std::fprintf(stderr, "copy bandwidth: %s: %s\n", What,
                 cudaGetErrorString(St));
    std::exit(1);
  }
}

} // namespace

extern "C" double gs2d_copy_bandwidth(unsigned long long bytes) {
  void *src = nullptr, *dst = nullptr;
  check(cudaMalloc(&src, bytes), "cudaMalloc");
  check(cudaMalloc(&dst, bytes), "cudaMalloc");
  cudaMemset(src, 1, bytes);
  cudaMemcpy(dst, src, bytes, cudaMemcpyDeviceToDevice); // warm-up
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  const int reps = 10;
  cudaEventRecord(start);
  for (int r = 0; r < reps; ++r)
    cudaMemcpy(dst, src, bytes, cudaMemcpyDeviceToDevice);
  cudaEventRecord(stop);
  check(cudaEventSynchronize(stop), "copies");
  float ms = 0;
  cudaEventElapsedTime(&ms, start, stop);
  cudaFree(src);
  cudaFree(dst);
  return 2.0 * bytes * reps / (ms / 1e3); // each copy reads and writes
}
