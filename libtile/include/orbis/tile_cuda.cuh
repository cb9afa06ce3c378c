/// \file
/// The device side of blocked nests lowered by `orbis-cc --offload=cuda`:
/// tiles and sub-tiles, tile queries, the block barrier, call-once for
/// `single`, the shared-memory arena of tile-local allocations and the
/// atomics of `#pragma omp atomic`. Only generated CUDA code includes it.
#ifndef ORBIS_TILE_CUDA_CUH
#define ORBIS_TILE_CUDA_CUH

#include <orbis/tile.h>
#include <orbis/tile_cuda.h>

#include <cuda/atomic>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <cmath> // std::sqrt(float) and the other overloads

/// A tile of a blocked loop, or a sub-tile of a tile: iteration indices
/// from the start of the loop, and how many tiles its level has (what
/// omp_num_blocks() answers: tiles of the loop, or sub-tiles of the tile).
struct orbis_dev_tile_t {
  long long num, first, size, count;
};

/// Tile `num` of a loop.
__device__ __forceinline__ orbis_dev_tile_t
orbis_dev_tile(const orbis_loop_t &loop, long long num) {
  long long first = num * loop.tile, left = loop.trip - first;
  return {num, first, left < loop.tile ? left : loop.tile, loop.num_tiles};
}

/// Sub-tile `num` (of size `sub`) of tile `t`.
__device__ __forceinline__ orbis_dev_tile_t
orbis_dev_subtile(const orbis_dev_tile_t &t, long long sub, long long num) {
  long long first = num * sub, left = t.size - first;
  return {num, t.first + first, left < sub ? left : sub,
          t.size == 0 ? 0 : (t.size - 1) / sub + 1};
}

/// Sub-tile `num` (of size `sub`) of tile `t` of an inner loop, numbered
/// along the whole loop: every tile but the last is full, so tile k's
/// sub-tiles follow the ceil(tile / sub) sub-tiles of each earlier tile.
/// Counts that an inner level's pre/post-blocks keep per sub-tile then stay
/// consistent from one tile to the next.
/// `per_tile` and `count` come from orbis_cuda_subtile_counts (no 64-bit
/// division on the device, once per sub-tile).
__device__ __forceinline__ orbis_dev_tile_t
orbis_dev_subtile_in_loop(const orbis_dev_tile_t &t, long long sub,
                          long long per_tile, long long count, long long num) {
  long long first = num * sub, left = t.size - first;
  return {t.num * per_tile + num, t.first + first, left < sub ? left : sub,
          count};
}

/// Innermost tiles a block's leader keeps in flight at most: the workers
/// count the tiles they leave in a ring of this many counters, and the
/// leader runs a tile's pre-block only when the post-block of the tile this
/// many before it has run (docs/lowering.md "The leader's lookahead").
#define ORBIS_DEV_TILES_IN_FLIGHT 16

/// Whether the shared counter `c` has reached `value` (acquire if so): one
/// test, for a leader that has other work while it waits.
__device__ __forceinline__ bool orbis_dev_reached(int &c, int value) {
  cuda::atomic_ref<int, cuda::thread_scope_block> r(c);
  if (r.load(cuda::memory_order_relaxed) < value)
    return false;
  cuda::atomic_thread_fence(cuda::memory_order_acquire,
                            cuda::thread_scope_block);
  return true;
}

/// Spins until the shared counter `c` exceeds `value` (acquire).
__device__ __forceinline__ void orbis_dev_wait_above(int &c, int value) {
  cuda::atomic_ref<int, cuda::thread_scope_block> r(c);
  while (r.load(cuda::memory_order_acquire) <= value) {
  }
}
/// Spins until the shared counter `c` reaches `value` (acquire).
__device__ __forceinline__ void orbis_dev_wait_reach(int &c, int value) {
  cuda::atomic_ref<int, cuda::thread_scope_block> r(c);
  while (r.load(cuda::memory_order_acquire) < value) {
  }
}
__device__ __forceinline__ void orbis_dev_publish(int &c, int value) {
  cuda::atomic_ref<int, cuda::thread_scope_block>(c).store(
      value, cuda::memory_order_release);
}
__device__ __forceinline__ void orbis_dev_count(int &c) {
  cuda::atomic_ref<int, cuda::thread_scope_block>(c).fetch_add(
      1, cuda::memory_order_release);
}

/// Rows in lockstep, staged chunks: one element of 4 or 8 bytes copied from
/// global to shared memory by `cp.async` (sm_80 and newer; a plain copy
/// before). The copy goes around the registers, so a `__syncwarp` between
/// its start and its use does not wait for it (a `__syncwarp` orders memory
/// and so waits for every load into registers issued before it).
template <class T, class U>
__device__ __forceinline__ void orbis_dev_copy_async(T *shared,
                                                     const volatile U *global) {
  static_assert(sizeof(T) == sizeof(U) && (sizeof(T) == 4 || sizeof(T) == 8),
                "cp.async copies 4 or 8 bytes here");
#if __CUDA_ARCH__ >= 800
  unsigned to = (unsigned)__cvta_generic_to_shared(shared);
  asm volatile("cp.async.ca.shared.global [%0], [%1], %2;\n" ::"r"(to),
               "l"((const void *)global), "n"((int)sizeof(T))
               : "memory");
#else
  *shared = *(const T *)global;
#endif
}
/// Closes the group of copies started since the last one.
__device__ __forceinline__ void orbis_dev_copies_commit() {
#if __CUDA_ARCH__ >= 800
  asm volatile("cp.async.commit_group;\n" ::: "memory");
#endif
}
/// Waits for every group of copies but the last one closed.
__device__ __forceinline__ void orbis_dev_copies_wait_prior() {
#if __CUDA_ARCH__ >= 800
  asm volatile("cp.async.wait_group 1;\n" ::: "memory");
#endif
}

/// Rows in lockstep: the columns a warp's last row has finished, for the
/// first row of the next warp (release: the rows' stores come first).
__device__ __forceinline__ void orbis_dev_publish_progress(long long &p,
                                                           long long value) {
  cuda::atomic_ref<long long, cuda::thread_scope_block>(p).store(
      value, cuda::memory_order_release);
}

/// Paired rows: a warp publishes its chunk's progress only after the other
/// warp of its rows has published the chunk before (acquire).
__device__ __forceinline__ void orbis_dev_wait_reach_progress(long long &p,
                                                              long long value) {
  cuda::atomic_ref<long long, cuda::thread_scope_block> r(p);
  while (r.load(cuda::memory_order_acquire) < value) {
  }
}

/// ORBIS_TRACE: the device's clock in nanoseconds, common to all SMs.
__device__ __forceinline__ unsigned long long orbis_dev_clock() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}
/// ORBIS_TRACE: the leader's record of a tile that started at `start`.
__device__ __forceinline__ void
orbis_dev_trace_tile(orbis_gpu_tile_record_t *record, unsigned long long start) {
  unsigned sm;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
  record->start = start;
  record->sm = sm;
  record->block = blockIdx.x;
  record->end = orbis_dev_clock();
}

/// A tile query's value: saturated to int like the host's.
__device__ __forceinline__ int orbis_dev_query(long long value) {
  return value > INT_MAX ? INT_MAX : value < INT_MIN ? INT_MIN : (int)value;
}

/// The block barrier, callable from different places of the code by
/// different threads (the leader thread's and the others'): `barrier.sync`
/// counts arriving threads, unlike `__syncthreads()`, which must be the same
/// call in every thread.
__device__ __forceinline__ void orbis_dev_barrier() {
  asm volatile("barrier.sync 0;" ::: "memory");
}

/// Stops the kernel with a message that the host prints (see
/// orbis_cuda_finish).
__device__ inline void orbis_dev_fail(orbis_cuda_error_t *report,
                                      const char *where, const char *what) {
  if (atomicExch((int *)&report->set, 1) == 0) {
    int i = 0;
    for (; where[i] && i < (int)sizeof(report->where) - 1; ++i)
      report->where[i] = where[i];
    report->where[i] = 0;
    for (i = 0; what[i] && i < (int)sizeof(report->what) - 1; ++i)
      report->what[i] = what[i];
    report->what[i] = 0;
    __threadfence_system();
  }
  __trap();
}

template <class T> using orbis_dev_atomic_ref =
    cuda::atomic_ref<T, cuda::thread_scope_device>;

/// Atomics act on the object, `volatile` or not.
template <class T> __device__ __forceinline__ T &orbis_dev_plain(volatile T &x) {
  return const_cast<T &>(x);
}
template <class T> __device__ __forceinline__ T &orbis_dev_plain(T &x) {
  return x;
}

/// Call-once of a `single`: state 0 not started, 1 running, 2 done. One
/// caller gets true and runs the body; the others wait until it is done.
__device__ inline bool orbis_dev_once_begin(int *state, bool nowait) {
  orbis_dev_atomic_ref<int> s(*state);
  int expected = 0;
  if (s.compare_exchange_strong(expected, 1, cuda::memory_order_acq_rel))
    return true;
  if (!nowait)
    while (s.load(cuda::memory_order_acquire) != 2) {
    }
  return false;
}
__device__ inline void orbis_dev_once_end(int *state) {
  orbis_dev_atomic_ref<int>(*state).store(2, cuda::memory_order_release);
}

/// The shared-memory arena of a tile: `malloc`/`calloc`/`new[]` in the
/// tile-local copies of the pre/post-blocks allocate here, and everything
/// is released when the tile ends.
struct orbis_dev_arena_t {
  unsigned char *base;
  unsigned long long size, used;
  orbis_cuda_error_t *report;
  const char *where;
};

__device__ inline void *orbis_dev_arena_alloc(orbis_dev_arena_t *a,
                                              unsigned long long count,
                                              unsigned long long size,
                                              bool zero) {
  unsigned long long bytes = count * size;
  if (size && bytes / size != count)
    orbis_dev_fail(a->report, a->where,
                   "tile-local allocation size overflows");
  bytes = (bytes + 15) & ~15ull;
  unsigned long long at =
      orbis_dev_atomic_ref<unsigned long long>(a->used).fetch_add(bytes);
  if (at + bytes > a->size)
    orbis_dev_fail(a->report, a->where,
                   "a tile-local allocation does not fit in the tile's "
                   "shared-memory arena (set ORBIS_GPU_ARENA to more bytes)");
  unsigned char *p = a->base + at;
  if (zero)
    for (unsigned long long i = 0; i < bytes; ++i)
      p[i] = 0;
  return p;
}

/// calloc on the device heap (device code has malloc but no calloc).
__device__ inline void *orbis_dev_calloc(size_t count, size_t size) {
  size_t bytes = count * size;
  if (size && bytes / size != count)
    return nullptr;
  unsigned char *p = (unsigned char *)malloc(bytes);
  if (p)
    for (size_t i = 0; i < bytes; ++i)
      p[i] = 0;
  return p;
}

/// The loads of a spin-wait: relaxed, so that polling does not invalidate
/// the multiprocessor's L1 cache on every turn (an acquire load at device
/// scope does); the fence after the loop makes the wait an acquire. Block
/// scope for tile-local data in shared memory.
template <cuda::thread_scope S, class T>
__device__ __forceinline__ auto orbis_dev_poll(T &x) {
  using U = typename std::remove_cv<T>::type;
  return cuda::atomic_ref<U, S>(orbis_dev_plain(x))
      .load(cuda::memory_order_relaxed);
}
/// The acquire load a spin-wait tests its condition with once the relaxed
/// polls pass: cheaper on the GPU than a fence, which waits for every
/// store the multiprocessor has in flight.
template <cuda::thread_scope S, class T>
__device__ __forceinline__ auto orbis_dev_poll_acquire(T &x) {
  using U = typename std::remove_cv<T>::type;
  return cuda::atomic_ref<U, S>(orbis_dev_plain(x))
      .load(cuda::memory_order_acquire);
}
template <cuda::thread_scope S>
__device__ __forceinline__ void orbis_dev_acquire_fence() {
  cuda::atomic_thread_fence(cuda::memory_order_acquire, S);
}

/// `#pragma omp atomic read`, `write` and the load of a spin-wait.
template <class T> __device__ __forceinline__ auto orbis_dev_atomic_load(T &x) {
  using U = typename std::remove_cv<T>::type;
  return orbis_dev_atomic_ref<U>(orbis_dev_plain(x)).load();
}
template <class T> __device__ __forceinline__ auto orbis_dev_acquire(T &x) {
  using U = typename std::remove_cv<T>::type;
  return orbis_dev_atomic_ref<U>(orbis_dev_plain(x))
      .load(cuda::memory_order_acquire);
}
template <class T, class V>
__device__ __forceinline__ void orbis_dev_atomic_store(T &x, V v) {
  using U = typename std::remove_cv<T>::type;
  orbis_dev_atomic_ref<U>(orbis_dev_plain(x)).store((U)v);
}

/// `#pragma omp atomic` update `x op= v`: the value C computes, `(T)(x op
/// v)` with the usual arithmetic conversions, stored by compare-and-swap
/// (a fetch_add where that is the same).
#define ORBIS_DEV_ATOMIC_OP(NAME, OP)                                          \
  template <cuda::thread_scope S = cuda::thread_scope_device, class T,         \
            class V>                                                           \
  __device__ __forceinline__ void NAME(T &x, V v) {                            \
    using U = typename std::remove_cv<T>::type;                                \
    cuda::atomic_ref<U, S> r(orbis_dev_plain(x));                              \
    U old = r.load(cuda::memory_order_relaxed);                                \
    while (!r.compare_exchange_weak(old, (U)(old OP v))) {                     \
    }                                                                          \
  }
ORBIS_DEV_ATOMIC_OP(orbis_dev_atomic_sub, -)
ORBIS_DEV_ATOMIC_OP(orbis_dev_atomic_mul, *)
ORBIS_DEV_ATOMIC_OP(orbis_dev_atomic_div, /)
ORBIS_DEV_ATOMIC_OP(orbis_dev_atomic_and, &)
ORBIS_DEV_ATOMIC_OP(orbis_dev_atomic_or, |)
ORBIS_DEV_ATOMIC_OP(orbis_dev_atomic_xor, ^)
ORBIS_DEV_ATOMIC_OP(orbis_dev_atomic_shl, <<)
ORBIS_DEV_ATOMIC_OP(orbis_dev_atomic_shr, >>)
ORBIS_DEV_ATOMIC_OP(orbis_dev_atomic_add_cas, +)
#undef ORBIS_DEV_ATOMIC_OP

template <cuda::thread_scope S = cuda::thread_scope_device, class T, class V>
__device__ __forceinline__ void orbis_dev_atomic_add(T &x, V v) {
  using U = typename std::remove_cv<T>::type;
  if constexpr (std::is_integral<U>::value && std::is_integral<V>::value &&
                sizeof(V) <= sizeof(U))
    cuda::atomic_ref<U, S>(orbis_dev_plain(x)).fetch_add((U)v);
  else
    orbis_dev_atomic_add_cas<S>(x, v);
}

/// abort() in device code.
__device__ inline void orbis_dev_abort() { __trap(); }

#endif // ORBIS_TILE_CUDA_CUH
