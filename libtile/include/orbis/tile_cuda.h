/// \file
/// The host side of blocked nests lowered for a GPU by `orbis-cc
/// --offload=cuda`: data movement (map sections), the allocations a hoisted
/// `single` makes, errors. Only generated code includes this header; the
/// device side is <orbis/tile_cuda.cuh>.
#ifndef ORBIS_TILE_CUDA_H
#define ORBIS_TILE_CUDA_H
// The inline code here is Orbis's, not the program's: the warnings a
// program's own flags ask for (-Wold-style-cast, -Wsign-conversion...) are
// not about it.
#pragma GCC system_header

#include <orbis/tile.h>

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// How a section moves (OpenMP's map types).
typedef enum orbis_map_kind {
  ORBIS_MAP_ALLOC = 0,
  ORBIS_MAP_TO = 1,
  ORBIS_MAP_FROM = 2,
  ORBIS_MAP_TOFROM = 3
} orbis_map_kind;

/// One variable's data on the device for one region.
typedef struct orbis_cuda_map {
  const char *name;   ///< the variable, for messages
  const void *value;  ///< the pointer's value (or the array's address)
  const void *begin;  ///< first byte of the section on the host
  size_t bytes;       ///< section length in bytes
  int kind;           ///< orbis_map_kind
  void *device_value; ///< `value` on the device (set by region_enter)
} orbis_cuda_map_t;

/// What a kernel reports when it stops itself (a tile-local allocation too
/// large, say): in host memory the device writes to, readable after the
/// kernel trapped.
typedef struct orbis_cuda_error {
  volatile int set;
  char where[160];
  char what[200];
} orbis_cuda_error_t;

/// Host memory for a kernel's error report; *device gets its device address.
orbis_cuda_error_t *orbis_cuda_error_slot(const char *where, void **device);

/// Checks the device is usable (a message and exit otherwise), copies each
/// section in (overlapping sections share one device buffer, so pointers
/// into one array alias on the device as on the host) and sets
/// `device_value`.
void orbis_cuda_region_enter(const char *where, orbis_cuda_map_t *maps,
                             int count);
/// Copies the `from` sections back and frees the device buffers.
void orbis_cuda_region_exit(const char *where, orbis_cuda_map_t *maps,
                            int count);

/// `#pragma omp target data map(...)`: the sections stay on the device until
/// the matching orbis_cuda_data_end (reference-counted, as in OpenMP), and
/// regions inside use them in place, copying nothing.
void orbis_cuda_data_begin(const char *where, orbis_cuda_map_t *maps,
                           int count);
void orbis_cuda_data_end(const char *where, orbis_cuda_map_t *maps, int count);

/// malloc and calloc for a `single` that the lowering runs on the host
/// before the kernel: the size is recorded so that the pointer can be
/// mapped without a `map` clause.
void *orbis_cuda_malloc(size_t bytes);
void *orbis_cuda_calloc(size_t count, size_t size);
/// The size recorded for `p`; stops the program naming `name` if none.
size_t orbis_cuda_allocation_size(const void *p, const char *name,
                                  const char *where);

/// Stops the program if a nest's accesses `name[v + low_offset]` to
/// `name[v + high_offset]` (`pointer` is name's value, elements of
/// `elem_size` bytes), v over the iterations of `loop` (first value `first`;
/// a null `loop`: constant subscripts, v = 0), leave the section
/// [lower, lower + length) of the `map` clause at `clause`, or the copy of a
/// `target data` region around it: the device would read memory never
/// copied to it, or write memory never copied back.
void orbis_cuda_check_section(const char *name, const void *pointer,
                              size_t elem_size, long long lower,
                              long long length, const char *clause,
                              const orbis_loop_t *loop, long long first,
                              long long low_offset, const char *low_where,
                              const char *low_access, long long high_offset,
                              const char *high_where, const char *high_access);

/// Stops the program if `status` (a cudaError_t) is not success, with
/// CUDA's error string, the failed call and the user's source location.
void orbis_cuda_check(int status, const char *call, const char *where);

/// Waits for the kernel; a kernel that stopped itself reports its message.
void orbis_cuda_finish(const char *where, const orbis_cuda_error_t *report);

/// Thread blocks to launch: at most `tiles`, and no more than are resident
/// at once (`per_sm` per multiprocessor), so that every block runs
/// concurrently with the ones it may wait on. ORBIS_GPU_BLOCKS lowers it.
int orbis_cuda_grid(const char *where, int per_sm, long long tiles);

/// Stops the program if a block needs more shared memory than the device
/// gives one block: `dynamic` bytes (arena and block_local tiles) plus
/// `fixed` bytes of the kernel's own state; `what` names the construct.
void orbis_cuda_check_shared(const char *where, size_t dynamic, size_t fixed,
                             const char *what);

/// The shared memory one thread block may have on the current device
/// (with the opt-in above 48 KiB).
size_t orbis_cuda_shared_limit(const char *where);

/// Sub-tile size of level `level` inside a GPU tile (ORBIS_GPU_SUBTILE, a
/// comma list per level; 1 by default).
long long orbis_cuda_subtile(const char *where, int level);

/// Sub-tiles of size `sub` per full tile of `loop`, and in the whole loop
/// (every tile but the last is full; each tile is split from its start).
static __inline__ void orbis_cuda_subtile_counts(const orbis_loop_t *loop,
                                             long long sub, long long *per_tile,
                                             long long *count) {
  long long last = loop->trip - (loop->num_tiles - 1) * loop->tile;
  *per_tile = (loop->tile - 1) / sub + 1;
  *count = loop->num_tiles == 0
               ? 0
               : (loop->num_tiles - 1) * *per_tile + (last - 1) / sub + 1;
}

/// Whether a nest's workers run their rows in lockstep: `possible` when the
/// compiler found the dependences allow it (`schedule` is its description,
/// or why not) and the inner tiles (`tile` iterations) are at least
/// `min_tile` wide; ORBIS_GPU_SCHEDULE=copies asks for the copies of the
/// pre/post-blocks on sub-tiles instead (`rows`, the default, for lockstep
/// where possible). ORBIS_VERBOSE=1 prints the choice once per nest.
int orbis_cuda_rows_in_lockstep(const char *where, int possible,
                                const char *schedule, long long tile,
                                long long min_tile);

/// Warps per 32 rows of a nest whose rows run in strict lockstep: 2 (two
/// warps on the same rows, taking alternate chunks of columns) when
/// `threads_fit` (the block's threads allow twice the rows' warps) and the
/// inner tiles (`tile` iterations) are at least `min_tile` wide, else 1.
/// ORBIS_GPU_ROW_WARPS=1 asks for one (2, the default, where possible);
/// ORBIS_VERBOSE=1 prints the choice once per nest.
int orbis_cuda_row_warps(const char *where, int threads_fit, long long tile,
                         long long min_tile);

/// ORBIS_TRACE: a device buffer of `tiles` records (orbis_gpu_tile_record_t)
/// for a kernel's leaders to stamp, or null when the program is not traced.
orbis_gpu_tile_record_t *orbis_cuda_trace_alloc(const char *where,
                                                long long tiles);
/// After the kernel: the records into the trace (the device's clock placed
/// at `launch_ns`, orbis_trace_clock_ns() before the launch), the buffer
/// freed. Does nothing for a null buffer.
void orbis_cuda_trace_collect(const char *where,
                              orbis_gpu_tile_record_t *records,
                              long long tiles, unsigned long long launch_ns);
/// Shared-memory bytes for the allocations of a tile's `single`
/// (ORBIS_GPU_ARENA; 16 KiB by default).
size_t orbis_cuda_arena_bytes(const char *where);

#ifdef __cplusplus
}
#endif

#endif // ORBIS_TILE_CUDA_H
