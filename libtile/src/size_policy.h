/// \file
/// The automatic tile size of a CPU blocked loop (EXTENSIONS.md 1.7): used
/// when neither the clause nor OMP_BLOCK_SIZE gives one. The policy itself is
/// a pure function of an input struct, so tests give it an explicit cache
/// size and thread count; the machine's values come from separate functions.
#ifndef ORBIS_TILE_SRC_SIZE_POLICY_H
#define ORBIS_TILE_SRC_SIZE_POLICY_H

#include "export.h"
#include "status.h"

namespace orbis::tile {

/// What the policy looks at.
struct SizePolicyInput {
  long long Trip = 0;             ///< iterations of the loop
  int Level = 0;                  ///< depth in the tiled nest, 0 = outermost
  int ElemSize = 0;               ///< bytes per element; < 1: unknown (8)
  long long OuterTileProduct = 1; ///< product of the enclosing tile sizes
  int Threads = 1;                ///< threads sharing the level-0 tiles
  long long L2Bytes = 0;          ///< L2 cache size of one core
  bool Pipelined = false;         ///< the nest synchronizes per tile
  bool Innermost = false;         ///< the innermost blocked loop
  bool Gpu = false;               ///< the nest runs on a GPU
  bool GpuWarpRows = false;       ///< ... with one warp's rows per tile
  bool GpuTallRows = false;       ///< ... or three warps' rows
  bool GpuPairedRows = false;     ///< ... two warps per 32 rows
  bool WorldStaged = false;       ///< tiles staged through world memory
  bool Lockstep = false;          ///< the CPU runs a tile's rows in lockstep
};

/// Tiles per thread at level 0: enough for monotonic dynamic distribution to
/// balance the load and to fill a wavefront pipeline, few enough to keep the
/// per-tile overhead (and the pre/post-block synchronization) small.
constexpr long long TilesPerThread = 4;
/// Width in bytes of the innermost tiles of a pipelined nest: rows this
/// short let the core overlap the dependence chains of consecutive rows of a
/// wavefront (measured best at 256 B for Gauss-Seidel, see
/// docs/benchmarks.md) and keep many tiles in flight.
constexpr long long PipelinedRowBytes = 256;
/// Tile size of every level of a nest on a GPU: at level 0 it is the number
/// of rows (sub-tiles of one iteration) a thread block pipelines, one per
/// thread; at inner levels the iterations one tile-wide step covers. Two
/// warps deep and 64 wide keeps the intra-tile pipeline's fill and drain
/// (one step per row) small against the steps of a tile.
constexpr long long GpuTileSize = 64;
/// Rows of a GPU tile whose rows run in lockstep in one warp.
constexpr long long GpuWarpRows = 32;
/// Rows of such a tile when the leader keeps many tiles in flight: three
/// warps (96 rows: 1.09-1.14x 32 rows at N = 8192-32768 on an H100,
/// docs/benchmarks.md; the three warps' skew, 95 + 2 x 32 + 16 columns,
/// fits the 16 tiles of 16 columns the leader keeps in flight).
constexpr long long GpuTallRows = 96;
/// Columns of an inner tile of such a nest: the warp's chunk (16 columns,
/// LockstepRows.cpp), so that the tile below starts as soon as one chunk of
/// the tile above is done (measured best on an H100, docs/benchmarks.md).
constexpr long long GpuWarpRowColumns = 16;
/// ... and when two warps may take alternate chunks of the rows
/// (ORBIS_SITE_GPU_PAIRED_ROWS): two chunks. With one warp 32 columns
/// were slower (0.92x at N = 16384), with two 1.13x faster
/// (docs/benchmarks.md, "Session 24").
constexpr long long GpuPairedRowColumns = 32;
/// Rows of a level-0 tile staged through world memory, at most: the process
/// of the next world iteration follows a tile row behind.
constexpr long long WorldStagedRows = 64;
/// Columns of an innermost tile staged through world memory, at least: a
/// staged tile costs a few range operations per row (about 0.25 us each,
/// against 2.5 ns a cell of Gauss-Seidel), docs/benchmarks.md.
constexpr long long WorldStagedColumns = 512;
/// Rows of a level-0 tile whose rows run in lockstep on a CPU core, at most
/// (a multiple of ORBIS_LOCKSTEP_ROWS): a tile of 126 x 512 doubles stays in
/// a 1 MiB L2, and tiles that tall deal the rows out in enough rounds that
/// the last, partly idle one costs little (at N = 4096 on 4 threads, 22
/// tiles of 192 rows left half the threads idle for a whole tile row: 10-19%
/// slower than 126 rows on the 16-core Xeon, scripts/bench-tiles.sh,
/// docs/benchmarks.md); at least LockstepMinRows, four groups, even when
/// that leaves fewer than TilesPerThread tiles per thread (at N = 1024 on 16
/// threads, 24 rows ran 4.3-4.5 GCUP/s against 3.7 for 12).
constexpr long long LockstepTileRows = 126;
constexpr long long LockstepMinRows = 24;
/// Columns of an inner tile of such a nest: ceil(Trip / Threads), one
/// row's worth per thread, so that the wavefront between tile rows fills
/// in a few tiles, within [LockstepMinColumns, LockstepColumns]: wide tiles
/// spend fewer steps filling and draining the rows' pipeline and stream
/// longer runs of each row from memory (512 columns were best or within
/// noise of it for N >= 4096 at 1-8 threads; at 16 threads 256 at N =
/// 4096, 128 at 2048 and 64 at 1024, each ceil(Trip / Threads)).
constexpr long long LockstepColumns = 512;
constexpr long long LockstepMinColumns = 64;
/// Element size assumed when the compiler found no array in the nest.
constexpr int DefaultElemSize = 8;
/// L2 size assumed when the machine does not tell.
constexpr long long DefaultL2Bytes = 1LL << 20;

/// The tile size, in [1, max(Trip, 1)]:
/// - staged through world memory: level 0 as below but at most
///   WorldStagedRows, the innermost level ceil(Trip / (TilesPerThread *
///   Threads)) but at least WorldStagedColumns, levels between as a
///   pipelined nest's;
/// - on a GPU: GpuTileSize at every level (when the rows run in lockstep
///   in one warp: GpuWarpRows at level 0, or GpuTallRows when the leader
///   keeps many tiles in flight, GpuWarpRowColumns at inner levels the
///   compiler flags, GpuPairedRowColumns where two warps may share rows);
/// - rows in lockstep on a CPU core: level 0 as below but within
///   [LockstepMinRows, LockstepTileRows], rounded up to a multiple of
///   ORBIS_LOCKSTEP_ROWS;
///   the inner level ceil(Trip / Threads) within [LockstepMinColumns,
///   LockstepColumns];
/// - level 0 (the tiles shared among threads):
///     ceil(Trip / (TilesPerThread * Threads));
/// - levels >= 1 of a pipelined nest (one with pre/post-blocks): at most
///     ceil(Trip / (TilesPerThread * Threads)) so that every level has
///     enough tiles to keep all threads busy in the wavefront, and at the
///     innermost level at most PipelinedRowBytes / ElemSize;
/// - levels >= 1 of a plain tiled nest (tiles run in order by one thread):
///     L2Bytes / (2 * ElemSize * OuterTileProduct),
///   so that a tile of this level times the enclosing tiles fills half the
///   L2 (the other half is left to the other arrays, halos and the code). A
///   loop whose whole data fits gets Trip: one tile, i.e. not tiled.
ORBIS_TILE_TESTING_API long long policyTileSize(const SizePolicyInput &In);

/// The threads that will share a level-0 loop's tiles: inside a parallel
/// region (active or not), the current team's size, since the loop is then
/// initialized by the team that runs it (an orphaned or combined `for`);
/// outside any, the size of the next team (omp_get_max_threads()).
int policyThreads();

/// The L2 size to plan for: ORBIS_L2_CACHE_SIZE (text `Override`, bytes)
/// when set and non-empty, else the machine's (sysconf, then sysfs), else
/// DefaultL2Bytes. InvalidSize when the override is not a positive integer.
struct CacheSize {
  Status St;
  long long Bytes;
};
ORBIS_TILE_TESTING_API CacheSize l2CacheBytes(const char *Override);

} // namespace orbis::tile

#endif // ORBIS_TILE_SRC_SIZE_POLICY_H
