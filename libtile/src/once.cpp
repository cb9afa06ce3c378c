/// \file
/// Call-once for `#pragma omp single` inside a blocked loop (EXTENSIONS.md
/// 1.5): the body runs once for the whole loop, by the first thread to arrive,
/// and every other thread that reaches it waits until the body has completed.
/// Unlike a barrier, threads that never reach the single do not hold anyone
/// up. The state is a plain int of a C struct (generated code initializes it
/// statically), so it is accessed with the __atomic builtins.
#include "export.h"
#include "tsan.h"

#include <orbis/tile.h>

#include <sched.h>

#include <cstdio>
#include <cstdlib>

namespace {

enum OnceState : int { NotStarted = 0, Running = 1, Done = 2 };

/// Spins before yielding: a single body is usually short, and a waiter that
/// yields at once pays a system call per check; but the machines may be
/// oversubscribed (more threads than cores), where spinning forever would
/// starve the thread that runs the body.
constexpr int SpinsBeforeYield = 128;

inline void cpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  __asm__ __volatile__("yield");
#endif
}

void waitUntilDone(const orbis_once_t *Once) {
  for (int Spin = 0;; ++Spin) {
    if (__atomic_load_n(&Once->state, __ATOMIC_ACQUIRE) == Done) {
      orbis::tile::tsanAcquire(Once);
      return;
    }
    if (Spin < SpinsBeforeYield)
      cpuRelax();
    else
      sched_yield();
  }
}

} // namespace

extern "C" {

ORBIS_TILE_API ORBIS_NOTHROW int orbis_once_begin(orbis_once_t *once, int nowait) {
  // Cheap exit for the common case of threads arriving long after the body ran.
  int State = __atomic_load_n(&once->state, __ATOMIC_ACQUIRE);
  if (State == Done)
    orbis::tile::tsanAcquire(once);
  if (State == NotStarted) {
    int Expected = NotStarted;
    if (__atomic_compare_exchange_n(&once->state, &Expected, Running,
                                    /*weak=*/false, __ATOMIC_ACQ_REL,
                                    __ATOMIC_ACQUIRE))
      return 1;
    State = Expected;
  }
  if (State != Done && !nowait)
    waitUntilDone(once);
  return 0;
}

ORBIS_TILE_API ORBIS_NOTHROW void orbis_once_end(orbis_once_t *once) {
  // Release: waiters that see Done also see everything the body wrote.
  orbis::tile::tsanRelease(once);
  __atomic_store_n(&once->state, Done, __ATOMIC_RELEASE);
}

ORBIS_TILE_API ORBIS_NOTHROW orbis_once_t *orbis_once_new(int refs) {
  if (refs < 1) {
    char What[96];
    std::snprintf(What, sizeof What, "team size %d must be positive", refs);
    orbis_tile_fatal("orbis_once_new", What);
  }
  // calloc/free rather than new/delete: the object is a C struct handed to C
  // code, and allocation failure must not throw across the C interface.
  auto *Once =
      static_cast<orbis_once_t *>(std::calloc(1, sizeof(orbis_once_t)));
  if (!Once)
    orbis_tile_fatal("orbis_once_new", "out of memory");
  Once->state = NotStarted;
  Once->refs = refs;
  return Once;
}

ORBIS_TILE_API ORBIS_NOTHROW void orbis_once_release(orbis_once_t *once) {
  // Acq_rel: the thread that frees must see every other thread's last use.
  orbis::tile::tsanRelease(&once->refs);
  if (__atomic_sub_fetch(&once->refs, 1, __ATOMIC_ACQ_REL) == 0) {
    orbis::tile::tsanAcquire(&once->refs);
    std::free(once);
  }
}

} // extern "C"
