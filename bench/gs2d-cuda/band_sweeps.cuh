/// \file
/// The host side the hand-written GS2D kernels share (cuda_hand.cu,
/// cuda_band.cu): the grid on the device, a progress counter per band (the
/// border row above the first band always finished) and a band ticket,
/// reset before each sweep's launch; every block resident, so that a band
/// only waits for bands taken before it; the sweeps timed with CUDA events.
#ifndef GS2D_CUDA_BAND_SWEEPS_CUH
#define GS2D_CUDA_BAND_SWEEPS_CUH

#include <cuda_runtime.h>

#include <climits>
#include <cstdio>
#include <cstdlib>

namespace gs2d {

inline void check(const char *Peer, cudaError_t St, const char *What) {
  if (St != cudaSuccess) {
    std::fprintf(stderr, "%s: %s: %s\n", Peer, What, cudaGetErrorString(St));
    std::exit(1);
  }
}

/// Runs `sweeps` launches of Kernel(n, a, progress, ticket) on the n x n
/// grid at `host` (copied in and out, not timed) with `Threads` threads and
/// `Shared` bytes of dynamic shared memory a block, as many blocks as fit
/// and at most `Blocks`; `Bands` progress counters. Returns the seconds.
template <class KernelFn>
double runBandSweeps(const char *Peer, KernelFn Kernel, int n, double *host,
                     int sweeps, int Bands, int Blocks, int Threads,
                     size_t Shared) {
  size_t bytes = (size_t)n * n * sizeof(double);
  double *a = nullptr;
  int *progress = nullptr;
  unsigned *ticket = nullptr;
  check(Peer, cudaMalloc(&a, bytes), "cudaMalloc");
  check(Peer, cudaMalloc(&progress, (Bands + 1) * sizeof(int)), "cudaMalloc");
  check(Peer, cudaMalloc(&ticket, sizeof(unsigned)), "cudaMalloc");
  check(Peer, cudaMemcpy(a, host, bytes, cudaMemcpyHostToDevice), "copy in");
  int device = 0, sms = 0, perSm = 0;
  check(Peer, cudaGetDevice(&device), "cudaGetDevice");
  check(Peer,
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device),
        "attribute");
  check(Peer,
        cudaFuncSetAttribute(Kernel,
                             cudaFuncAttributeMaxDynamicSharedMemorySize,
                             (int)Shared),
        "shared memory");
  check(Peer,
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, Kernel, Threads,
                                                      Shared),
        "occupancy");
  int grid = perSm * sms;
  if (grid > Blocks)
    grid = Blocks;
  const int top = INT_MAX; // the border row above the first band
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  cudaEventRecord(start);
  for (int t = 0; t < sweeps; ++t) {
    cudaMemsetAsync(progress, 0, (Bands + 1) * sizeof(int));
    cudaMemcpyAsync(progress, &top, sizeof(int), cudaMemcpyHostToDevice);
    cudaMemsetAsync(ticket, 0, sizeof(unsigned));
    Kernel<<<grid, Threads, Shared>>>(n, a, progress, ticket);
  }
  cudaEventRecord(stop);
  check(Peer, cudaEventSynchronize(stop), "the sweeps");
  check(Peer, cudaGetLastError(), "the sweeps");
  float ms = 0;
  cudaEventElapsedTime(&ms, start, stop);
  check(Peer, cudaMemcpy(host, a, bytes, cudaMemcpyDeviceToHost), "copy out");
  cudaFree(a);
  cudaFree(progress);
  cudaFree(ticket);
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  return ms / 1e3;
}

} // namespace gs2d

#endif
