/// \file
/// World loads on ORBIS_TRACE's timeline (docs/trace.md). libtile records
/// the trace; libworld does not depend on it, so it finds the recorder
/// through weak symbols: in a program without libtile (a plain user of the
/// C API) they are null and nothing is recorded. A load is recorded when it
/// is a range (a staged tile's: one per tile row) or when it took 2 us or
/// more (it waited for a writer or went to another process); the element
/// path's local hits, millions a second, are not.
#ifndef ORBIS_WORLD_SRC_TRACE_HOOK_H
#define ORBIS_WORLD_SRC_TRACE_HOOK_H

#include <cstdint>
#include <ctime>

extern "C" {
/// libtile's (<orbis/tile.h>): nonzero while tracing.
extern int orbis_trace_on __attribute__((weak));
void orbis_trace_world_load(unsigned long long start_ns,
                            unsigned long long end_ns, int waited,
                            unsigned long long first, unsigned long long count)
    __attribute__((weak));
}

namespace orbis::world {

inline bool traceOn() {
  return &orbis_trace_on && orbis_trace_on && orbis_trace_world_load;
}

/// CLOCK_MONOTONIC in nanoseconds, libtile's clock.
inline uint64_t traceNow() {
  timespec Ts;
  clock_gettime(CLOCK_MONOTONIC, &Ts);
  return static_cast<uint64_t>(Ts.tv_sec) * 1000000000u + Ts.tv_nsec;
}

/// Runs `Store` (a staged tile's box of `Count` elements from `First`) and
/// records it as a "world store".
template <typename F> auto tracedStore(uint64_t First, uint64_t Count, F Store) {
  if (!traceOn())
    return Store();
  const uint64_t Start = traceNow();
  auto Status = Store();
  orbis_trace_world_load(Start, traceNow(), 2, First, Count);
  return Status;
}

/// Runs `Load` (a load of `Count` elements from `First`) and records it.
template <typename F>
auto tracedLoad(uint64_t First, uint64_t Count, bool WaitOnly, F Load) {
  if (!traceOn())
    return Load();
  const uint64_t Start = traceNow();
  auto Status = Load();
  const uint64_t End = traceNow();
  if (Count > 1 || End - Start >= 2000)
    orbis_trace_world_load(Start, End, WaitOnly ? 1 : 0, First, Count);
  return Status;
}

} // namespace orbis::world

#endif // ORBIS_WORLD_SRC_TRACE_HOOK_H
