/// \file
/// GS2D written by hand in CUDA, the peer of orbis-cuda (BENCHMARKS.md):
/// the tile wavefront with one warp per band of 32 rows, lane r owning row
/// r of the band one column behind lane r - 1, so that the new value above
/// comes from the neighbouring lane by a shuffle and the old value below
/// is the right neighbour the lane below has just read. Bands are taken in
/// increasing order from an atomic ticket by warps that are all resident,
/// and a band's first row waits on the progress (finished columns) that the
/// band above publishes every 32 columns. One sweep per launch. The sum is
/// evaluated in the reference's order, without contraction (-fmad=false).
#include "gs2d_cuda.h"

#include <cuda_runtime.h>

#include <climits>
#include <cstdio>
#include <cstdlib>

namespace {

void check(cudaError_t St, const char *What) {
  if (St != cudaSuccess) {
    std::fprintf(stderr, "cuda-hand: %s: %s\n", What, cudaGetErrorString(St));
    std::exit(1);
  }
}

constexpr int WarpsPerBlock = 4;

__global__ void __launch_bounds__(32 * WarpsPerBlock)
sweepKernel(int n, double *__restrict__ a, int *progress,
            unsigned *ticket) {
  const int lane = threadIdx.x & 31;
  const unsigned full = 0xffffffffu;
  const int bands = (n - 2 + 31) / 32;
  for (;;) {
    int band = 0;
    if (lane == 0)
      band = (int)atomicAdd(ticket, 1u);
    band = __shfl_sync(full, band, 0);
    if (band >= bands)
      return;
    const int x0 = 1 + band * 32, x = x0 + lane;
    const int last = min(31, n - 2 - x0); // last active lane
    const bool active = lane <= last;
    volatile int *above = progress + band, *mine = progress + band + 1;
    const double *row = a + (size_t)x * n;
    double left = active ? row[0] : 0.0, cur = 0.0;
    int seen = 0; // lane 0: columns the band above has finished
    for (int s = 0; s < n - 2 + last; ++s) {
      const int c = 1 + s - lane;
      const bool valid = active && c >= 1 && c <= n - 2;
      // Loaded from column 0 on: the lane above takes it as its `below`.
      double right = active && c >= 0 && c <= n - 2 ? row[c + 1] : 0.0;
      double below = __shfl_down_sync(full, right, 1);
      double up = __shfl_up_sync(full, cur, 1);
      if (valid && lane == last)
        below = row[(size_t)n + c];
      if (valid && lane == 0) {
        while (seen < c) {
          seen = *above;
          if (seen < c)
            __nanosleep(32);
        }
        __threadfence();
        up = __ldcg(row - n + c);
      }
      if (valid) {
        double v = 0.25 * (up + below + left + right);
        ((double *)row)[c] = v;
        left = v;
        cur = v;
      }
      if (lane == last && valid && ((c & 31) == 0 || c == n - 2)) {
        __threadfence();
        *mine = c;
      }
      __syncwarp();
    }
  }
}

} // namespace

extern "C" double gs2d_cuda_hand(int n, double *host, int sweeps) {
  size_t bytes = (size_t)n * n * sizeof(double);
  int bands = (n - 2 + 31) / 32;
  double *a = nullptr;
  int *progress = nullptr;
  unsigned *ticket = nullptr;
  check(cudaMalloc(&a, bytes), "cudaMalloc");
  check(cudaMalloc(&progress, (bands + 1) * sizeof(int)), "cudaMalloc");
  check(cudaMalloc(&ticket, sizeof(unsigned)), "cudaMalloc");
  check(cudaMemcpy(a, host, bytes, cudaMemcpyHostToDevice), "copy in");
  int device = 0, sms = 0, perSm = 0;
  check(cudaGetDevice(&device), "cudaGetDevice");
  check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device),
        "attribute");
  check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
            &perSm, sweepKernel, 32 * WarpsPerBlock, 0),
        "occupancy");
  int grid = perSm * sms;
  int blocksNeeded = (bands + WarpsPerBlock - 1) / WarpsPerBlock;
  if (grid > blocksNeeded)
    grid = blocksNeeded;
  const int top = INT_MAX;
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  cudaEventRecord(start);
  for (int t = 0; t < sweeps; ++t) {
    cudaMemsetAsync(progress, 0, (bands + 1) * sizeof(int));
    cudaMemcpyAsync(progress, &top, sizeof(int), cudaMemcpyHostToDevice);
    cudaMemsetAsync(ticket, 0, sizeof(unsigned));
    sweepKernel<<<grid, 32 * WarpsPerBlock>>>(n, a, progress, ticket);
  }
  cudaEventRecord(stop);
  check(cudaEventSynchronize(stop), "the sweeps");
  float ms = 0;
  cudaEventElapsedTime(&ms, start, stop);
  check(cudaMemcpy(host, a, bytes, cudaMemcpyDeviceToHost), "copy out");
  cudaFree(a);
  cudaFree(progress);
  cudaFree(ticket);
  return ms / 1e3;
}

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
