/// \file
/// The interface between code lowered by orbis-cc and libtile, the runtime of
/// blocked loops. Only generated code includes this header; users include
/// <omp_blocked.h>.
///
/// A blocked loop is described once per execution by an orbis_loop_t (trip
/// count, tile size, number of tiles), computed by orbis_loop_init() from the
/// loop's bounds as the lowered code evaluated them. Each tile a thread runs is
/// an orbis_tile_t on that thread's stack; entering it pushes it on a
/// thread-local stack so that orphaned tile queries find it, leaving pops it.
/// Hot paths (entering and leaving a tile) are inline.
#ifndef ORBIS_TILE_H
#define ORBIS_TILE_H
// The inline code here is Orbis's, not the program's: the warnings a
// program's own flags ask for (-Wold-style-cast, -Wsign-conversion...) are
// not about it.
#pragma GCC system_header

/// Lowered code's: swallows the size argument of a `schedule(blocked, size)`
/// directive that the lowering keeps as written.
#define __orbis_drop(...)

/// Lowered code's: the code orbis-cc writes into the user's file goes
/// between these two, which turn every warning off for it (-Werror builds
/// failed on code the user did not write: a C++ style's casts, C89's
/// declarations after statements, the scaffolding's index arithmetic, the
/// conversions of the copies of the user's expressions it evaluates) and
/// back on for the user's statements between the pieces. docs/driver.md;
/// tests/lit/driver/generated-code-warnings.test checks it under
/// -Weverything.
#define __orbis_generated_begin                                                \
  _Pragma("clang diagnostic push")                                             \
  _Pragma("clang diagnostic ignored \"-Weverything\"")
#define __orbis_generated_end _Pragma("clang diagnostic pop")

#include <omp_blocked.h>

#include <limits.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The one libomp call the lowered code makes itself (the size of the team
/// that shares a `single`). Declared here rather than through <omp.h>, which
/// the lowered file does not include: clang's <omp.h> does not compile
/// under -std=c89, and a program that does not include it must not see its
/// names.
int omp_get_num_threads(void);

/// Stops the program: a misuse found at run time in lowered code.
ORBIS_NOTHROW void orbis_tile_fatal(const char *where, const char *what)
    __attribute__((noreturn));

/// A requested tile size of 0 means "let the runtime choose". Shared by the
/// compiler (which passes it when the clause has no size) and libtile.
#define ORBIS_BLOCK_SIZE_AUTO 0

/// The relational operator of a canonical loop's bound test.
typedef enum orbis_cmp {
  ORBIS_CMP_LT = 0, ///< var <  bound
  ORBIS_CMP_LE = 1, ///< var <= bound
  ORBIS_CMP_GT = 2, ///< var >  bound
  ORBIS_CMP_GE = 3, ///< var >= bound
  ORBIS_CMP_NE = 4  ///< var != bound
} orbis_cmp;

/// One execution of a blocked loop, evaluated before its first tile.
typedef struct orbis_loop {
  long long trip;      ///< number of iterations (>= 0)
  long long tile;      ///< nominal tile size (>= 1)
  long long num_tiles; ///< ceil(trip / tile)
  long long step;      ///< signed increment per iteration, in loop units
  long long total;     ///< the bound as written, for omp_total_size()
  const struct orbis_site *site; ///< the loop's site (ORBIS_TRACE names it)
  int team_level;      ///< omp_get_level() where the loop's tiles run
} orbis_loop_t;

/// Where a blocked loop is in the source and how it was lowered; one static
/// instance per loop, used for the size policy and for messages.
typedef struct orbis_site {
  const char *where;     ///< "file:line:col" of the pragma
  int level;             ///< depth in the tiled nest, 0 = outermost
  int elem_size;         ///< largest array element size in the nest, bytes
  int flags;             ///< ORBIS_SITE_* facts the compiler knows
  /// The order of the iterations inside a tile, in words, at the innermost
  /// level of a two-level nest (ORBIS_VERBOSE prints it); else null.
  const char *order;
} orbis_site_t;

/// The nest has a `#pragma omp block`: its pre/post-blocks run per tile,
/// typically to synchronize a wavefront, so inner tiles must stay small
/// enough to keep the pipeline full.
#define ORBIS_SITE_PIPELINED 1
/// The loop is the innermost blocked loop of its nest.
#define ORBIS_SITE_INNERMOST 2
/// The nest runs on a GPU (the CUDA backend): the automatic tile sizes are
/// the GPU's (level 0: the rows of a thread block).
#define ORBIS_SITE_GPU 4
/// The GPU nest can run a tile's rows in lockstep in one warp (the CUDA
/// backend's strict rows): level 0's automatic tile is a warp's 32 rows;
/// an inner level with this flag (the leader keeps many tiles in flight)
/// gets tiles of one chunk of columns, so the rows below follow per chunk.
#define ORBIS_SITE_GPU_WARP_ROWS 8
/// The nest's tiles are staged through world memory (a blocked nest in a
/// `world_parallel` loop): each tile costs range operations per row, so the
/// automatic tiles are wide, and few rows deep for the pipeline between the
/// processes.
#define ORBIS_SITE_WORLD_STAGED 16
/// The CPU runs the rows of a tile of this two-level nest in lockstep,
/// ORBIS_LOCKSTEP_ROWS at a time (docs/lowering.md): level 0's automatic
/// tiles are a multiple of that many rows, the inner level's wide enough
/// that the steps where all rows are inside the tile dominate.
#define ORBIS_SITE_LOCKSTEP 32
/// The outermost loop of a `parallel for`: its tiles run in the team the
/// directive starts, one level below where orbis_loop_init() runs.
#define ORBIS_SITE_PARALLEL 64
/// The outermost loop of a worksharing `for`: it shares the iterations
/// among the threads of the enclosing team, so it must not run inside a
/// tile of another loop of that team (nested worksharing: libomp aborts).
#define ORBIS_SITE_WORKSHARING 128
/// With ORBIS_SITE_GPU_WARP_ROWS at level 0: the leader keeps many tiles
/// in flight, enough for the skew of three warps of rows (rows lag by at
/// most one iteration), so level 0's automatic tile is 96 rows: fewer
/// hand-overs between thread blocks, each a round trip through global
/// memory and the leaders.
#define ORBIS_SITE_GPU_TALL_ROWS 64
/// With ORBIS_SITE_GPU_WARP_ROWS at an inner level: two warps may run each
/// 32 rows, taking alternate chunks (docs/lowering.md "Paired warps"), so
/// the automatic tile is two chunks wide (unless ORBIS_GPU_ROW_WARPS=1):
/// half the leader's pre- and post-blocks, whose waits and atomics no
/// longer sit between a pair's chunks.
#define ORBIS_SITE_GPU_PAIRED_ROWS 256
/// Rows a CPU core advances together in such a tile.
#define ORBIS_LOCKSTEP_ROWS 6
/// Columns each of those rows stays behind the row above (docs/lowering.md,
/// "The lag"): 2, so that the value a row takes from the row above is two
/// steps old and the chain of one step runs through the row's own left
/// neighbour only.
#define ORBIS_LOCKSTEP_LAG 2

/// A tile being run by the current thread.
typedef struct orbis_tile {
  const orbis_loop_t *loop;
  long long num;              ///< tile number, 0-based
  long long first;            ///< index of the tile's first iteration
  long long size;             ///< iterations in this tile
  const struct orbis_tile *parent; ///< enclosing active tile on this thread
} orbis_tile_t;

/// Innermost tile active on the calling thread, or null.
extern __thread const orbis_tile_t *orbis_tile_current;

/// Computes the trip count of `for (v = lb; v CMP ub; v += step)` evaluated in
/// a signed (is_unsigned == 0) or unsigned 64-bit domain, picks the tile size
/// (requested > 0: that; ORBIS_BLOCK_SIZE_AUTO: OMP_BLOCK_SIZE or the cache
/// policy) and fills *loop. `outer_tile_product` is the product of the tile
/// sizes of the enclosing levels of the nest (1 at level 0). A loop that can
/// never terminate or a requested size below 1 stops the program with a
/// message naming the site.
ORBIS_NOTHROW void orbis_loop_init(orbis_loop_t *loop, const orbis_site_t *site,
                     long long lb, long long ub, long long step,
                     orbis_cmp cmp, int is_unsigned, long long requested,
                     long long outer_tile_product, long long total);

/// Stops the program: the tile size `size` an expression in the clause
/// gave is below 1 (the message names the value and the site).
ORBIS_NOTHROW void orbis_block_size_fatal(long long size,
                                          const orbis_site_t *site)
    __attribute__((noreturn));

/// Checks a tile size given by an expression in the clause (a constant one is
/// checked by the compiler): below 1 stops the program naming the site.
ORBIS_NOTHROW static __inline__ long long orbis_block_size_arg(long long size,
                                             const orbis_site_t *site) {
  if (size < 1)
    orbis_block_size_fatal(size, site);
  return size;
}

/// A tile query's value as the int the query functions return: saturated,
/// like the out-of-line queries, rather than wrapped.
ORBIS_NOTHROW static __inline__ int orbis_query_int(long long value) {
  return value > INT_MAX ? INT_MAX : value < INT_MIN ? INT_MIN : (int)value;
}

/// ORBIS_TRACE=file.json (docs/trace.md): nonzero while libtile records
/// every tile and the spin-waits in it as a Chrome trace-event file, written
/// when the program exits. Set once, when libtile is loaded.
extern int orbis_trace_on;
struct orbis_tile;
ORBIS_NOTHROW void orbis_trace_tile_begin(const struct orbis_tile *t);
ORBIS_NOTHROW void orbis_trace_tile_end(const struct orbis_tile *t);
ORBIS_NOTHROW void orbis_trace_spin(void);
ORBIS_NOTHROW void orbis_trace_spin_end(void);
/// libworld's hook (found through a weak symbol): a world load from `first`
/// of `count` elements that ran from `start_ns` to `end_ns` (CLOCK_MONOTONIC)
/// on the calling thread; `waited`: 1 when it only waited for the elements
/// to be written (orbis_world_wait_range), copying nothing; 2 for a store
/// (a staged tile's box: orbis_world_store_box).
ORBIS_NOTHROW void orbis_trace_world_load(unsigned long long start_ns,
                            unsigned long long end_ns, int waited,
                            unsigned long long first, unsigned long long count);
/// The GPU backend's tiles (ORBIS_TRACE): one record per tile of a nest's
/// outermost loop, stamped by its thread block's leader with the device's
/// %globaltimer when the tile starts (after the block's barrier) and ends
/// (after the tile's last barrier); `sm` and `block` say where it ran.
typedef struct orbis_gpu_tile_record {
  unsigned long long start, end;
  unsigned int sm, block;
} orbis_gpu_tile_record_t;
/// CLOCK_MONOTONIC in nanoseconds: the trace's clock.
ORBIS_NOTHROW unsigned long long orbis_trace_clock_ns(void);
/// Adds the `count` records of one kernel of the nest at `where` to the
/// trace: tile i is record i (a record whose end is 0 did not run). The
/// device clock is placed on the host's so that the first tile starts at
/// `launch_ns`, when the host launched the kernel.
ORBIS_NOTHROW void orbis_trace_gpu_tiles(const char *where,
                           const orbis_gpu_tile_record_t *records,
                           long long count, unsigned long long launch_ns);

/// One turn of a spin-wait in a pre- or post-block: the compiler puts it in
/// the empty body of such a `while (cond) {}` (the Algorithm 1 pattern). It
/// pauses the core, and now and then yields it, so that waiting threads do
/// not starve the threads they wait for when cores are oversubscribed.
ORBIS_NOTHROW void orbis_spin_yield(void);
extern __thread unsigned orbis_spin_count;
ORBIS_NOTHROW static __inline__ void orbis_spin_pause(void) {
  if (__builtin_expect(orbis_trace_on, 0))
    orbis_trace_spin();
  if ((++orbis_spin_count & 255u) == 0)
    orbis_spin_yield();
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  __asm__ __volatile__("yield");
#endif
}

/// After the last turn of a spin-wait (the compiler puts it after the loop).
ORBIS_NOTHROW static __inline__ void orbis_spin_end(void) {
  if (__builtin_expect(orbis_trace_on, 0))
    orbis_trace_spin_end();
}

/// Enters tile `num` of `loop` on the calling thread.
ORBIS_NOTHROW static __inline__ void orbis_tile_enter(orbis_tile_t *t, const orbis_loop_t *loop,
                                    long long num) {
  long long first = num * loop->tile;
  long long left = loop->trip - first;
  t->loop = loop;
  t->num = num;
  t->first = first;
  t->size = left < loop->tile ? left : loop->tile;
  t->parent = orbis_tile_current;
  orbis_tile_current = t;
  if (__builtin_expect(orbis_trace_on, 0))
    orbis_trace_tile_begin(t);
}

/// Leaves the tile entered last by orbis_tile_enter().
ORBIS_NOTHROW static __inline__ void orbis_tile_leave(orbis_tile_t *t) {
  if (__builtin_expect(orbis_trace_on, 0))
    orbis_trace_tile_end(t);
  orbis_tile_current = t->parent;
}

/// Call-once state of a `single` inside a blocked loop: it runs once for the
/// whole loop, and every thread that reaches it waits until it has completed.
typedef struct orbis_once {
  int state; ///< 0 not started, 1 running, 2 done (accessed atomically)
  int refs;  ///< threads still holding a heap-allocated once (orbis_once_new)
} orbis_once_t;
#define ORBIS_ONCE_INIT {0, 0}

/// Returns 1 to exactly one caller, which must then run the body and call
/// orbis_once_end(); every other caller waits until that happened (unless
/// `nowait`) and gets 0.
ORBIS_NOTHROW int orbis_once_begin(orbis_once_t *once, int nowait);
ORBIS_NOTHROW void orbis_once_end(orbis_once_t *once);

/// A once shared by a team that is already running (an orphaned `for`):
/// created by one thread with `refs` = team size, released by each thread.
ORBIS_NOTHROW orbis_once_t *orbis_once_new(int refs);
ORBIS_NOTHROW void orbis_once_release(orbis_once_t *once);

#ifdef __cplusplus
}

/// A blocked loop whose variable's type depends on a template parameter
/// (`It p` in a function template, `auto p` in a generic lambda) is lowered
/// once for every instance: its domain and values come from these, chosen
/// by overloading for an integer or a pointer instance.
template <class L, class U> inline long long orbis_dep_lower(L lb, U ub) {
  return (long long)(decltype(lb + ub))lb;
}
template <class T, class S> inline long long orbis_dep_lower(T *, S *) {
  return 0;
}
template <class L, class U> inline long long orbis_dep_upper(L lb, U ub) {
  return (long long)(decltype(lb + ub))ub;
}
template <class T, class S> inline long long orbis_dep_upper(T *lb, S *ub) {
  return (long long)(ub - lb);
}
template <class L, class U> inline int orbis_dep_unsigned(L lb, U ub) {
  return (decltype(lb + ub))-1 > 0;
}
template <class T, class S> inline int orbis_dep_unsigned(T *, S *) {
  return 0;
}
template <class L, class U> inline long long orbis_dep_total(L, U ub) {
  return (long long)ub;
}
template <class T, class S> inline long long orbis_dep_total(T *lb, S *ub) {
  return (long long)(ub - lb);
}
/// The value at iteration k, in unsigned 64-bit arithmetic for an integer.
template <class T>
inline T orbis_dep_at(T lb, unsigned long long k, long long step) {
  return (T)((unsigned long long)lb + k * (unsigned long long)step);
}
template <class T>
inline T *orbis_dep_at(T *lb, unsigned long long k, long long step) {
  return lb + (long long)k * step;
}
#endif

#endif // ORBIS_TILE_H
