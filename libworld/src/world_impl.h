/// \file
/// The world of one process (see <orbis/world.h>), shared by the files that
/// implement it: the messages between processes, the World class, and the
/// wait loop. Local operations go to this process's heap; processes of one
/// host read and write each other's memory (mapped shared segments, see
/// region.h), and tell the owner with doorbells; other operations are
/// active messages to the owner. A load of a range that is not initialized
/// yet is parked at the owner and answered by the store that completes it,
/// so a suspended reader costs no messages while it waits.
///
/// World is the front: it orders the parts, each of which owns its state
/// in a file of its own: the heap of this process's allocations (heap.h),
/// what it knows of others' (peer_memory.h) and has cached of them
/// (cache.h), the requests it waits on (request_table.h), the loads others
/// wait on (parked_loads.h), the world locks it keeps (lock_table.h), the
/// messages queued to send (outbox.h), the bookkeeping of deadlock
/// detection (deadlock_probe.h), the transport (transport.h) and the
/// bootstrap (bootstrap.h).
///
/// Locking: one mutex (M) guards the heap, the parked loads, the request
/// and lock tables, the conflicts and the waits; the outbox, the peer
/// entries and the transport have their own. Nothing is sent while M is
/// held (sending progresses UCX, which may run a receiver that takes M),
/// and receivers never send: they queue in the outbox, which is flushed
/// outside UCX callbacks.
///
/// The files: world.cpp (init, finalize, allocation, the C API),
/// world_store.cpp, world_load.cpp, world_free.cpp, world_integers.cpp
/// (atomics, locks), world_messages.cpp (dispatch, replies),
/// world_watchdog.cpp (deadlocks, barrier and finalize waits).
#ifndef ORBIS_WORLD_SRC_WORLD_IMPL_H
#define ORBIS_WORLD_SRC_WORLD_IMPL_H

#include "bootstrap.h"
#include "stop.h"
#include "box_rows.h"
#include "oversubscribed.h"
#include "cache.h"
#include "deadlock_probe.h"
#include "heap.h"
#include "lock_table.h"
#include "outbox.h"
#include "parked_loads.h"
#include "request_table.h"
#include "wait_registry.h"
#include "watchdog_thread.h"
#include "peer_memory.h"
#include "stream_copy.h"
#include "transport.h"

#include <orbis/world.h>

#include <atomic>
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <sched.h>
#include <unordered_map>
#include <sys/resource.h>
#include <thread>
#include <unistd.h>

namespace orbis::world {

enum : unsigned {
  MsgStore = 1,
  MsgLoad = 2,
  MsgReply = 3,
  MsgAtomicAdd = 4,
  MsgLock = 5,
  MsgUnlock = 6,
  MsgProbe = 7,      ///< deadlock detection: the coordinator asks
  MsgProbeReply = 8, ///< a process's state
  MsgDeadlock = 9,   ///< the coordinator found a deadlock: report and stop
  MsgDescribe = 10,  ///< where an allocation lives, to map it (LoadHeader)
  MsgStored = 11,    ///< doorbells: ranges written straight into memory
  MsgFlush = 12,     ///< the owner asks for the doorbells not sent yet
  MsgFreed = 13,     ///< the owner freed an allocation: forget it
  MsgFree = 14,      ///< another process asks the owner to free one
  MsgLoadRuns = 15   ///< several runs of one allocation, one reply
};

struct StoreHeader {
  uint32_t From, Id;
  uint64_t First, Count;
  SiteCode Site; ///< where in the source the writer stored it
};
struct LoadHeader {
  uint32_t From, Id;
  uint64_t First, Count, Token;
  /// Elements after the range that the answer may carry too, when already
  /// initialized (the requester caches them: a scan over another
  /// process's memory costs a message per block, not per element).
  uint64_t Ahead = 0;
};
struct ReplyHeader {
  uint64_t Token;
  int32_t Status; ///< ORBIS_OK, or why the owner refused the request
  uint32_t Pad;
};
/// The answer to MsgDescribe, followed by the region's packed key.
struct DescribeReply {
  uint64_t Segment; ///< the region's segment; 0: not mappable (or unknown)
  uint64_t Base;    ///< the segment's address at the owner
  uint64_t Offset;  ///< the region's offset in it
  uint64_t Count;   ///< 0: no such allocation
  uint32_t ElemSize, KeyLength;
  uint32_t Atomic; ///< 1: world integers
  uint32_t Pad;
};
constexpr size_t MaxKeyLength = 1024;
/// MsgStored's header; the data is an array of StoredRange.
struct StoredHeader {
  uint32_t From, Pad;
};
/// MsgFreed: answered (MsgReply) once the receiver forgot the allocation.
struct FreedHeader {
  uint32_t From, Id;
  uint64_t Token;
};
/// MsgFree: the pointer as the asking process has it (checked by the
/// owner); answered once the allocation is freed everywhere.
struct FreeHeader {
  uint32_t From, Id;
  uint64_t Token, Count;
  uint32_t ElemSize, Flags;
};
/// MsgAtomicAdd (Value = delta), MsgLock and MsgUnlock.
struct ElementOpHeader {
  uint32_t From, Id;
  uint64_t Index, Token;
  int64_t Value;
};

/// The allocation every process makes at init: slots of world pointers,
/// so that processes can hand each other their first allocations.
constexpr uint32_t RootId = 1;
constexpr uint64_t RootSlots = 64;

/// Stores to an owner that is not mapped here of PostedStoreSize bytes and
/// more are posted (Transport::post): smaller ones go out at once anyway,
/// and above PostedStoreLimit, rendezvous one at a time is faster (over
/// TCP on one host, 1 MiB: 2-3.5 GB/s against 1-1.4 GB/s posted).
constexpr size_t PostedStoreSize = 1024;
constexpr size_t PostedStoreLimit = size_t(512) << 10;

/// The most rounds ORBIS_WORLD_SPIN may ask for: a waiter must come to
/// sleep (where the timeout and the deadlock detection see it).
constexpr unsigned long long MaxSpinRounds = 1000000;

/// How a waiting thread spins before it sleeps (at init): rounds of
/// spinning, and whether each round yields the core.
struct WaitPolicy {
  unsigned SpinRounds = 2000;
  bool Yield = false;
  /// With no more processes on the host than cores, a waiter spins 2000
  /// rounds (pausing): data from a process running on another core comes
  /// within microseconds. With more (oversubscribed()), the process that
  /// will write is often off its core, waiting for one: a waiter spins 200
  /// rounds and yields at each (0.09 s instead of 7.8 s for the pipelined
  /// Gauss-Seidel with 8 processes on 2 cores over shared memory,
  /// docs/benchmarks.md). ORBIS_WORLD_SPIN=<rounds> and
  /// ORBIS_WORLD_YIELD=0|1 override.
  static WaitPolicy choose(bool Oversubscribed);
};


/// What a waiting thread waits for, for reports.
/// What the calling thread's last failed call found, in words
/// (orbis_world_error_detail).
extern thread_local std::string ErrorDetail;
/// Returns S, keeping Why as the detail of the failure.
inline orbis_status_t failWith(orbis_status_t S, std::string Why) {
  ErrorDetail = std::move(Why);
  return S;
}

/// Copies Bytes from From to To, unless To is null (a wait) or From itself
/// (a staged tile in place: the data is already where it belongs).
inline void copyUnlessInPlace(void *To, const void *From, size_t Bytes) {
  if (To && To != From)
    std::memcpy(To, From, Bytes);
}

/// The calling thread's place (orbis_world_set_site) as it travels with
/// its stores; the file's part is computed once per file.
inline SiteCode callerSite() {
  thread_local const char *File = nullptr;
  thread_local SiteCode FileCode;
  if (!CallerFile)
    return SiteCode();
  if (CallerFile != File) {
    FileCode = encodeSite(CallerFile, 1);
    File = CallerFile;
  }
  SiteCode C = FileCode;
  C.Line = CallerLine;
  return C;
}

class World {
public:
  orbis_status_t init();
  orbis_status_t finalize();
  int rank() const { return Boot.rank(); }
  int size() const { return Boot.size(); }
  bool initialized() const { return Ready; }
  /// Joined the world once (and maybe left it): rank() and size() keep
  /// their values after finalize, for the messages of later misuse.
  bool joinedOnce() const { return Ready || Left; }

  orbis_status_t malloc(uint64_t Count, uint32_t ElemSize,
                        orbis_world_ptr_t *Out);
  orbis_status_t free(orbis_world_ptr_t P);
  orbis_status_t store(orbis_world_ptr_t P, uint64_t First, uint64_t Count,
                       const void *Values);
  /// Stores Runs[i].count elements from Buf + Runs[i].offset elements at
  /// Runs[i].index, like store() for each; into this process's own
  /// allocation with storeOwnBox (a staged tile's box: its rows, which
  /// store() would take one by one, each taking the world lock and waking
  /// every sleeping thread).
  orbis_status_t storeRuns(orbis_world_ptr_t P, const BoxRun *Runs,
                           size_t Count, const unsigned char *Buf);
  orbis_status_t load(orbis_world_ptr_t P, uint64_t First, uint64_t Count,
                      void *Values);
  /// Loads Runs[i].count elements from Runs[i].index into
  /// Out + Runs[i].offset elements, like load() for each, but with every
  /// request to a remote owner in flight at once (a staged tile's rows:
  /// one round trip, not one per row). Out null: waits only.
  orbis_status_t loadRuns(orbis_world_ptr_t P, const BoxRun *Runs,
                          size_t Count, unsigned char *Out);
  /// The data of an allocation this process owns (element 0) and its
  /// element count, when P names it exactly, pinned until localDone(P) (a
  /// free meanwhile keeps the memory: Heap::pin); null otherwise (another
  /// owner, world integers, freed, a pointer of another shape).
  char *localData(orbis_world_ptr_t P, uint64_t &Count);
  void localDone(orbis_world_ptr_t P);
  /// The same for reading only, where the allocation may also be another
  /// process's, mapped on this host: its mapping then stays until
  /// readableDone(P), which fails with ORBIS_ERR_UNKNOWN_ALLOCATION when the
  /// owner freed the allocation meanwhile (what was read may be another
  /// allocation's data).
  char *readableData(orbis_world_ptr_t P, uint64_t &Count);
  orbis_status_t readableDone(orbis_world_ptr_t P);
  orbis_status_t barrier() {
    if (!Ready)
      return ORBIS_ERR_NOT_INITIALIZED;
    ringDoorbells();
    Net.flushPosted();
    return fenceWaiting("world barrier");
  }
  orbis_status_t mallocAtomic(uint64_t Count, orbis_world_ptr_t *Out);
  orbis_status_t atomicAdd(orbis_world_ptr_t P, uint64_t Index, int64_t Delta,
                           int64_t *Old);
  orbis_status_t lock(orbis_world_ptr_t P, uint64_t Index);
  /// The caller-side checks of an access to [First, First + Count) of P;
  /// the owner checks again against the allocation itself.
  orbis_status_t checkRangeArgs(const orbis_world_ptr_t &P, uint64_t First,
                                uint64_t Count) const {
    if (!Ready)
      return ORBIS_ERR_NOT_INITIALIZED;
    // Owners are unsigned: one of 2^31 or more is not a rank either.
    if (P.owner >= uint32_t(size()) || P.elem_size == 0)
      return ORBIS_ERR_INVALID;
    if (First > P.count || Count > P.count - First)
      return ORBIS_ERR_OUT_OF_BOUNDS;
    // The bytes of the range must fit in a size_t (checked against the
    // allocation itself later: a pointer may be made up).
    return Count <= ~size_t(0) / P.elem_size ? ORBIS_OK : ORBIS_ERR_INVALID;
  }
  /// The caller-side checks of an operation on world integer Index of P.
  orbis_status_t checkIntegerArgs(const orbis_world_ptr_t &P,
                                  uint64_t Index) const {
    if (!Ready)
      return ORBIS_ERR_NOT_INITIALIZED;
    if (P.owner >= uint32_t(size()) || !(P.flags & ORBIS_WORLD_ATOMIC))
      return ORBIS_ERR_INVALID;
    return Index < P.count ? ORBIS_OK : ORBIS_ERR_OUT_OF_BOUNDS;
  }
  orbis_status_t unlock(orbis_world_ptr_t P, uint64_t Index);
  void stats(orbis_world_stats_t *Out) const {
    Out->messages_sent = Sent.load();
    Out->messages_received = Received.load();
    Out->cache_hits = CacheHits.load();
    Out->mapped_reads = MappedReads.load();
  }

private:

  static void receive(void *Ctx, unsigned Id, const void *Header,
                      size_t HeaderLength, const void *Data, size_t Length);
  /// A large store is received straight into the owner's heap.
  static void *place(void *Ctx, unsigned Id, const void *Header,
                     size_t HeaderLength, size_t Length);
  /// After each round of the progress thread (at least every 100 ms).
  static void afterProgress(void *Ctx) {
    auto *W = static_cast<World *>(Ctx);
    W->flushOutbox();
    W->ringDoorbells();
    W->reclaimPeers();
    W->freeAsked();
  }
  void onStore(const StoreHeader &H, const void *Data, size_t Length);
  void onLoad(const LoadHeader &H);
  /// MsgLoadRuns: the LoadHeader (First and Count: of the first run, and
  /// the elements of all) and the runs as ParkedLoads::Run.
  void onLoadRuns(const LoadHeader &H, const void *Data, size_t Length);
  /// load() of another process's allocation mapped here (A): read in its
  /// memory once written (counted in Direct), else asked of the owner.
  orbis_status_t loadMapped(const orbis_world_ptr_t &P,
                            const PeerAllocation &A, uint64_t First,
                            uint64_t Count, void *Values, uint64_t &Direct);
  /// A load request to P's owner, waited for (it parks until written).
  orbis_status_t askOwner(const orbis_world_ptr_t &P, uint64_t First,
                          uint64_t Count, void *Values);
  /// loadRuns of this process's own allocation: the runs checked under one
  /// lock, those written already read without it (a staged tile's halo),
  /// the others waited for as by load().
  orbis_status_t waitLocalRuns(orbis_world_ptr_t P, const BoxRun *Runs,
                               size_t Count, unsigned char *Out);
  /// Asks P's owner for Runs in one message and scatters the reply into
  /// Out (BoxRun offsets; null: waits only); not cached.
  orbis_status_t loadRunsAtOnce(orbis_world_ptr_t P,
                                const std::vector<BoxRun> &Runs,
                                unsigned char *Out);
  void onReply(const ReplyHeader &H, const void *Data, size_t Length);
  void onDescribe(const LoadHeader &H);
  void onStored(const StoredHeader &H, const void *Data, size_t Length);
  void onFreed(const FreedHeader &H);
  /// Another process asks this one to free one of its allocations: done
  /// by the progress thread after its round (freeAsked), since a free waits
  /// for the processes that held the allocation to forget it, which a
  /// receiver must not.
  void onFree(const FreeHeader &H) {
    std::lock_guard<std::mutex> L(M);
    FreeRequests.push_back(H);
  }
  void freeAsked();
  /// Frees allocation P of this process (M not held): the work of
  /// orbis_world_free at the owner.
  orbis_status_t freeOwned(const orbis_world_ptr_t &P);
  /// Rank From may hold something of allocation Id from now on (M held).
  void knownByLocked(uint32_t Id, int From);
  /// Ends the waits of others on allocation Id, being freed (M held):
  /// parked loads and lock requests are answered "unknown allocation".
  void refuseWaitersLocked(uint32_t Id);
  /// Tells Ranks that P is freed and waits until each has forgotten it.
  orbis_status_t tellFreed(const orbis_world_ptr_t &P,
                           const std::vector<int> &Ranks);
  /// Erases what the owners freed, when no thread uses peer entries.
  void reclaimPeers() {
    ++Generation; // before the check of users: see PeerMemory::reclaim
    Peers.reclaim([this](void *Handle) { Net.detach(Handle); });
  }
  /// A scope in which a thread uses entries of Peers.
  struct PeerScope {
    World &W;
    explicit PeerScope(World &W) : W(W) { W.Peers.enter(); }
    ~PeerScope() {
      if (W.Peers.leave())
        W.reclaimPeers();
    }
  };
  /// Allocation P of another process as this one sees it: asks its owner
  /// the first time. Null for world integers and when it cannot be asked.
  const PeerAllocation *peerAllocation(const orbis_world_ptr_t &P);
  /// Checks a pointer to another process's allocation against what its
  /// owner says the allocation is (count, element size); the allocation's
  /// mapping here, or null, in Mapped.
  orbis_status_t checkPeerShape(const orbis_world_ptr_t &P,
                                const PeerAllocation *&Mapped);
  /// The same for one of this process's allocations (M held).
  orbis_status_t checkOwnShapeLocked(const orbis_world_ptr_t &P);
  /// Asks P's owner where P lives, and maps it when it can.
  const PeerAllocation *describe(const orbis_world_ptr_t &P);
  /// A box into this process's own allocation, without the world lock
  /// while the data, the bitmap and the writer record are written
  /// (world_own_box.cpp); ranges already checked.
  orbis_status_t storeOwnBox(orbis_world_ptr_t P, const BoxRun *Runs,
                             size_t Count, const unsigned char *Buf);
  /// A store straight into the owner's region, mapped here.
  orbis_status_t storeMapped(const orbis_world_ptr_t &P,
                             const PeerAllocation &A, uint64_t First,
                             uint64_t Count, const void *Values);
  /// A second write to the element of H.Conflict by rank From, whose first
  /// writer's doorbell has not arrived: asks every process for its
  /// doorbells; the one that names the first writer stops the job.
  void conflictLocked(uint32_t Id, int From, const SiteCode &Site);
  /// Sends the doorbells not sent yet, to Owner or (Owner < 0) to all.
  void ringDoorbells(int Owner = -1);
  /// Spins until [Next, End) of a region is written (Next advances): peers
  /// on this host write straight into it, so the bits are polled without
  /// the mutex, progressing now and then for data that comes in messages.
  /// Whether it was written before Wait.SpinRounds rounds. `Direct`: the data
  /// comes straight into memory (a peer mapped the region), so progress
  /// is needed less often.
  bool spinOn(const RegionView &View, uint64_t &Next, uint64_t End,
              bool Direct);
  /// One round of a spin-wait: yields the core or pauses (Wait).
  void relax() const {
    if (Wait.Yield)
      sched_yield();
    else
      cpuRelax();
  }
  /// Waits for [First, First + Count) of an allocation of this process.
  orbis_status_t waitLocal(const orbis_world_ptr_t &P, uint64_t First,
                           uint64_t Count, void *Values);
  void onElementOp(unsigned Id, const ElementOpHeader &H);
  void onProbe(uint32_t Round) {
    std::lock_guard<std::mutex> L(M);
    Queue.push(0, MsgProbeReply, probeStateLocked(Round));
  }
  /// Checks a world integer of this process for an atomic or lock op.
  orbis_status_t checkIntegerLocked(uint32_t Id, uint64_t Index,
                                    std::string &Why);
  void lockLocked(uint32_t Id, uint64_t Index, int From, uint64_t Token);
  void unlockLocked(uint32_t Id, uint64_t Index, int From);
  /// Completes request Token of rank To, with Length bytes of Data, or
  /// with an error status.
  void answerLocked(int To, uint64_t Token, const void *Data, size_t Length,
                    orbis_status_t Status = ORBIS_OK);
  /// Sends an element operation to the owner and waits for its answer.
  orbis_status_t remoteElementOp(unsigned Msg, orbis_world_ptr_t P,
                                 uint64_t Index, int64_t Value, void *Result,
                                 size_t ResultLength);
  /// Queues replies to the parked loads of allocation Id that are ready.
  void answerParkedLocked(uint32_t Id);
  /// Whether parked load L is ready (advancing its Next and At).
  bool parkedReadyLocked(ParkedLoads::Load &L);
  /// Replies to L with its elements (all its runs, packed).
  void replyParkedLocked(const ParkedLoads::Load &L);
  void queueReplyLocked(int Peer, uint64_t Token, uint32_t Id, uint64_t First,
                        uint64_t Count);
  /// Queues a MsgReply to request Token of rank To (sent by flushOutbox).
  void queueReply(int To, uint64_t Token, std::vector<char> Data,
                  orbis_status_t Status = ORBIS_OK);
  void flushOutbox();
  [[noreturn]] void fatal(const char *Call, int From, const std::string &Why);
  template <class Predicate>
  void waitUntil(Predicate Done, const WaitSite &Site);
  /// A round of the deadlock watchdog (rank 0): evaluates the last probe,
  /// reports a deadlock, starts the next probe. L holds M.
  void watchdogRound(std::unique_lock<std::mutex> &L);
  /// This process's state for a probe: suspended when a thread waits for
  /// world memory and the process used almost no CPU since the last probe.
  ProbeState probeStateLocked(uint32_t Round);
  [[noreturn]] void reportDeadlockAndStop();
  /// A fence of the whole job (barrier, finalize), registered as a wait:
  /// a process in it waits for the others, so the deadlock detection
  /// counts it as suspended, and its report names where it waits.
  orbis_status_t fenceWaiting(const char *Call);

  /// Sends and counts; `Posted`: returns at once (Transport::post).
  orbis_status_t send(int Peer, unsigned Id, const void *Header,
                      size_t HeaderLength, const void *Data, size_t Length,
                      bool Posted = false) {
    ++Sent;
    if (Id < MsgProbe)
      ++DataSent;
    return Posted ? Net.post(Peer, Id, Header, HeaderLength, Data, Length)
                  : Net.send(Peer, Id, Header, HeaderLength, Data, Length);
  }
  /// Sends request Msg (header Hdr, whose Token it sets) to Owner and waits
  /// until the reply completes Req.
  template <class Header>
  orbis_status_t ask(int Owner, unsigned Msg, Header &Hdr, Request &Req,
                     const WaitSite &Site) {
    {
      std::lock_guard<std::mutex> L(M);
      Hdr.Token = Requests.add(Req);
    }
    if (orbis_status_t S = send(Owner, Msg, &Hdr, sizeof Hdr, nullptr, 0)) {
      std::lock_guard<std::mutex> L(M);
      Requests.drop(Hdr.Token);
      return S;
    }
    waitUntil([&] { return Req.Done; }, Site);
    return Req.Status;
  }

  Bootstrap Boot;
  WaitPolicy Wait;
  Transport Net;
  Heap H;
  Cache Remote; ///< guarded by M
  PeerMemory Peers;
  /// Incremented by finalize: what threads remember of Peers is stale.
  std::atomic<uint64_t> Generation{1};
  /// Barriers this process has reached (numbered in fenceWaiting's kinds).
  uint64_t Barriers = 0;
  std::atomic<uint64_t> Sent{0}, Received{0}, CacheHits{0}, MappedReads{0};
  std::atomic<bool> Ready{false};
  /// Joining and leaving: threads that call init (or finalize) at once
  /// take turns, and the later ones find the world joined (or left).
  std::mutex Joining;
  /// The world was left: a process joins once (PMIx and UCX are not made
  /// to start again in one process).
  bool Left = false;
  std::mutex M;
  std::condition_variable Changed;
  ParkedLoads Parked;
  struct UnnamedConflict {
    uint32_t Id;
    uint64_t Element;
    int From;       ///< the second writer
    SiteCode Site;  ///< where it wrote
    int First = -1; ///< the first, once its doorbell named it
    SiteCode FirstSite;
  };
  std::vector<UnnamedConflict> Conflicts;
  std::vector<FreeHeader> FreeRequests; ///< frees others asked for
  RequestTable Requests;
  LockTable Locks;
  Outbox Queue; ///< what receivers and holders of M send later

  // Waiting threads and deadlock detection (guarded by M).
  WaitRegistry Waits;
  IdleMeter Activity;
  ProbeRounds Probes; ///< rank 0's
  std::atomic<uint64_t> DataSent{0}, DataReceived{0};
  double TimeoutSeconds = 0; ///< ORBIS_WORLD_TIMEOUT, 0: none
  /// How long the processes may take to join the world when
  /// ORBIS_WORLD_TIMEOUT does not say (launch skew stays far below).
  static constexpr int JoinTimeoutSeconds = 300;
  WatchdogThread Watchdog;
};

/// The process's world. Never destroyed: a program may exit while the
/// progress and watchdog threads run, and static destruction must not tear
/// the world down under them.
extern World &TheWorld;

template <class Predicate>
void World::waitUntil(Predicate Done, const WaitSite &Site) {
  auto Start = std::chrono::steady_clock::now();
  bool Registered = false;
  for (unsigned Round = 0;; ++Round) {
    {
      std::unique_lock<std::mutex> L(M);
      if (Done()) {
        if (Registered)
          Waits.remove(&Site);
        return;
      }
      // The progress thread (freeing for another process) progresses
      // itself: nobody else would bring what it waits for.
      if ((Round >= Wait.SpinRounds && !Net.onProgressThread()) ||
          !Net.active()) {
        if (!Registered) {
          Waits.add(&Site);
          Registered = true;
        }
        // The progress thread (or, alone, the storing thread) wakes us.
        Changed.wait_for(L, std::chrono::milliseconds(50));
        if (TimeoutSeconds > 0 &&
            std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                          Start)
                    .count() > TimeoutSeconds) {
          std::fflush(stdout); // as every other stop: the output so far
          std::fprintf(stderr,
                       "orbis: rank %d: %s waited more than %g s for %s "
                       "(ORBIS_WORLD_TIMEOUT)\n",
                       rank(), Site.call().c_str(), TimeoutSeconds,
                       Site.what().c_str());
          std::fflush(stderr);
          stopProcess(1);
        }
        continue;
      }
    }
    Net.progress();
    flushOutbox();
    ringDoorbells(); // also what an owner's MsgFlush asks for
    if (Wait.Yield)
      sched_yield();
  }
}

} // namespace orbis::world

#endif
