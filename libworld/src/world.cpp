/// \file
/// The world of one process: joining and leaving, allocations, and the C
/// API of <orbis/world.h> (see world_impl.h for the design).
#include "prefault.h"
#include "stop.h"
#include "trace_hook.h"
#include "world_impl.h"

#include <cmath>

#define ORBIS_WORLD_BUILDING // the C definitions below
#include <omp_world.h>

namespace orbis::world {

orbis_status_t World::init() {
  std::lock_guard<std::mutex> Turn(Joining);
  if (Ready)
    return ORBIS_OK;
  if (Left)
    return failWith(ORBIS_ERR_INVALID,
                    "orbis_world_init after orbis_world_finalize: a process "
                    "joins the world once");
  if (const char *T = std::getenv("ORBIS_WORLD_TIMEOUT"); T && *T) {
    // A value that is not a positive number of seconds is an error, as a
    // bad OMP_BLOCK_SIZE is: ignored, it left a wait unbounded.
    char *End = nullptr;
    double Seconds = std::strtod(T, &End);
    if (*End || !(Seconds > 0) || !std::isfinite(Seconds))
      return failWith(ORBIS_ERR_INVALID,
                      std::string("ORBIS_WORLD_TIMEOUT '") + T +
                          "' must be a positive number of seconds");
    TimeoutSeconds = Seconds;
  }
  // The wait policy's and the watchdog's switches: a value they cannot
  // take is an error too (a negative or huge ORBIS_WORLD_SPIN left a
  // waiting thread spinning for ever, past the timeout and the deadlock
  // detection).
  if (const char *Sp = std::getenv("ORBIS_WORLD_SPIN"); Sp) {
    char *End = nullptr;
    unsigned long long Rounds = std::strtoull(Sp, &End, 10);
    if (!*Sp || *End || *Sp == '-' || Rounds > MaxSpinRounds)
      return failWith(ORBIS_ERR_INVALID,
                      std::string("ORBIS_WORLD_SPIN '") + Sp +
                          "' must be a number of rounds from 0 to " +
                          std::to_string(MaxSpinRounds));
  }
  for (const char *Switch : {"ORBIS_WORLD_YIELD", "ORBIS_WORLD_DEADLOCK"})
    if (const char *V = std::getenv(Switch);
        V && std::string(V) != "0" && std::string(V) != "1")
      return failWith(ORBIS_ERR_INVALID, std::string(Switch) + " '" + V +
                                             "' must be 0 or 1");
  if (orbis_status_t S = Boot.init())
    return S;
  // Joining is bounded even without ORBIS_WORLD_TIMEOUT: a process that
  // exits without reaching a world construct (exit(0) is no failure to the
  // launcher) left the others waiting in PMIx forever. Later fences wait
  // as long as the program runs, unless ORBIS_WORLD_TIMEOUT says.
  const int Bounded = TimeoutSeconds > 0 ? int(std::ceil(TimeoutSeconds)) : 0;
  Boot.setTimeout(Bounded ? Bounded : JoinTimeoutSeconds);
  if (Boot.underLauncher() && size() > 1) {
    if (orbis_status_t S = Net.init(Boot, &World::receive, this,
                                    {MsgStore, MsgLoad, MsgReply, MsgAtomicAdd,
                                     MsgLock, MsgUnlock, MsgProbe,
                                     MsgProbeReply, MsgDeadlock, MsgDescribe,
                                     MsgStored, MsgFlush, MsgFreed, MsgFree,
                                     MsgLoadRuns},
                                    &World::afterProgress, &World::place))
      return S;
    H.setSource(&Net);
  }
  {
    std::lock_guard<std::mutex> L(M);
    orbis_world_ptr_t Root;
    if (orbis_status_t S =
            H.create(rank(), RootSlots, sizeof(orbis_world_ptr_t), Root, RootId))
      return S;
  }
  Wait = WaitPolicy::choose(oversubscribed(Boot.localSize()));
  // The host's cores shared by the world's processes on it.
  setPrefaultThreads(
      int(std::max(1L, sysconf(_SC_NPROCESSORS_ONLN) /
                           std::max(1, Boot.localSize()))));
  Ready = true;
  orbis_status_t S = Boot.fence("world init", "");
  Boot.setTimeout(Bounded);
  const char *Detect = std::getenv("ORBIS_WORLD_DEADLOCK");
  if (rank() == 0 && !(Detect && std::string(Detect) == "0")) {
    {
      std::lock_guard<std::mutex> L(M);
      Activity.start();
    }
    Watchdog.start(M, ProbeInterval, [this](std::unique_lock<std::mutex> &L) {
      watchdogRound(L);
    });
  }
  return S;
}

orbis_status_t World::finalize() {
  std::lock_guard<std::mutex> Turn(Joining);
  if (!Ready)
    return ORBIS_OK;
  Net.leaving();
  ringDoorbells();
  Net.flushPosted();
  orbis_status_t S = fenceWaiting("world finalize");
  Watchdog.stop();
  // Nobody writes or reads world memory any more: release the mappings
  // before UCX goes away.
  ++Generation;
  Peers.clear([this](void *Handle) { Net.detach(Handle); });
  {
    std::lock_guard<std::mutex> L(M);
    H.releaseAll();
  }
  Net.finalize();
  Boot.finalize();
  Ready = false;
  Left = true;
  return S;
}

WaitPolicy WaitPolicy::choose(bool Oversubscribed) {
  WaitPolicy P;
  if (Oversubscribed) {
    P.SpinRounds = 200;
    P.Yield = true;
  }
  if (const char *S = std::getenv("ORBIS_WORLD_SPIN"))
    P.SpinRounds = unsigned(std::strtoul(S, nullptr, 10));
  if (const char *Y = std::getenv("ORBIS_WORLD_YIELD"))
    P.Yield = std::string(Y) != "0";
  return P;
}

void World::fatal(const char *Call, int From, const std::string &Why) {
  std::fflush(stdout);
  std::fprintf(stderr, "orbis: rank %d: %s from rank %d: %s\n", rank(), Call,
               From, Why.c_str());
  std::fflush(stderr);
  stopProcess(1);
}

orbis_status_t World::malloc(uint64_t Count, uint32_t ElemSize,
                             orbis_world_ptr_t *Out) {
  if (!Ready)
    return ORBIS_ERR_NOT_INITIALIZED;
  if (!Out || Count == 0 || ElemSize == 0)
    return ORBIS_ERR_INVALID;
  std::lock_guard<std::mutex> L(M);
  return H.create(rank(), Count, ElemSize, *Out);
}

} // namespace orbis::world

namespace orbis::world {
std::atomic<const char *> ConstructFile{nullptr};
std::atomic<unsigned> ConstructLine{0};

void leaveAtExit(int Status, void *) {
  if (const char *File = ConstructFile.load(); File && TheWorld.size() > 1) {
    // The others wait for what this process would have written: waiting
    // for them at finalize would deadlock. Leave as a process that died,
    // which the others report, keeping the exit status.
    std::fflush(stdout);
    std::fprintf(stderr,
                 "orbis: rank %d: the process exits (status %d) inside "
                 "world_parallel at %s:%u, before the world loop ends; it "
                 "leaves the world at once\n",
                 TheWorld.rank(), Status, File, ConstructLine.load());
    std::fflush(stderr);
    stopProcess(Status);
  }
  orbis_world_finalize();
}

thread_local const char *CallerFile = nullptr;
thread_local unsigned CallerLine = 0;
thread_local std::string ErrorDetail;
World &TheWorld = *new World;
} // namespace orbis::world

using orbis::world::TheWorld;

namespace {
/// The world, for a call of the C API: a failure's detail is that call's.
orbis::world::World &fresh() {
  orbis::world::ErrorDetail.clear();
  return TheWorld;
}
} // namespace

// The C interface is all the library exports (built with hidden
// visibility, so that programs never clash with its C++ internals).
#pragma GCC visibility push(default)
extern "C" {

orbis_status_t orbis_world_init(void) { return fresh().init(); }
orbis_status_t orbis_world_finalize(void) { return fresh().finalize(); }
int orbis_world_rank(void) { return TheWorld.joinedOnce() ? TheWorld.rank() : 0; }
int orbis_world_size(void) { return TheWorld.joinedOnce() ? TheWorld.size() : 1; }

orbis_status_t orbis_world_malloc(size_t count, size_t elem_size,
                                  orbis_world_ptr_t *out) {
  if (elem_size > UINT32_MAX)
    return ORBIS_ERR_INVALID;
  return fresh().malloc(count, uint32_t(elem_size), out);
}
namespace {
/// orbis_world_shared and orbis_world_shared_atomic: one chain of
/// directories for both, so that their calls share one order.
orbis_status_t sharedAllocation(size_t count, size_t elem_size, bool atomic,
                                orbis_world_ptr_t *out) {
  // The directories: 64 world pointers each, entries 0-62 the allocations
  // in call order, entry 63 the next directory.
  static std::mutex Lock;
  static orbis_world_ptr_t Directory;
  static bool Known = false;
  static unsigned Next = 0;
  if (!out || elem_size > UINT32_MAX)
    return ORBIS_ERR_INVALID;
  std::lock_guard<std::mutex> L(Lock);
  auto &W = fresh();
  bool Zero = W.initialized() && W.rank() == 0;
  bool Mismatched = false;
  // Rank 0 makes and publishes; the others wait for what it published.
  auto Handed = [&](orbis_world_ptr_t Slots, uint64_t Slot, uint64_t Count,
                    uint32_t Size, orbis_world_ptr_t &P, bool Atomic = false) {
    if (!Zero) {
      if (orbis_status_t S = W.load(Slots, Slot, 1, &P))
        return S;
      // Every process must ask for the same shape (SPMD): a different one
      // would silently get rank 0's.
      if (P.count != Count || P.elem_size != Size ||
          bool(P.flags & ORBIS_WORLD_ATOMIC) != Atomic) {
        orbis::world::ErrorDetail =
            "this process asks for " + std::to_string(Count) + " elements of " +
            std::to_string(Size) + " bytes" + (Atomic ? " (atomic)" : "") +
            ", rank 0 for " + std::to_string(P.count) + " of " +
            std::to_string(P.elem_size) +
            ((P.flags & ORBIS_WORLD_ATOMIC) ? " (atomic)" : "") +
            ": every process must ask for the same";
        Mismatched = true;
        return ORBIS_ERR_INVALID;
      }
      return ORBIS_OK;
    }
    if (orbis_status_t S =
            Atomic ? W.mallocAtomic(Count, &P) : W.malloc(Count, Size, &P))
      return S;
    return W.store(Slots, Slot, 1, &P);
  };
  if (!Known) {
    if (orbis_status_t S =
            Handed(orbis_world_root(0), ORBIS_WORLD_SHARED_SLOT, 64,
                   sizeof(orbis_world_ptr_t), Directory))
      return S;
    Known = true;
  }
  if (Next == 63) {
    orbis_world_ptr_t More;
    if (orbis_status_t S =
            Handed(Directory, 63, 64, sizeof(orbis_world_ptr_t), More))
      return S;
    Directory = More;
    Next = 0;
  }
  orbis_status_t S =
      Handed(Directory, Next, count, uint32_t(elem_size), *out, atomic);
  if (S == ORBIS_OK || Mismatched)
    ++Next; // the call took its entry: the next call names the next one
  return S;
}
} // namespace

orbis_status_t orbis_world_shared(size_t count, size_t elem_size,
                                  orbis_world_ptr_t *out) {
  return sharedAllocation(count, elem_size, false, out);
}
orbis_status_t orbis_world_shared_atomic(size_t count,
                                         orbis_world_ptr_t *out) {
  return sharedAllocation(count, sizeof(int64_t), true, out);
}
orbis_status_t orbis_world_free(orbis_world_ptr_t ptr) {
  return fresh().free(ptr);
}
namespace {
/// A program's store into the root slot orbis_world_shared hangs its
/// directories from (ORBIS_WORLD_SHARED_SLOT): refused, rather than
/// reported later as a double write of the library's own store.
bool reservedRootSlot(orbis_world_ptr_t P, uint64_t First, uint64_t Count) {
  if (P.id != orbis::world::RootId || Count == 0 ||
      First > ORBIS_WORLD_SHARED_SLOT ||
      Count <= ORBIS_WORLD_SHARED_SLOT - First)
    return false;
  orbis::world::failWith(ORBIS_ERR_INVALID,
                         "root slot " + std::to_string(ORBIS_WORLD_SHARED_SLOT) +
                             " is reserved for orbis_world_shared");
  return true;
}
} // namespace

orbis_status_t orbis_world_store(orbis_world_ptr_t ptr, uint64_t index,
                                 const void *value) {
  auto &W = fresh();
  if (reservedRootSlot(ptr, index, 1))
    return ORBIS_ERR_INVALID;
  return W.store(ptr, index, 1, value);
}
orbis_status_t orbis_world_load(orbis_world_ptr_t ptr, uint64_t index,
                                void *value) {
  if (!value)
    return ORBIS_ERR_INVALID;
  return orbis::world::tracedLoad(index, 1, false,
                    [&] { return fresh().load(ptr, index, 1, value); });
}
orbis_status_t orbis_world_store_range(orbis_world_ptr_t ptr, uint64_t first,
                                       uint64_t count, const void *values) {
  auto &W = fresh();
  if (reservedRootSlot(ptr, first, count))
    return ORBIS_ERR_INVALID;
  return W.store(ptr, first, count, values);
}
orbis_status_t orbis_world_load_range(orbis_world_ptr_t ptr, uint64_t first,
                                      uint64_t count, void *values) {
  if (!values)
    return ORBIS_ERR_INVALID;
  return orbis::world::tracedLoad(first, count, false,
                    [&] { return fresh().load(ptr, first, count, values); });
}
orbis_status_t orbis_world_wait_range(orbis_world_ptr_t ptr, uint64_t first,
                                      uint64_t count) {
  return orbis::world::tracedLoad(first, count, true,
                    [&] { return fresh().load(ptr, first, count, nullptr); });
}
orbis_status_t orbis_world_barrier(void) { return fresh().barrier(); }

orbis_status_t orbis_world_malloc_atomic(size_t count, orbis_world_ptr_t *out) {
  return fresh().mallocAtomic(count, out);
}
orbis_status_t orbis_world_atomic_add(orbis_world_ptr_t ptr, uint64_t index,
                                      int64_t delta, int64_t *old) {
  return fresh().atomicAdd(ptr, index, delta, old);
}
orbis_status_t orbis_world_lock(orbis_world_ptr_t ptr, uint64_t index) {
  return fresh().lock(ptr, index);
}
orbis_status_t orbis_world_unlock(orbis_world_ptr_t ptr, uint64_t index) {
  return fresh().unlock(ptr, index);
}
orbis_status_t orbis_world_once(orbis_world_ptr_t counter,
                                orbis_world_ptr_t done, uint64_t index,
                                int *run) {
  // Checked before the count changes: with world integers as `done` (0
  // from the start, never written) the others would not wait at all, and
  // with other elements the runner's once_done fails and they wait forever.
  if (!run || done.elem_size != 1 || (done.flags & ORBIS_WORLD_ATOMIC) ||
      index >= done.count || !(counter.flags & ORBIS_WORLD_ATOMIC)) {
    orbis::world::ErrorDetail =
        "orbis_world_once needs a non-null 'run', an atomic 'counter' and "
        "an ordinary 'done' allocation of 1-byte elements holding 'index'";
    return ORBIS_ERR_INVALID;
  }
  int64_t Before = 0;
  if (orbis_status_t S = fresh().atomicAdd(counter, index, 1, &Before))
    return S;
  *run = Before == 0;
  // The others wait until the runner marks the body done.
  return *run ? ORBIS_OK : fresh().load(done, index, 1, nullptr);
}
orbis_status_t orbis_world_once_done(orbis_world_ptr_t done, uint64_t index) {
  const unsigned char One = 1;
  if (done.elem_size != 1 || (done.flags & ORBIS_WORLD_ATOMIC)) {
    orbis::world::ErrorDetail = "orbis_world_once_done needs the ordinary "
                                "'done' allocation of 1-byte elements given "
                                "to orbis_world_once";
    return ORBIS_ERR_INVALID;
  }
  return fresh().store(done, index, 1, &One);
}

const char *orbis_world_error_detail(void) {
  return orbis::world::ErrorDetail.c_str();
}

void orbis_world_set_site(const char *file, unsigned line) {
  orbis::world::CallerFile = file;
  orbis::world::CallerLine = file ? line : 0;
}

void orbis_world_set_construct(const char *file, unsigned line) {
  // A world loop reached inside another, through a function the outer one
  // calls (the compiler refuses the nesting it sees): its barriers would
  // pair with the outer loop's on other processes.
  if (const char *Outer = orbis::world::ConstructFile.load(); file && Outer) {
    std::fprintf(stderr,
                 "orbis: rank %d: world_parallel at %s:%u runs inside the "
                 "world loop at %s:%u (through a function that loop calls): "
                 "a world loop inside another is an error\n",
                 TheWorld.rank(), file, line, Outer,
                 orbis::world::ConstructLine.load());
    orbis_world_stop(1);
  }
  orbis::world::ConstructLine = line;
  orbis::world::ConstructFile = file;
}

void orbis_world_leave_at_exit(void) {
  static std::once_flag Installed;
  std::call_once(Installed, [] { on_exit(orbis::world::leaveAtExit, nullptr); });
}

void orbis_world_get_stats(orbis_world_stats_t *stats) {
  if (stats)
    TheWorld.stats(stats);
}

orbis_world_ptr_t orbis_world_root(int rank) {
  return orbis_world_ptr_t{uint32_t(rank), orbis::world::RootId,
                           orbis::world::RootSlots, sizeof(orbis_world_ptr_t),
                           0};
}

// omp_world.h: calls the compiler did not lower (outside a world loop).
void *omp_world_malloc(size_t) {
  std::fprintf(stderr, "orbis: omp_world_malloc called outside '#pragma omp "
                       "world_parallel for' (only calls inside a world loop "
                       "compiled by orbis-cc allocate world memory)\n");
  std::exit(1);
}
void *omp_world_malloc_untyped(size_t n) { return omp_world_malloc(n); }
void omp_world_free(void *) {
  std::fprintf(stderr, "orbis: omp_world_free called outside '#pragma omp "
                       "world_parallel for'\n");
  std::exit(1);
}

} // extern "C"
#pragma GCC visibility pop
