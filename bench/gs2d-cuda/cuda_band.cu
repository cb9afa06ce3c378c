/// \file
/// GS2D written by hand in CUDA, the simpler of the two hand-written peers
/// (`cuda-band`; `cuda-hand`, cuda_hand.cu, is the strong one): the tile
/// wavefront with one warp per band of 32 rows, lane r owning row
/// r of the band one column behind lane r - 1, so that the new value above
/// comes from the neighbouring lane by a shuffle. The band's rows (and the
/// row below) are staged in shared memory 32 columns at a time with
/// coalesced loads, in a ring of three chunks (one written back, one
/// computed, one staged ahead), and written back coalesced; the row above
/// comes from the band above once it has published the chunk. Bands are
/// taken in increasing order from an atomic ticket by warps that are all
/// resident. One sweep per launch. The sum is evaluated in the reference's
/// order, without contraction (-fmad=false).
#include "band_sweeps.cuh"
#include "gs2d_cuda.h"

#include <cuda_runtime.h>


namespace {

constexpr int WarpsPerBlock = 2;
constexpr int Chunk = 32; // columns staged at a time
constexpr int Ring = 3;   // chunks in flight: being written back, computed, staged
constexpr int Rows = 33;  // the band's 32 rows and the row below it

/// One warp's shared memory: its rows (and the one below) for three chunks
/// of columns, and the row above for the same chunks.
struct BandRing {
  double cell[Rows][Ring][Chunk];
  double up[Ring][Chunk];
};

__global__ void __launch_bounds__(32 * WarpsPerBlock)
sweepKernel(int n, double *__restrict__ a, int *progress, unsigned *ticket) {
  extern __shared__ double shared[];
  BandRing &ring = reinterpret_cast<BandRing *>(shared)[threadIdx.x / 32];
  const int lane = threadIdx.x & 31;
  const unsigned full = 0xffffffffu;
  const int bands = (n - 2 + 31) / 32;
  const int chunks = (n - 2 + Chunk - 1) / Chunk; // of interior columns
  for (;;) {
    int band = 0;
    if (lane == 0)
      band = (int)atomicAdd(ticket, 1u);
    band = __shfl_sync(full, band, 0);
    if (band >= bands)
      return;
    const int x0 = 1 + band * 32;
    const int rows = min(32, n - 1 - x0); // active rows; row x0+rows is below
    volatile int *above = progress + band, *mine = progress + band + 1;
    // Old values of chunk j (interior columns 1+32j.., and column n-1 when
    // it follows) for the band's rows and the row below, coalesced.
    auto stage = [&](int j) {
      int col = 1 + j * Chunk + lane;
      if (col <= n - 1) // the last chunk may hold only column n - 1
        for (int r = 0; r <= rows; ++r)
          ring.cell[r][j % Ring][lane] = a[(size_t)(x0 + r) * n + col];
    };
    // The new values of the row above for chunk j, once its band has
    // finished them.
    auto stageUp = [&](int j) {
      int last = min(j * Chunk + Chunk, n - 2);
      if (lane == 0)
        while (*above < last)
          __nanosleep(64);
      __syncwarp();
      __threadfence();
      int col = 1 + j * Chunk + lane;
      if (col <= n - 1)
        ring.up[j % Ring][lane] = __ldcg(a + (size_t)(x0 - 1) * n + col);
    };
    // Chunk j back to memory (interior columns), then its progress.
    auto writeBack = [&](int j) {
      int col = 1 + j * Chunk + lane;
      if (col <= n - 2)
        for (int r = 0; r < rows; ++r)
          a[(size_t)(x0 + r) * n + col] = ring.cell[r][j % Ring][lane];
      __threadfence();
      __syncwarp();
      if (lane == 0)
        *mine = min(j * Chunk + Chunk, n - 2);
    };
    const bool active = lane < rows;
    double left = active ? a[(size_t)(x0 + lane) * n] : 0.0, cur = 0.0;
    stage(0);
    stage(1);
    stageUp(0);
    __syncwarp();
    const int steps = n - 2 + rows - 1;
    for (int s = 0; s < steps; ++s) {
      if (s % Chunk == 0 && s > 0) {
        // Lane 0 starts chunk j: chunk j - 2 is done (the last lane left
        // it a step ago), chunk j + 1 is staged into its slot, and the row
        // above of chunk j arrives.
        int j = s / Chunk;
        if (j >= 2)
          writeBack(j - 2);
        __syncwarp();
        stage(j + 1);
        if (j < chunks)
          stageUp(j);
        __syncwarp();
      }
      const int c = 1 + s - lane; // this lane's column
      const bool valid = active && c >= 1 && c <= n - 2;
      double up = __shfl_up_sync(full, cur, 1);
      if (valid) {
        int k = (c - 1) / Chunk, o = (c - 1) % Chunk;
        int k1 = c / Chunk, o1 = c % Chunk; // column c + 1
        if (lane == 0)
          up = ring.up[k % Ring][o];
        double below = ring.cell[lane + 1][k % Ring][o];
        double right = ring.cell[lane][k1 % Ring][o1];
        double v = 0.25 * (up + below + left + right);
        ring.cell[lane][k % Ring][o] = v;
        left = v;
        cur = v;
      }
      __syncwarp();
    }
    // The chunks not written back yet.
    for (int j = max(0, (steps - 1) / Chunk - 1); j < chunks; ++j) {
      writeBack(j);
      __syncwarp();
    }
  }
}

} // namespace

extern "C" double gs2d_cuda_band(int n, double *host, int sweeps) {
  if (n < 3)
    return 0;
  const int Bands = (n - 2 + 31) / 32;
  const int Blocks = (Bands + WarpsPerBlock - 1) / WarpsPerBlock;
  return gs2d::runBandSweeps("cuda-band", sweepKernel, n, host, sweeps, Bands,
                             Blocks, 32 * WarpsPerBlock,
                             WarpsPerBlock * sizeof(BandRing));
}
