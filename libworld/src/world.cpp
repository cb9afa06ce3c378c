/// \file
/// World memory (see <orbis/world.h>): local operations go to this process's
/// heap; remote ones are active messages to the owner. A load of a range that
/// is not initialized yet is parked at the owner and answered by the store
/// that completes it, so a suspended reader costs no messages while it waits.
///
/// Locking: one mutex guards the heap, the parked loads and the requests.
/// Nothing is sent while it is held (sending progresses UCX, which may run a
/// receiver that takes the mutex), and receivers never send: they queue
/// replies in an outbox that is flushed outside UCX callbacks.
#include "bootstrap.h"
#include "cache.h"
#include "heap.h"
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
#include <unordered_map>
#include <sys/resource.h>
#include <thread>
#include <unistd.h>

namespace orbis::world {
namespace {

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
  MsgFlush = 12      ///< the owner asks for the doorbells not sent yet
};

struct StoreHeader {
  uint32_t From, Id;
  uint64_t First, Count;
};
struct LoadHeader {
  uint32_t From, Id;
  uint64_t First, Count, Token;
};
struct ReplyHeader {
  uint64_t Token;
};
/// The answer to MsgDescribe, followed by the region's packed key.
struct DescribeReply {
  uint64_t Segment; ///< the region's segment; 0: not mappable (or unknown)
  uint64_t Base;    ///< the segment's address at the owner
  uint64_t Offset;  ///< the region's offset in it
  uint64_t Count;   ///< 0: no such allocation
  uint32_t ElemSize, KeyLength;
};
constexpr size_t MaxKeyLength = 1024;
/// MsgStored's header; the data is an array of StoredRange.
struct StoredHeader {
  uint32_t From, Pad;
};
/// A process's answer to a deadlock probe.
struct ProbeState {
  uint32_t From, Round;
  uint32_t Suspended; ///< a thread waits for world memory and no CPU is used
  uint32_t Pad;
  uint64_t Sent, Received; ///< data messages, probes excluded
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

/// Spins (with progress) before a waiting thread sleeps.
constexpr unsigned SpinRounds = 2000;

/// Deadlock detection: the coordinator (rank 0) probes every process this
/// often, and reports a deadlock after this many probes in a row found every
/// process suspended with no data message in flight and none sent since.
constexpr auto ProbeInterval = std::chrono::milliseconds(500);
constexpr unsigned StableProbes = 3;

/// What a waiting thread waits for, for reports.
/// The calling thread's place in its source (orbis_world_set_site).
thread_local const char *CallerFile = nullptr;
thread_local unsigned CallerLine = 0;

struct WaitSite {
  const char *Call;
  orbis_world_ptr_t Ptr;
  uint64_t First, Count;
  const char *File = CallerFile;
  unsigned Line = CallerLine;

  /// "world load", or "world load at file.c:12" where the caller said.
  std::string call() const {
    return File ? std::string(Call) + " at " + File + ":" + std::to_string(Line)
                : std::string(Call);
  }
};

class World {
public:
  orbis_status_t init();
  orbis_status_t finalize();
  int rank() const { return Boot.rank(); }
  int size() const { return Boot.size(); }
  bool initialized() const { return Ready; }

  orbis_status_t malloc(uint64_t Count, uint32_t ElemSize,
                        orbis_world_ptr_t *Out);
  orbis_status_t free(orbis_world_ptr_t P);
  orbis_status_t store(orbis_world_ptr_t P, uint64_t First, uint64_t Count,
                       const void *Values);
  orbis_status_t load(orbis_world_ptr_t P, uint64_t First, uint64_t Count,
                      void *Values);
  orbis_status_t barrier() {
    if (!Ready)
      return ORBIS_ERR_NOT_INITIALIZED;
    ringDoorbells();
    Net.flushPosted();
    return Boot.fence();
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
    if (int(P.owner) >= size() || P.elem_size == 0)
      return ORBIS_ERR_INVALID;
    return First <= P.count && Count <= P.count - First
               ? ORBIS_OK
               : ORBIS_ERR_OUT_OF_BOUNDS;
  }
  /// The caller-side checks of an operation on world integer Index of P.
  orbis_status_t checkIntegerArgs(const orbis_world_ptr_t &P,
                                  uint64_t Index) const {
    if (!Ready)
      return ORBIS_ERR_NOT_INITIALIZED;
    if (int(P.owner) >= size() || !(P.flags & ORBIS_WORLD_ATOMIC))
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
  struct ParkedLoad {
    int From;
    uint32_t Id;
    uint64_t First, Count, Token;
    uint64_t Next; ///< initialized up to here (see Heap::readyFrom)
  };
  struct Request {
    void *Values;
    size_t Length;
    orbis_world_ptr_t Ptr;
    uint64_t First, Count;
    bool Done = false;
    bool Cacheable = true;
    bool AnyLength = false; ///< a reply of at most Length bytes
    size_t Got = 0;         ///< bytes the reply carried
  };
  /// A world lock, kept by the owner of its world integer.
  struct LockState {
    int Holder = -1;
    std::vector<std::pair<int, uint64_t>> Waiting; ///< (rank, token), FIFO
  };
  struct Outgoing {
    int Peer;
    unsigned Id;
    std::vector<char> Header, Data;
  };

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
  }
  void onStore(const StoreHeader &H, const void *Data);
  void onLoad(const LoadHeader &H);
  void onReply(const ReplyHeader &H, const void *Data, size_t Length);
  void onDescribe(const LoadHeader &H);
  void onStored(const StoredHeader &H, const void *Data, size_t Length);
  /// Allocation P of another process as this one sees it: asks its owner
  /// the first time. Null for world integers and when it cannot be asked.
  const PeerAllocation *peerAllocation(const orbis_world_ptr_t &P);
  /// Asks P's owner where P lives, and maps it when it can.
  const PeerAllocation *describe(const orbis_world_ptr_t &P);
  /// A store straight into the owner's region, mapped here.
  orbis_status_t storeMapped(const orbis_world_ptr_t &P,
                             const PeerAllocation &A, uint64_t First,
                             uint64_t Count, const void *Values);
  /// A second write to the element of H.Conflict by rank From, whose first
  /// writer's doorbell has not arrived: asks every process for its
  /// doorbells; the one that names the first writer stops the job.
  void conflictLocked(uint32_t Id, int From);
  /// Sends the doorbells not sent yet, to Owner or (Owner < 0) to all.
  void ringDoorbells(int Owner = -1);
  /// Spins until [Next, End) of a region is written (Next advances): peers
  /// on this host write straight into it, so the bits are polled without
  /// the mutex, progressing now and then for data that comes in messages.
  /// Whether it was written before SpinRounds rounds.
  bool spinOn(const RegionView &View, uint64_t &Next, uint64_t End);
  /// Waits for [First, First + Count) of an allocation of this process.
  orbis_status_t waitLocal(const orbis_world_ptr_t &P, uint64_t First,
                           uint64_t Count, void *Values);
  void onElementOp(unsigned Id, const ElementOpHeader &H);
  void onProbe(uint32_t Round) {
    std::lock_guard<std::mutex> L(M);
    ProbeState P = probeStateLocked(Round);
    Outgoing Out{0, MsgProbeReply, {}, {}};
    Out.Header.assign(reinterpret_cast<char *>(&P),
                      reinterpret_cast<char *>(&P) + sizeof P);
    std::lock_guard<std::mutex> O(OutboxMutex);
    Outbox.push_back(std::move(Out));
  }
  /// Checks a world integer of this process for an atomic or lock op.
  orbis_status_t checkIntegerLocked(uint32_t Id, uint64_t Index,
                                    std::string &Why);
  void lockLocked(uint32_t Id, uint64_t Index, int From, uint64_t Token);
  void unlockLocked(uint32_t Id, uint64_t Index);
  /// Completes request Token of rank To, with Length bytes of Data.
  void answerLocked(int To, uint64_t Token, const void *Data, size_t Length);
  /// Sends an element operation to the owner and waits for its answer.
  orbis_status_t remoteElementOp(unsigned Msg, orbis_world_ptr_t P,
                                 uint64_t Index, int64_t Value, void *Result,
                                 size_t ResultLength);
  /// Queues replies to the parked loads of allocation Id that are ready.
  void answerParkedLocked(uint32_t Id);
  void queueReplyLocked(int Peer, uint64_t Token, uint32_t Id, uint64_t First,
                        uint64_t Count);
  void flushOutbox();
  [[noreturn]] void fatal(const char *Call, int From, const std::string &Why);
  template <class Predicate>
  void waitUntil(Predicate Done, const WaitSite &Site);
  /// The deadlock watchdog: probes (rank 0) and reports.
  void watchdog();
  /// This process's state for a probe: suspended when a thread waits for
  /// world memory and the process used almost no CPU since the last probe.
  ProbeState probeStateLocked(uint32_t Round);
  [[noreturn]] void reportDeadlockAndStop();
  std::string describeLocked(const WaitSite &Site) const;

  /// Sends and counts.
  orbis_status_t send(int Peer, unsigned Id, const void *Header,
                      size_t HeaderLength, const void *Data, size_t Length) {
    ++Sent;
    if (Id < MsgProbe)
      ++DataSent;
    return Net.send(Peer, Id, Header, HeaderLength, Data, Length);
  }

  Bootstrap Boot;
  Transport Net;
  Heap H;
  Cache Remote; ///< guarded by M
  PeerMemory Peers;
  /// Incremented by finalize: what threads remember of Peers is stale.
  std::atomic<uint64_t> Generation{1};
  std::atomic<uint64_t> Sent{0}, Received{0}, CacheHits{0}, MappedReads{0};
  bool Ready = false;
  std::mutex M;
  std::condition_variable Changed;
  std::vector<ParkedLoad> Parked;
  struct UnnamedConflict {
    uint32_t Id;
    uint64_t Element;
    int From; ///< the second writer
  };
  std::vector<UnnamedConflict> Conflicts;
  std::unordered_map<uint64_t, Request *> Requests;
  std::map<std::pair<uint32_t, uint64_t>, LockState> Locks;
  uint64_t NextToken = 1;
  std::mutex OutboxMutex;
  std::vector<Outgoing> Outbox;

  // Waiting threads and deadlock detection (guarded by M).
  std::vector<const WaitSite *> Waits;
  double LastCpuSeconds = 0;
  std::chrono::steady_clock::time_point LastProbe;
  std::vector<ProbeState> Replies;
  uint32_t ProbeRound = 0;
  unsigned Stable = 0;
  uint64_t LastSent = ~0ull, LastReceived = ~0ull;
  std::atomic<uint64_t> DataSent{0}, DataReceived{0};
  double TimeoutSeconds = 0; ///< ORBIS_WORLD_TIMEOUT, 0: none
  std::thread Watchdog;
  std::atomic<bool> StopWatchdog{false};
  std::condition_variable WatchdogWake;
};

/// Never destroyed: a program may exit while the progress and watchdog
/// threads run, and static destruction must not tear the world down under
/// them.
World &TheWorld = *new World;

orbis_status_t World::init() {
  if (Ready)
    return ORBIS_OK;
  if (orbis_status_t S = Boot.init())
    return S;
  if (Boot.underLauncher() && size() > 1) {
    if (orbis_status_t S = Net.init(Boot, &World::receive, this,
                                    {MsgStore, MsgLoad, MsgReply, MsgAtomicAdd,
                                     MsgLock, MsgUnlock, MsgProbe,
                                     MsgProbeReply, MsgDeadlock, MsgDescribe,
                                     MsgStored, MsgFlush},
                                    &World::afterProgress, &World::place))
      return S;
    H.setSource(&Net);
  }
  {
    std::lock_guard<std::mutex> L(M);
    H.create(rank(), RootSlots, sizeof(orbis_world_ptr_t), RootId);
  }
  if (const char *T = std::getenv("ORBIS_WORLD_TIMEOUT"))
    TimeoutSeconds = std::atof(T);
  Ready = true;
  orbis_status_t S = Boot.fence();
  const char *Detect = std::getenv("ORBIS_WORLD_DEADLOCK");
  if (rank() == 0 && !(Detect && std::string(Detect) == "0"))
    Watchdog = std::thread([this] { watchdog(); });
  return S;
}

orbis_status_t World::finalize() {
  if (!Ready)
    return ORBIS_OK;
  Net.leaving();
  ringDoorbells();
  Net.flushPosted();
  orbis_status_t S = Boot.fence();
  if (Watchdog.joinable()) {
    StopWatchdog.store(true);
    WatchdogWake.notify_all();
    Watchdog.join();
  }
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
  return S;
}

void World::fatal(const char *Call, int From, const std::string &Why) {
  std::fflush(stdout);
  std::fprintf(stderr, "orbis: rank %d: %s from rank %d: %s\n", rank(), Call,
               From, Why.c_str());
  std::fflush(stderr);
  _exit(1);
}

template <class Predicate>
void World::waitUntil(Predicate Done, const WaitSite &Site) {
  auto Start = std::chrono::steady_clock::now();
  bool Registered = false;
  for (unsigned Round = 0;; ++Round) {
    {
      std::unique_lock<std::mutex> L(M);
      if (Done()) {
        if (Registered)
          Waits.erase(std::find(Waits.begin(), Waits.end(), &Site));
        return;
      }
      if (Round >= SpinRounds || !Net.active()) {
        if (!Registered) {
          Waits.push_back(&Site);
          Registered = true;
        }
        // The progress thread (or, alone, the storing thread) wakes us.
        Changed.wait_for(L, std::chrono::milliseconds(50));
        if (TimeoutSeconds > 0 &&
            std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                          Start)
                    .count() > TimeoutSeconds) {
          std::fprintf(stderr,
                       "orbis: rank %d: %s waited more than %g s for %s "
                       "(ORBIS_WORLD_TIMEOUT)\n",
                       rank(), Site.call().c_str(), TimeoutSeconds,
                       describeLocked(Site).c_str());
          std::fflush(stderr);
          _exit(1);
        }
        continue;
      }
    }
    Net.progress();
    flushOutbox();
    ringDoorbells(); // also what an owner's MsgFlush asks for
  }
}

std::string World::describeLocked(const WaitSite &Site) const {
  std::string S = Site.Count == 1
                      ? "element " + std::to_string(Site.First)
                      : "elements [" + std::to_string(Site.First) + ", " +
                            std::to_string(Site.First + Site.Count) + ")";
  return S + " of allocation " + std::to_string(Site.Ptr.id) +
         " owned by rank " + std::to_string(Site.Ptr.owner);
}

ProbeState World::probeStateLocked(uint32_t Round) {
  rusage Usage;
  getrusage(RUSAGE_SELF, &Usage);
  double Cpu = Usage.ru_utime.tv_sec + Usage.ru_utime.tv_usec * 1e-6 +
               Usage.ru_stime.tv_sec + Usage.ru_stime.tv_usec * 1e-6;
  auto Now = std::chrono::steady_clock::now();
  double Elapsed = std::chrono::duration<double>(Now - LastProbe).count();
  // A computing thread uses CPU; waiting ones sleep (the spinning phase
  // lasts milliseconds), so less than 5% of a core means nobody computes.
  bool Idle = Elapsed > 0 && (Cpu - LastCpuSeconds) < 0.05 * Elapsed;
  LastCpuSeconds = Cpu;
  LastProbe = Now;
  return ProbeState{uint32_t(rank()), Round,
                    uint32_t(!Waits.empty() && Idle), 0, DataSent.load(),
                    DataReceived.load()};
}

void World::watchdog() {
  std::unique_lock<std::mutex> L(M);
  LastProbe = std::chrono::steady_clock::now();
  while (!StopWatchdog.load()) {
    WatchdogWake.wait_for(L, ProbeInterval);
    if (StopWatchdog.load())
      break;
    // Evaluate the previous round, whose replies have had an interval to
    // come back.
    if (ProbeRound > 0 && int(Replies.size()) == size()) {
      bool All = true;
      uint64_t Sent = 0, Received = 0;
      for (const ProbeState &P : Replies) {
        All = All && P.Suspended;
        Sent += P.Sent;
        Received += P.Received;
      }
      bool Quiet = Sent == Received && Sent == LastSent &&
                   Received == LastReceived;
      Stable = All && Quiet ? Stable + 1 : 0;
      LastSent = Sent;
      LastReceived = Received;
      if (Stable >= StableProbes) {
        L.unlock();
        for (int Peer = 1; Peer < size(); ++Peer) {
          uint32_t Round = ProbeRound;
          send(Peer, MsgDeadlock, &Round, sizeof Round, nullptr, 0);
        }
        reportDeadlockAndStop();
      }
    }
    // Start the next round: our own state, and a probe to the others.
    ++ProbeRound;
    Replies.clear();
    Replies.push_back(probeStateLocked(ProbeRound));
    uint32_t Round = ProbeRound;
    L.unlock();
    for (int Peer = 1; Peer < size(); ++Peer)
      send(Peer, MsgProbe, &Round, sizeof Round, nullptr, 0);
    L.lock();
  }
}

void World::reportDeadlockAndStop() {
  std::lock_guard<std::mutex> L(M);
  std::fflush(stdout);
  if (rank() == 0)
    std::fprintf(stderr, "orbis: deadlock: every process of the world waits "
                         "for world memory that no process writes\n");
  for (const WaitSite *Site : Waits)
    std::fprintf(stderr, "orbis: deadlock: rank %d: %s waits for %s\n",
                 rank(), Site->call().c_str(), describeLocked(*Site).c_str());
  std::fflush(stderr);
  // Give the other processes a moment to print their part.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  _exit(1);
}

orbis_status_t World::malloc(uint64_t Count, uint32_t ElemSize,
                             orbis_world_ptr_t *Out) {
  if (!Ready)
    return ORBIS_ERR_NOT_INITIALIZED;
  if (!Out || Count == 0 || ElemSize == 0)
    return ORBIS_ERR_INVALID;
  std::lock_guard<std::mutex> L(M);
  *Out = H.create(rank(), Count, ElemSize);
  return ORBIS_OK;
}

orbis_status_t World::free(orbis_world_ptr_t P) {
  if (!Ready)
    return ORBIS_ERR_NOT_INITIALIZED;
  if (int(P.owner) != rank() || P.id == RootId)
    return ORBIS_ERR_INVALID;
  std::lock_guard<std::mutex> L(M);
  return H.release(P.id);
}

orbis_status_t World::store(orbis_world_ptr_t P, uint64_t First,
                            uint64_t Count, const void *Values) {
  // World integers change only through atomic add.
  if (!Values || (P.flags & ORBIS_WORLD_ATOMIC))
    return Ready ? ORBIS_ERR_INVALID : ORBIS_ERR_NOT_INITIALIZED;
  if (orbis_status_t S = checkRangeArgs(P, First, Count))
    return S;
  if (int(P.owner) == rank()) {
    std::string Why;
    orbis_status_t S;
    bool Unnamed = false; // the first writer's doorbell is on its way
    {
      std::lock_guard<std::mutex> L(M);
      S = H.store(P.id, First, Count, Values, rank(), Why);
      if (S == ORBIS_OK)
        answerParkedLocked(P.id);
      Unnamed = S == ORBIS_ERR_DOUBLE_WRITE && H.Conflict.Previous < 0;
      if (Unnamed)
        conflictLocked(P.id, rank());
    }
    if (Unnamed) {
      // The doorbell names the first writer and stops the job (onStored);
      // should it never come, say what is known.
      flushOutbox();
      std::this_thread::sleep_for(std::chrono::seconds(10));
    }
    if (S) {
      std::fprintf(stderr, "orbis: rank %d: world store: %s\n", rank(),
                   Why.c_str());
      return S;
    }
    Changed.notify_all();
    flushOutbox();
    return ORBIS_OK;
  }
  if (const PeerAllocation *A = peerAllocation(P))
    if (A->Mapped && A->Count == P.count && A->ElemSize == P.elem_size &&
        A->View.Header->Id.load(std::memory_order_acquire) == P.id) {
      if (A->View.firstWritten(First, Count) < 0)
        return storeMapped(P, *A, First, Count, Values);
      // A second write: the owner names both writers, and stops the job.
      // It hears first of this process's own stores not told yet.
      ringDoorbells(int(P.owner));
    }
  // Large stores are posted: copied, then sent while the caller goes on, so
  // that the stores of a tile row follow each other without waiting for
  // the owner.
  StoreHeader Hdr{uint32_t(rank()), P.id, First, Count};
  size_t Bytes = Count * P.elem_size;
  if (Bytes < PostedStoreSize || Bytes > PostedStoreLimit)
    return send(int(P.owner), MsgStore, &Hdr, sizeof Hdr, Values, Bytes);
  ++Sent;
  ++DataSent;
  return Net.post(int(P.owner), MsgStore, &Hdr, sizeof Hdr, Values, Bytes);
}

const PeerAllocation *World::peerAllocation(const orbis_world_ptr_t &P) {
  if (P.flags & ORBIS_WORLD_ATOMIC)
    return nullptr;
  // The allocation this thread stored into last, without the lock: a tile
  // row is stored range after range into one allocation. Entries live
  // until finalize, which starts a new generation.
  thread_local struct {
    uint64_t Generation = 0;
    uint32_t Owner = 0, Id = 0;
    const PeerAllocation *Entry = nullptr;
  } Last;
  if (Last.Entry && Last.Generation == Generation && Last.Owner == P.owner &&
      Last.Id == P.id)
    return Last.Entry;
  const PeerAllocation *Known = Peers.find(P.owner, P.id);
  if (!Known)
    Known = describe(P);
  if (Known)
    Last = {Generation, P.owner, P.id, Known};
  return Known;
}

const PeerAllocation *World::describe(const orbis_world_ptr_t &P) {
  std::vector<char> Answer(sizeof(DescribeReply) + MaxKeyLength);
  Request Req{Answer.data(), Answer.size(), P, 0, 0};
  Req.Cacheable = false;
  Req.AnyLength = true;
  LoadHeader Hdr{uint32_t(rank()), P.id, 0, 0, 0};
  {
    std::lock_guard<std::mutex> L(M);
    Hdr.Token = NextToken++;
    Requests[Hdr.Token] = &Req;
  }
  if (send(int(P.owner), MsgDescribe, &Hdr, sizeof Hdr, nullptr, 0)) {
    std::lock_guard<std::mutex> L(M);
    Requests.erase(Hdr.Token);
    return nullptr;
  }
  WaitSite Site{"world store", P, 0, 0};
  waitUntil([&] { return Req.Done; }, Site);
  DescribeReply D;
  if (Req.Got < sizeof D)
    return nullptr;
  std::memcpy(&D, Answer.data(), sizeof D);
  if (D.Count == 0)
    return nullptr; // unknown allocation: the message path reports it
  PeerAllocation A;
  A.Count = D.Count;
  A.ElemSize = D.ElemSize;
  if (D.Segment && sizeof D + D.KeyLength <= Req.Got) {
    bool Known;
    PeerSegment S = Peers.segment(P.owner, D.Segment, Known);
    if (!Known) {
      std::vector<char> Key(Answer.data() + sizeof D,
                            Answer.data() + sizeof D + D.KeyLength);
      S.Local = Net.attach(int(P.owner), Key, D.Base, S.Handle);
      S = Peers.insertSegment(P.owner, D.Segment, S,
                              [this](void *Handle) { Net.detach(Handle); });
    }
    if (S.Local) {
      char *Local = S.Local + D.Offset;
      prefault(Local, regionLength(D.Count, D.ElemSize));
      A.Mapped = true;
      A.View = RegionView::of(Local, D.Count);
    }
  }
  return Peers.insert(P.owner, P.id, A);
}

orbis_status_t World::storeMapped(const orbis_world_ptr_t &P,
                                  const PeerAllocation &A, uint64_t First,
                                  uint64_t Count, const void *Values) {
  // The caller found the elements unwritten; two writers racing for an
  // element are caught by the owner when the doorbells arrive.
  copyForStore(A.View.Data + First * A.ElemSize,
               static_cast<const char *>(Values), Count * A.ElemSize);
  bool Fenced = A.View.publish(First, Count);
  bool Watched = A.View.watched(First, Count, Fenced);
  if (Peers.ring(P.owner, StoredRange{P.id, 0, First, Count}) || Watched)
    ringDoorbells(int(P.owner));
  return ORBIS_OK;
}

void World::conflictLocked(uint32_t Id, int From) {
  Conflicts.push_back({Id, H.Conflict.Element, From});
  uint32_t Me = uint32_t(rank());
  std::lock_guard<std::mutex> L(OutboxMutex);
  for (int Peer = 0; Peer < size(); ++Peer)
    if (Peer != rank())
      Outbox.push_back({Peer, MsgFlush,
                        std::vector<char>(reinterpret_cast<char *>(&Me),
                                          reinterpret_cast<char *>(&Me) +
                                              sizeof Me),
                        {}});
}

void World::ringDoorbells(int Owner) {
  if (!Net.active())
    return;
  std::vector<uint32_t> Owners =
      Owner < 0 ? Peers.pendingOwners() : std::vector<uint32_t>{uint32_t(Owner)};
  thread_local std::vector<StoredRange> Ranges;
  for (uint32_t To : Owners) {
    Peers.take(To, Ranges);
    if (Ranges.empty())
      continue;
    StoredHeader Hdr{uint32_t(rank()), 0};
    if (send(int(To), MsgStored, &Hdr, sizeof Hdr, Ranges.data(),
             Ranges.size() * sizeof(StoredRange)))
      fatal("world store", int(To), "cannot tell the owner of a store");
  }
}

orbis_status_t World::load(orbis_world_ptr_t P, uint64_t First,
                           uint64_t Count, void *Values) {
  if (orbis_status_t S = checkRangeArgs(P, First, Count))
    return S;
  if (int(P.owner) == rank())
    return waitLocal(P, First, Count, Values);
  {
    std::lock_guard<std::mutex> L(M);
    if (!(P.flags & ORBIS_WORLD_ATOMIC) &&
        Remote.lookup(P, First, Count, Values)) {
      ++CacheHits;
      return ORBIS_OK;
    }
  }
  // On the owner's host, read its memory: spin on the bits, and ask the
  // owner (which parks the request) only if they stay unset.
  if (const PeerAllocation *A = peerAllocation(P))
    if (A->Mapped && A->Count == P.count && A->ElemSize == P.elem_size &&
        A->View.Header->Id.load(std::memory_order_acquire) == P.id) {
      uint64_t Next = First;
      if (spinOn(A->View, Next, First + Count)) {
        if (Values)
          std::memcpy(Values, A->View.Data + First * A->ElemSize,
                      Count * A->ElemSize);
        ++MappedReads;
        return ORBIS_OK;
      }
    }
  Request Req{Values, size_t(Count * P.elem_size), P, First, Count};
  Req.Cacheable = !(P.flags & ORBIS_WORLD_ATOMIC);
  LoadHeader Hdr{uint32_t(rank()), P.id, First, Count, 0};
  {
    std::lock_guard<std::mutex> L(M);
    Hdr.Token = NextToken++;
    Requests[Hdr.Token] = &Req;
  }
  if (orbis_status_t S =
          send(int(P.owner), MsgLoad, &Hdr, sizeof Hdr, nullptr, 0)) {
    std::lock_guard<std::mutex> L(M);
    Requests.erase(Hdr.Token);
    return S;
  }
  WaitSite Site{Values ? "world load" : "world wait", P, First, Count};
  waitUntil([&] { return Req.Done; }, Site);
  return ORBIS_OK;
}

bool World::spinOn(const RegionView &View, uint64_t &Next, uint64_t End) {
  bool Done = View.readyFrom(Next, End);
  for (unsigned Round = 1; !Done && Round < SpinRounds; ++Round) {
    if (Net.active() && Round % 16 == 0) {
      Net.progress();
      flushOutbox();
      ringDoorbells();
    } else {
      __builtin_ia32_pause();
    }
    Done = View.readyFrom(Next, End);
  }
  return Done;
}

orbis_status_t World::waitLocal(const orbis_world_ptr_t &P, uint64_t First,
                                uint64_t Count, void *Values) {
  RegionView View;
  {
    std::lock_guard<std::mutex> L(M);
    std::string Why;
    if (orbis_status_t S = H.check(P.id, First, Count, Why))
      return S;
    View = H.find(P.id)->View;
  }
  uint64_t Next = First;
  bool Done = spinOn(View, Next, First + Count);
  orbis_status_t Status = ORBIS_OK;
  if (!Done) {
    // From now on the writer of the last element still missing rings the
    // doorbell, which wakes this thread.
    uint64_t End = First + Count;
    View.watch(View.lastUnwritten(Next, End));
    WaitSite Site{Values ? "world load" : "world wait", P, First, Count};
    waitUntil(
        [&] {
          if (!H.find(P.id)) {
            Status = ORBIS_ERR_UNKNOWN_ALLOCATION;
            return true;
          }
          if (View.readyFrom(Next, End))
            return true;
          View.rewatch(View.lastUnwritten(Next, End));
          return View.readyFrom(Next, End);
        },
        Site);
    std::lock_guard<std::mutex> L(M);
    if (Status == ORBIS_OK)
      View.unwatch();
  }
  if (Status == ORBIS_OK && Values)
    std::memcpy(Values, View.Data + First * P.elem_size, Count * P.elem_size);
  return Status;
}

void World::receive(void *Ctx, unsigned Id, const void *Header,
                    size_t HeaderLength, const void *Data, size_t Length) {
  auto *W = static_cast<World *>(Ctx);
  ++W->Received;
  if (Id < MsgProbe)
    ++W->DataReceived;
  switch (Id) {
  case MsgProbe:
    if (HeaderLength == sizeof(uint32_t))
      W->onProbe(*static_cast<const uint32_t *>(Header));
    break;
  case MsgProbeReply:
    if (HeaderLength == sizeof(ProbeState)) {
      std::lock_guard<std::mutex> L(W->M);
      const auto &P = *static_cast<const ProbeState *>(Header);
      if (P.Round == W->ProbeRound)
        W->Replies.push_back(P);
    }
    break;
  case MsgDeadlock:
    W->reportDeadlockAndStop();
  case MsgStore:
    if (HeaderLength == sizeof(StoreHeader))
      W->onStore(*static_cast<const StoreHeader *>(Header), Data);
    break;
  case MsgLoad:
    if (HeaderLength == sizeof(LoadHeader))
      W->onLoad(*static_cast<const LoadHeader *>(Header));
    break;
  case MsgDescribe:
    if (HeaderLength == sizeof(LoadHeader))
      W->onDescribe(*static_cast<const LoadHeader *>(Header));
    break;
  case MsgStored:
    if (HeaderLength == sizeof(StoredHeader))
      W->onStored(*static_cast<const StoredHeader *>(Header), Data, Length);
    break;
  case MsgReply:
    if (HeaderLength == sizeof(ReplyHeader))
      W->onReply(*static_cast<const ReplyHeader *>(Header), Data, Length);
    break;
  case MsgAtomicAdd:
  case MsgLock:
  case MsgUnlock:
    if (HeaderLength == sizeof(ElementOpHeader))
      W->onElementOp(Id, *static_cast<const ElementOpHeader *>(Header));
    break;
  }
}

void *World::place(void *Ctx, unsigned Id, const void *Header,
                   size_t HeaderLength, size_t Length) {
  auto *W = static_cast<World *>(Ctx);
  if (Id != MsgStore || HeaderLength != sizeof(StoreHeader))
    return nullptr;
  const auto &Hdr = *static_cast<const StoreHeader *>(Header);
  std::lock_guard<std::mutex> L(W->M);
  Allocation *A = W->H.find(Hdr.Id);
  if (!A || Length != Hdr.Count * A->ElemSize)
    return nullptr; // onStore reports what is wrong
  std::string Why;
  orbis_status_t Status;
  char *Dest = W->H.reserve(Hdr.Id, Hdr.First, Hdr.Count, int(Hdr.From), Why,
                            Status);
  if (!Dest && (Status != ORBIS_ERR_DOUBLE_WRITE ||
                W->H.Conflict.Previous >= 0))
    W->fatal("world store", int(Hdr.From), Why);
  return Dest; // null: onStore finds the same conflict

}

void World::onStore(const StoreHeader &Hdr, const void *Data) {
  std::string Why;
  {
    std::lock_guard<std::mutex> L(M);
    Allocation *A = H.find(Hdr.Id);
    bool InPlace = A && Hdr.First < A->Count &&
                   Data == A->View.Data + Hdr.First * A->ElemSize;
    if (InPlace) {
      H.commit(Hdr.Id, Hdr.First, Hdr.Count, int(Hdr.From));
    } else if (orbis_status_t S = H.store(Hdr.Id, Hdr.First, Hdr.Count, Data,
                                          int(Hdr.From), Why)) {
      if (S != ORBIS_ERR_DOUBLE_WRITE || H.Conflict.Previous >= 0)
        fatal("world store", int(Hdr.From), Why);
      conflictLocked(Hdr.Id, int(Hdr.From));
      return;
    }
    answerParkedLocked(Hdr.Id);
  }
  Changed.notify_all();
}

void World::onLoad(const LoadHeader &Hdr) {
  std::lock_guard<std::mutex> L(M);
  std::string Why;
  if (H.check(Hdr.Id, Hdr.First, Hdr.Count, Why))
    fatal("world load", int(Hdr.From), Why);
  if (H.ready(Hdr.Id, Hdr.First, Hdr.Count)) {
    queueReplyLocked(int(Hdr.From), Hdr.Token, Hdr.Id, Hdr.First, Hdr.Count);
    return;
  }
  // Parked: peers writing straight into the region now ring the doorbell.
  // Checked again after that, for a store that came in meanwhile.
  H.find(Hdr.Id)->View.watch(AnyElement);
  Parked.push_back({int(Hdr.From), Hdr.Id, Hdr.First, Hdr.Count, Hdr.Token,
                    Hdr.First});
  answerParkedLocked(Hdr.Id);
}

void World::onDescribe(const LoadHeader &Hdr) {
  std::vector<char> Answer(sizeof(DescribeReply));
  DescribeReply D{0, 0, 0, 0, 0, 0};
  {
    std::lock_guard<std::mutex> L(M);
    if (Allocation *A = H.find(Hdr.Id)) {
      D.Count = A->Count;
      D.ElemSize = A->ElemSize;
      const Region *S = H.segment(A->Memory.Segment);
      if (S && !A->Atomic && S->Key.size() <= MaxKeyLength) {
        D.Segment = A->Memory.Segment;
        D.Base = reinterpret_cast<uint64_t>(S->Base);
        D.Offset = A->Memory.Offset;
        D.KeyLength = uint32_t(S->Key.size());
        Answer.insert(Answer.end(), S->Key.begin(), S->Key.end());
      }
    }
    std::memcpy(Answer.data(), &D, sizeof D);
    answerLocked(int(Hdr.From), Hdr.Token, Answer.data(), Answer.size());
  }
}

void World::onStored(const StoredHeader &Hdr, const void *Data,
                     size_t Length) {
  std::vector<StoredRange> Ranges(Length / sizeof(StoredRange));
  std::memcpy(Ranges.data(), Data, Ranges.size() * sizeof(StoredRange));
  {
    std::lock_guard<std::mutex> L(M);
    for (const StoredRange &R : Ranges) {
      // A doorbell may come after the owner freed the allocation: the
      // writer checked that it lived (RegionHeader::Id) before writing.
      if (!H.find(R.Id))
        continue;
      std::string Why;
      if (H.account(R.Id, R.First, R.Count, int(Hdr.From), Why))
        fatal("world store", int(Hdr.From), Why);
      for (const UnnamedConflict &C : Conflicts)
        if (C.Id == R.Id && C.Element >= R.First &&
            C.Element - R.First < R.Count)
          fatal("world store", C.From,
                doubleWriteMessage(C.Element, C.Id, int(Hdr.From), C.From));
      answerParkedLocked(R.Id);
    }
  }
  Changed.notify_all();
}

void World::onReply(const ReplyHeader &Hdr, const void *Data, size_t Length) {
  {
    std::lock_guard<std::mutex> L(M);
    auto It = Requests.find(Hdr.Token);
    if (It == Requests.end())
      return;
    Request *R = It->second;
    if (R->AnyLength && Length <= R->Length) {
      std::memcpy(R->Values, Data, Length);
      R->Got = Length;
    } else if (Length == R->Length) {
      if (R->Cacheable)
        Remote.fill(R->Ptr, R->First, R->Count, Data);
      if (R->Values)
        std::memcpy(R->Values, Data, Length);
    }
    R->Done = true;
    Requests.erase(It);
  }
  Changed.notify_all();
}

orbis_status_t World::mallocAtomic(uint64_t Count, orbis_world_ptr_t *Out) {
  if (!Ready)
    return ORBIS_ERR_NOT_INITIALIZED;
  if (!Out || Count == 0)
    return ORBIS_ERR_INVALID;
  std::lock_guard<std::mutex> L(M);
  *Out = H.createAtomic(rank(), Count);
  return ORBIS_OK;
}

orbis_status_t World::checkIntegerLocked(uint32_t Id, uint64_t Index,
                                         std::string &Why) {
  if (orbis_status_t S = H.check(Id, Index, 1, Why))
    return S;
  if (!H.find(Id)->Atomic) {
    Why = "allocation " + std::to_string(Id) + " does not hold world integers";
    return ORBIS_ERR_INVALID;
  }
  return ORBIS_OK;
}

orbis_status_t World::remoteElementOp(unsigned Msg, orbis_world_ptr_t P,
                                      uint64_t Index, int64_t Value,
                                      void *Result, size_t ResultLength) {
  Request Req{Result, ResultLength, P, Index, 1};
  Req.Cacheable = false;
  ElementOpHeader Hdr{uint32_t(rank()), P.id, Index, 0, Value};
  {
    std::lock_guard<std::mutex> L(M);
    Hdr.Token = NextToken++;
    Requests[Hdr.Token] = &Req;
  }
  if (orbis_status_t S = send(int(P.owner), Msg, &Hdr, sizeof Hdr, nullptr, 0)) {
    std::lock_guard<std::mutex> L(M);
    Requests.erase(Hdr.Token);
    return S;
  }
  WaitSite Site{Msg == MsgLock ? "world lock" : "world atomic add", P, Index,
                1};
  waitUntil([&] { return Req.Done; }, Site);
  return ORBIS_OK;
}

orbis_status_t World::atomicAdd(orbis_world_ptr_t P, uint64_t Index,
                                int64_t Delta, int64_t *Old) {
  if (orbis_status_t S = checkIntegerArgs(P, Index))
    return S;
  int64_t Before = 0;
  if (int(P.owner) != rank()) {
    if (orbis_status_t S = remoteElementOp(MsgAtomicAdd, P, Index, Delta,
                                           &Before, sizeof Before))
      return S;
  } else {
    std::lock_guard<std::mutex> L(M);
    std::string Why;
    if (orbis_status_t S = H.atomicAdd(P.id, Index, Delta, Before, Why))
      return S;
  }
  if (Old)
    *Old = Before;
  return ORBIS_OK;
}

orbis_status_t World::lock(orbis_world_ptr_t P, uint64_t Index) {
  if (orbis_status_t S = checkIntegerArgs(P, Index))
    return S;
  if (int(P.owner) != rank())
    return remoteElementOp(MsgLock, P, Index, 0, nullptr, 0);
  Request Req{nullptr, 0, P, Index, 1};
  Req.Cacheable = false;
  {
    std::lock_guard<std::mutex> L(M);
    std::string Why;
    if (orbis_status_t S = checkIntegerLocked(P.id, Index, Why))
      return S;
    uint64_t Token = NextToken++;
    Requests[Token] = &Req;
    lockLocked(P.id, Index, rank(), Token);
  }
  flushOutbox();
  WaitSite Site{"world lock", P, Index, 1};
  waitUntil([&] { return Req.Done; }, Site);
  return ORBIS_OK;
}

orbis_status_t World::unlock(orbis_world_ptr_t P, uint64_t Index) {
  if (orbis_status_t S = checkIntegerArgs(P, Index))
    return S;
  if (int(P.owner) != rank()) {
    ElementOpHeader Hdr{uint32_t(rank()), P.id, Index, 0, 0};
    return send(int(P.owner), MsgUnlock, &Hdr, sizeof Hdr, nullptr, 0);
  }
  {
    std::lock_guard<std::mutex> L(M);
    unlockLocked(P.id, Index);
  }
  Changed.notify_all();
  flushOutbox();
  return ORBIS_OK;
}

void World::lockLocked(uint32_t Id, uint64_t Index, int From, uint64_t Token) {
  LockState &Lock = Locks[{Id, Index}];
  if (Lock.Holder < 0) {
    Lock.Holder = From;
    answerLocked(From, Token, nullptr, 0);
  } else {
    Lock.Waiting.push_back({From, Token});
  }
}

void World::unlockLocked(uint32_t Id, uint64_t Index) {
  LockState &Lock = Locks[{Id, Index}];
  if (Lock.Waiting.empty()) {
    Lock.Holder = -1;
    return;
  }
  auto [Next, Token] = Lock.Waiting.front();
  Lock.Waiting.erase(Lock.Waiting.begin());
  Lock.Holder = Next;
  answerLocked(Next, Token, nullptr, 0);
}

void World::answerLocked(int To, uint64_t Token, const void *Data,
                         size_t Length) {
  if (To == rank()) {
    auto It = Requests.find(Token);
    if (It != Requests.end()) {
      if (It->second->Values && Length == It->second->Length)
        std::memcpy(It->second->Values, Data, Length);
      It->second->Done = true;
      Requests.erase(It);
    }
    return;
  }
  Outgoing Out;
  Out.Peer = To;
  Out.Id = MsgReply;
  ReplyHeader Hdr{Token};
  Out.Header.assign(reinterpret_cast<char *>(&Hdr),
                    reinterpret_cast<char *>(&Hdr) + sizeof Hdr);
  Out.Data.assign(static_cast<const char *>(Data),
                  static_cast<const char *>(Data) + Length);
  std::lock_guard<std::mutex> L(OutboxMutex);
  Outbox.push_back(std::move(Out));
}

void World::onElementOp(unsigned Id, const ElementOpHeader &Hdr) {
  {
    std::lock_guard<std::mutex> L(M);
    std::string Why;
    const char *Call = Id == MsgAtomicAdd ? "world atomic add"
                       : Id == MsgLock    ? "world lock"
                                          : "world unlock";
    if (checkIntegerLocked(Hdr.Id, Hdr.Index, Why))
      fatal(Call, int(Hdr.From), Why);
    if (Id == MsgAtomicAdd) {
      int64_t Old = 0;
      H.atomicAdd(Hdr.Id, Hdr.Index, Hdr.Value, Old, Why);
      answerLocked(int(Hdr.From), Hdr.Token, &Old, sizeof Old);
    } else if (Id == MsgLock) {
      lockLocked(Hdr.Id, Hdr.Index, int(Hdr.From), Hdr.Token);
    } else {
      unlockLocked(Hdr.Id, Hdr.Index);
    }
  }
  Changed.notify_all();
}

void World::answerParkedLocked(uint32_t Id) {
  for (size_t I = 0; I < Parked.size();) {
    ParkedLoad &P = Parked[I];
    if (P.Id == Id && H.readyFrom(P.Id, P.Next, P.First + P.Count)) {
      queueReplyLocked(P.From, P.Token, P.Id, P.First, P.Count);
      H.find(Id)->View.unwatch();
      Parked[I] = Parked.back();
      Parked.pop_back();
    } else {
      ++I;
    }
  }
}

void World::queueReplyLocked(int Peer, uint64_t Token, uint32_t Id,
                             uint64_t First, uint64_t Count) {
  Outgoing Out;
  Out.Peer = Peer;
  Out.Id = MsgReply;
  ReplyHeader Hdr{Token};
  Out.Header.assign(reinterpret_cast<char *>(&Hdr),
                    reinterpret_cast<char *>(&Hdr) + sizeof Hdr);
  Out.Data.resize(Count * H.find(Id)->ElemSize);
  H.copyOut(Id, First, Count, Out.Data.data());
  std::lock_guard<std::mutex> L(OutboxMutex);
  Outbox.push_back(std::move(Out));
}

void World::flushOutbox() {
  std::vector<Outgoing> Sending;
  {
    std::lock_guard<std::mutex> L(OutboxMutex);
    Sending.swap(Outbox);
  }
  for (Outgoing &Out : Sending)
    if (send(Out.Peer, Out.Id, Out.Header.data(), Out.Header.size(),
             Out.Data.data(), Out.Data.size()))
      fatal("world reply", Out.Peer, "cannot send the reply");
}

} // namespace
} // namespace orbis::world

using orbis::world::TheWorld;

extern "C" {

orbis_status_t orbis_world_init(void) { return TheWorld.init(); }
orbis_status_t orbis_world_finalize(void) { return TheWorld.finalize(); }
int orbis_world_rank(void) { return TheWorld.initialized() ? TheWorld.rank() : 0; }
int orbis_world_size(void) { return TheWorld.initialized() ? TheWorld.size() : 1; }

orbis_status_t orbis_world_malloc(size_t count, size_t elem_size,
                                  orbis_world_ptr_t *out) {
  if (elem_size > UINT32_MAX)
    return ORBIS_ERR_INVALID;
  return TheWorld.malloc(count, uint32_t(elem_size), out);
}
orbis_status_t orbis_world_free(orbis_world_ptr_t ptr) {
  return TheWorld.free(ptr);
}
orbis_status_t orbis_world_store(orbis_world_ptr_t ptr, uint64_t index,
                                 const void *value) {
  return TheWorld.store(ptr, index, 1, value);
}
orbis_status_t orbis_world_load(orbis_world_ptr_t ptr, uint64_t index,
                                void *value) {
  return value ? TheWorld.load(ptr, index, 1, value) : ORBIS_ERR_INVALID;
}
orbis_status_t orbis_world_store_range(orbis_world_ptr_t ptr, uint64_t first,
                                       uint64_t count, const void *values) {
  return TheWorld.store(ptr, first, count, values);
}
orbis_status_t orbis_world_load_range(orbis_world_ptr_t ptr, uint64_t first,
                                      uint64_t count, void *values) {
  return values ? TheWorld.load(ptr, first, count, values) : ORBIS_ERR_INVALID;
}
orbis_status_t orbis_world_wait_range(orbis_world_ptr_t ptr, uint64_t first,
                                      uint64_t count) {
  return TheWorld.load(ptr, first, count, nullptr);
}
orbis_status_t orbis_world_barrier(void) { return TheWorld.barrier(); }

orbis_status_t orbis_world_malloc_atomic(size_t count, orbis_world_ptr_t *out) {
  return TheWorld.mallocAtomic(count, out);
}
orbis_status_t orbis_world_atomic_add(orbis_world_ptr_t ptr, uint64_t index,
                                      int64_t delta, int64_t *old) {
  return TheWorld.atomicAdd(ptr, index, delta, old);
}
orbis_status_t orbis_world_lock(orbis_world_ptr_t ptr, uint64_t index) {
  return TheWorld.lock(ptr, index);
}
orbis_status_t orbis_world_unlock(orbis_world_ptr_t ptr, uint64_t index) {
  return TheWorld.unlock(ptr, index);
}
orbis_status_t orbis_world_once(orbis_world_ptr_t counter,
                                orbis_world_ptr_t done, uint64_t index,
                                int *run) {
  if (!run)
    return ORBIS_ERR_INVALID;
  int64_t Before = 0;
  if (orbis_status_t S = TheWorld.atomicAdd(counter, index, 1, &Before))
    return S;
  *run = Before == 0;
  // The others wait until the runner marks the body done.
  return *run ? ORBIS_OK : TheWorld.load(done, index, 1, nullptr);
}
orbis_status_t orbis_world_once_done(orbis_world_ptr_t done, uint64_t index) {
  const unsigned char One = 1;
  return done.elem_size == 1 ? TheWorld.store(done, index, 1, &One)
                             : ORBIS_ERR_INVALID;
}

void orbis_world_set_site(const char *file, unsigned line) {
  orbis::world::CallerFile = file;
  orbis::world::CallerLine = file ? line : 0;
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

} // extern "C"
