/// \file
/// GS2D written by hand in CUDA as well as we can: `cuda-hand`, the peer of
/// orbis-cuda (BENCHMARKS.md). One block per band of 32 rows at a time, its
/// five warps specialized so that the one on the critical path touches only
/// registers and shared memory:
///
/// - the compute warp: lane r owns row r of the band, one column behind
///   lane r - 1, so the new value above comes from the neighbouring lane by a
///   shuffle and lane 0's from the row-above ring; 16 columns (a chunk) at a
///   time, its old values read from the cell ring first, its results written
///   over them;
/// - the loader: the band's rows and the row below, 16 columns at a time,
///   into the cell ring with 16-byte cp.async, six chunks on the way;
/// - the upper warp: the row above, as the band above publishes it, every
///   chunk published since its last look at once;
/// - the edge writer: the last row of finished chunks back to memory, then
///   the band's progress for the band below (its fence waits for those
///   stores only);
/// - the bulk writer: the other rows back to memory.
///
/// Measured on the H100 while it was written (docs/benchmarks.md): the
/// loader needs more chunks on the way than a ring of 8 leaves it, a writer
/// that also writes the other rows makes its fence wait for them, and a
/// fence or an acquire load at every poll of the band above (which also
/// invalidates L1) costs more than one relaxed poll and one fence per round.
///
/// Bands come from an atomic ticket in increasing order, so a band only
/// waits for bands that run or are done. One sweep per launch; the sum is
/// evaluated in the reference's order, without contraction (-fmad=false),
/// so the result is bit-identical to the sequential sweeps.
#include "band_sweeps.cuh"
#include "gs2d_cuda.h"

#include <cuda/atomic>
#include <cuda_runtime.h>


namespace {

constexpr int Rows = 32;               // a band: one row per lane
constexpr int Width = 16;              // columns in a chunk
constexpr int Depth = 16;              // chunks the rings hold
constexpr int InFlight = 6;            // chunks the loader has on the way
constexpr int RingCols = Width * Depth;
// Two doubles of padding: lane r reads row r + 1 one column left of lane
// r - 1, 129 doubles further, which puts the 16 lanes of each half-warp in
// 16 different pairs of banks.
constexpr int Stride = RingCols + 2;

enum Role { Compute, Loader, Upper, EdgeWriter, BulkWriter, Roles };

struct Shared {
  double cell[Rows + 1][Stride]; // the band's rows and the row below
  double up[RingCols];           // the row above
  int band;
  // Chunks loaded, chunks of the row above staged, chunks computed,
  // chunks written back.
  int loaded, upReady, computed, written;
  int edgeWritten; // chunks whose last row is back in memory
};

__device__ __forceinline__ int acquire(int &Flag) {
  return cuda::atomic_ref<int, cuda::thread_scope_block>(Flag).load(
      cuda::memory_order_acquire);
}
__device__ __forceinline__ void release(int &Flag, int Value) {
  cuda::atomic_ref<int, cuda::thread_scope_block>(Flag).store(
      Value, cuda::memory_order_release);
}
/// Spins until Flag reaches Value (the whole warp, on one address).
__device__ __forceinline__ void awaitFlag(int &Flag, int Value) {
  while (acquire(Flag) < Value) {
  }
}

__device__ __forceinline__ void copyAsync16(double *To, const double *From) {
  unsigned Shared = (unsigned)__cvta_generic_to_shared(To);
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(Shared),
               "l"(From)
               : "memory");
}
__device__ __forceinline__ void copyAsync8(double *To, const double *From) {
  unsigned Shared = (unsigned)__cvta_generic_to_shared(To);
  asm volatile("cp.async.ca.shared.global [%0], [%1], 8;\n" ::"r"(Shared),
               "l"(From)
               : "memory");
}
__device__ __forceinline__ void commitCopies() {
  asm volatile("cp.async.commit_group;\n" ::: "memory");
}
template <int Pending> __device__ __forceinline__ void awaitCopies() {
  asm volatile("cp.async.wait_group %0;\n" ::"n"(Pending) : "memory");
}

/// One band's geometry: rows x0 .. x0 + rows - 1, row x0 + rows below it;
/// chunk m holds columns 16m .. 16m + 15 of 0 .. n - 1.
struct Band {
  int n, x0, rows, chunks;
  __device__ const double *row(const double *a, int r) const {
    return a + (size_t)(x0 + r) * n;
  }
};

/// The compute warp: steps of the band's rows in lockstep.
__device__ void computeBand(Shared &S, const Band &B, const double *a,
                            int lane) {
  const unsigned Full = 0xffffffffu;
  const int n = B.n, r = lane;
  const bool Active = r < B.rows;
  double h = Active ? B.row(a, r)[0] : 0.0; // the value to the left
  for (int k = 0; 16 * k - (B.rows - 1) <= n - 2; ++k) {
    // Chunk k needs columns up to 16k + 16 (the right neighbour), and
    // lane 0 the row above's chunk k.
    awaitFlag(S.loaded, min(k + 2, B.chunks));
    awaitFlag(S.upReady, min(k + 1, B.chunks));
    const bool Interior = B.rows == Rows && Width * k - (Rows - 1) >= 1 &&
                          Width * k + Width - 1 <= n - 2;
    // Half a chunk at a time, every old value of the half first: the steps
    // only shuffle, add and store, and half the registers hold the values
    // (three blocks fit on a multiprocessor). A step's results overwrite
    // only columns that this lane and the one above have read already, in
    // this half or before it.
#pragma unroll
    for (int Half = 0; Half < Width; Half += Width / 2) {
      double Below[Width / 2], Right[Width / 2], First[Width / 2];
#pragma unroll
      for (int j = 0; j < Width / 2; ++j) {
        const int y = Width * k + Half + j - r;
        Below[j] = S.cell[r + 1][y & (RingCols - 1)];
        Right[j] = S.cell[r][(y + 1) & (RingCols - 1)];
        // Lane 0's first sum, ready before the step: the other lanes'
        // replaces it under a predicate, no select on the chain.
        First[j] = S.up[(Width * k + Half + j) & (RingCols - 1)] + Below[j];
      }
#pragma unroll
      for (int j = 0; j < Width / 2; ++j) {
        const int y = Width * k + Half + j - r;
        const double Above = __shfl_up_sync(Full, h, 1);
        double Sum = First[j];
        if (r != 0)
          Sum = Above + Below[j];
        const double v = 0.25 * (Sum + h + Right[j]);
        // Inside chunks need no checks.
        if (Interior || (Active && y >= 1 && y <= n - 2)) {
          S.cell[r][y & (RingCols - 1)] = v;
          h = v;
        }
      }
    }
    __syncwarp();
    if (lane == 0)
      release(S.computed, k + 1);
  }
}

/// The last column the band's last row has finished once the compute warp
/// has done `Computed` chunks (its lane rows - 1 is rows - 1 columns
/// behind lane 0).
__device__ __forceinline__ int doneColumn(const Band &B, int Computed) {
  return min(Width * Computed - 1 - (B.rows - 1), B.n - 2);
}

/// The loader: the band's rows and the row below into the cell ring,
/// InFlight chunks on the way.
__device__ void loadBand(Shared &S, const Band &B, const double *a, int lane) {
  const int n = B.n;
  const bool Pairs = n % 2 == 0; // rows start 16-byte aligned
  for (int m = 0; m < B.chunks; ++m) {
    // The slot's previous chunk is written back.
    while (acquire(S.written) < m - Depth + 1 ||
           acquire(S.edgeWritten) < m - Depth + 1)
      __nanosleep(32);
    const int Col = Width * m, Slot = Col & (RingCols - 1);
    if (Pairs) {
      for (int i = lane; i < (B.rows + 1) * (Width / 2); i += 32) {
        const int r = i / (Width / 2), c = 2 * (i % (Width / 2));
        if (Col + c + 1 <= n - 1)
          copyAsync16(&S.cell[r][Slot + c], B.row(a, r) + Col + c);
      }
    } else {
      for (int i = lane; i < (B.rows + 1) * Width; i += 32) {
        const int r = i / Width, c = i % Width;
        if (Col + c <= n - 1)
          copyAsync8(&S.cell[r][Slot + c], B.row(a, r) + Col + c);
      }
    }
    commitCopies();
    if (m >= InFlight) {
      awaitCopies<InFlight>();
      __syncwarp();
      if (lane == 0)
        release(S.loaded, m - InFlight + 1);
    }
  }
  awaitCopies<0>();
  __syncwarp();
  if (lane == 0)
    release(S.loaded, B.chunks);
}

/// Chunks of the band whose interior columns all lie below `Columns` (the
/// first column not finished yet, n - 1 once all are).
__device__ __forceinline__ int chunksBefore(const Band &B, int Columns) {
  return Columns >= B.n - 1 ? B.chunks : Columns / Width;
}

/// The upper warp: the row above, as the band above (or nobody, for the
/// first band: row 0 is the border) finishes it. Each poll takes every
/// chunk published since the last one that the ring has room for, so one
/// round trip to L2 and one fence serve several chunks when the band above
/// is ahead.
__device__ void stageRowAbove(Shared &S, const Band &B, const double *a,
                              const int *progress, int band, int lane) {
  const int n = B.n;
  cuda::atomic_ref<const int, cuda::thread_scope_device> Above(progress[band]);
  for (int Staged = 0; Staged < B.chunks;) {
    // Room: the compute warp is done with a slot's previous chunk.
    const int Room = min(B.chunks, acquire(S.computed) + Depth);
    const int Ready =
        min(chunksBefore(B, Above.load(cuda::memory_order_relaxed)), Room);
    if (Ready <= Staged) {
      __nanosleep(32);
      continue;
    }
    cuda::atomic_thread_fence(cuda::memory_order_acquire,
                              cuda::thread_scope_device);
    for (int i = lane; i < (Ready - Staged) * Width; i += 32) {
      const int Col = Width * Staged + i;
      if (Col <= n - 1)
        S.up[Col & (RingCols - 1)] = __ldcg(B.row(a, -1) + Col);
    }
    __syncwarp();
    Staged = Ready;
    if (lane == 0)
      release(S.upReady, Staged);
  }
}

/// A writer's round: the chunks the band's last row has finished since
/// `Written` (returned; Written itself, after a short sleep, when none),
/// and their interior columns First .. Last.
__device__ __forceinline__ int finishedChunks(Shared &S, const Band &B,
                                              int Written, int &First,
                                              int &Last) {
  const int Done = chunksBefore(B, doneColumn(B, acquire(S.computed)) + 1);
  if (Done <= Written) {
    __nanosleep(32);
    return Written;
  }
  First = max(Width * Written, 1);
  Last = min(Width * Done - 1, B.n - 2);
  return Done;
}

/// The edge writer: the last row of finished chunks back to memory, then
/// the progress the band below waits for, one fence for all the chunks
/// finished since its last round. The other rows are the bulk writer's, so
/// that the fence waits for few stores.
__device__ void writeLastRow(Shared &S, const Band &B, double *a,
                             int *progress, int band, int lane) {
  const int n = B.n;
  cuda::atomic_ref<int, cuda::thread_scope_device> Mine(progress[band + 1]);
  for (int Written = 0; Written < B.chunks;) {
    int First, Last;
    const int Done = finishedChunks(S, B, Written, First, Last);
    if (Done == Written)
      continue;
    for (int c = First + lane; c <= Last; c += 32)
      a[(size_t)(B.x0 + B.rows - 1) * n + c] =
          S.cell[B.rows - 1][c & (RingCols - 1)];
    // Lane 0's release covers the warp's stores before the barrier.
    __syncwarp();
    Written = Done;
    if (lane == 0) {
      Mine.store(Done == B.chunks ? n - 1 : Last + 1,
                 cuda::memory_order_release);
      release(S.edgeWritten, Written);
    }
  }
}

/// The bulk writer: the band's other rows of finished chunks back to
/// memory (read by the next sweep only).
__device__ void writeOtherRows(Shared &S, const Band &B, double *a,
                               int lane) {
  const int n = B.n;
  for (int Written = 0; Written < B.chunks;) {
    int First, Last;
    const int Done = finishedChunks(S, B, Written, First, Last);
    if (Done == Written)
      continue;
    for (int r = 0; r < B.rows - 1; ++r)
      for (int c = First + lane; c <= Last; c += 32)
        a[(size_t)(B.x0 + r) * n + c] = S.cell[r][c & (RingCols - 1)];
    __syncwarp();
    Written = Done;
    if (lane == 0)
      release(S.written, Written);
  }
}

__global__ void __launch_bounds__(32 * Roles, 3)
    sweepKernel(int n, double *__restrict__ a, int *progress,
                unsigned *ticket) {
  extern __shared__ double Memory[];
  Shared &S = *reinterpret_cast<Shared *>(Memory);
  const int Warp = threadIdx.x / 32, Lane = threadIdx.x & 31;
  const int Bands = (n - 2 + Rows - 1) / Rows;
  for (;;) {
    if (threadIdx.x == 0) {
      S.band = (int)atomicAdd(ticket, 1u);
      S.loaded = S.upReady = S.computed = S.written = 0;
      S.edgeWritten = 0;
    }
    __syncthreads();
    const int band = S.band;
    if (band >= Bands)
      return;
    Band B;
    B.n = n;
    B.x0 = 1 + band * Rows;
    B.rows = min(Rows, n - 1 - B.x0);
    B.chunks = (n - 1) / Width + 1;
    switch (Warp) {
    case Compute:
      computeBand(S, B, a, Lane);
      break;
    case Loader:
      loadBand(S, B, a, Lane);
      break;
    case Upper:
      stageRowAbove(S, B, a, progress, band, Lane);
      break;
    case EdgeWriter:
      writeLastRow(S, B, a, progress, band, Lane);
      break;
    default:
      writeOtherRows(S, B, a, Lane);
      break;
    }
    __syncthreads(); // the flags are reset for the next band
  }
}

} // namespace

extern "C" double gs2d_cuda_hand(int n, double *host, int sweeps) {
  if (n < 3)
    return 0;
  const int Bands = (n - 2 + Rows - 1) / Rows;
  return gs2d::runBandSweeps("cuda-hand", sweepKernel, n, host, sweeps, Bands,
                             Bands, 32 * Roles, sizeof(Shared));
}
