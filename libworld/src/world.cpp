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
#include "transport.h"

#include <orbis/world.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <unordered_map>
#include <unistd.h>

namespace orbis::world {
namespace {

enum : unsigned { MsgStore = 1, MsgLoad = 2, MsgReply = 3 };

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

/// The allocation every process makes at init: slots of world pointers,
/// so that processes can hand each other their first allocations.
constexpr uint32_t RootId = 1;
constexpr uint64_t RootSlots = 64;

/// Spins (with progress) before a waiting thread sleeps.
constexpr unsigned SpinRounds = 2000;

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
  orbis_status_t barrier() { return Boot.fence(); }
  void stats(orbis_world_stats_t *Out) const {
    Out->messages_sent = Sent.load();
    Out->messages_received = Received.load();
    Out->cache_hits = CacheHits.load();
  }

private:
  struct ParkedLoad {
    int From;
    uint32_t Id;
    uint64_t First, Count, Token;
  };
  struct Request {
    void *Values;
    size_t Length;
    orbis_world_ptr_t Ptr;
    uint64_t First, Count;
    bool Done = false;
  };
  struct Outgoing {
    int Peer;
    unsigned Id;
    std::vector<char> Header, Data;
  };

  static void receive(void *Ctx, unsigned Id, const void *Header,
                      size_t HeaderLength, const void *Data, size_t Length);
  static void afterProgress(void *Ctx) {
    static_cast<World *>(Ctx)->flushOutbox();
  }
  void onStore(const StoreHeader &H, const void *Data);
  void onLoad(const LoadHeader &H);
  void onReply(const ReplyHeader &H, const void *Data, size_t Length);
  /// Queues replies to the parked loads of allocation Id that are ready.
  void answerParkedLocked(uint32_t Id);
  void queueReplyLocked(int Peer, uint64_t Token, uint32_t Id, uint64_t First,
                        uint64_t Count);
  void flushOutbox();
  [[noreturn]] void fatal(const char *Call, int From, const std::string &Why);
  template <class Predicate> void waitUntil(Predicate Done);

  /// Sends and counts.
  orbis_status_t send(int Peer, unsigned Id, const void *Header,
                      size_t HeaderLength, const void *Data, size_t Length) {
    ++Sent;
    return Net.send(Peer, Id, Header, HeaderLength, Data, Length);
  }

  Bootstrap Boot;
  Transport Net;
  Heap H;
  Cache Remote; ///< guarded by M
  std::atomic<uint64_t> Sent{0}, Received{0}, CacheHits{0};
  bool Ready = false;
  std::mutex M;
  std::condition_variable Changed;
  std::vector<ParkedLoad> Parked;
  std::unordered_map<uint64_t, Request *> Requests;
  uint64_t NextToken = 1;
  std::mutex OutboxMutex;
  std::vector<Outgoing> Outbox;
};

World TheWorld;

orbis_status_t World::init() {
  if (Ready)
    return ORBIS_OK;
  if (orbis_status_t S = Boot.init())
    return S;
  {
    std::lock_guard<std::mutex> L(M);
    H.create(rank(), RootSlots, sizeof(orbis_world_ptr_t), RootId);
  }
  if (Boot.underLauncher() && size() > 1)
    if (orbis_status_t S = Net.init(Boot, &World::receive, this,
                                    {MsgStore, MsgLoad, MsgReply},
                                    &World::afterProgress))
      return S;
  Ready = true;
  return Boot.fence();
}

orbis_status_t World::finalize() {
  if (!Ready)
    return ORBIS_OK;
  orbis_status_t S = Boot.fence();
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

template <class Predicate> void World::waitUntil(Predicate Done) {
  for (unsigned Round = 0;; ++Round) {
    {
      std::unique_lock<std::mutex> L(M);
      if (Done())
        return;
      if (Round >= SpinRounds || !Net.active()) {
        // The progress thread (or, alone, the storing thread) wakes us.
        Changed.wait_for(L, std::chrono::milliseconds(50));
        if (Done())
          return;
        continue;
      }
    }
    Net.progress();
    flushOutbox();
  }
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
  if (!Ready)
    return ORBIS_ERR_NOT_INITIALIZED;
  if (!Values || int(P.owner) >= size() || P.elem_size == 0)
    return ORBIS_ERR_INVALID;
  if (First > P.count || Count > P.count - First)
    return ORBIS_ERR_OUT_OF_BOUNDS;
  if (int(P.owner) == rank()) {
    std::string Why;
    {
      std::lock_guard<std::mutex> L(M);
      if (orbis_status_t S = H.store(P.id, First, Count, Values, rank(), Why)) {
        std::fprintf(stderr, "orbis: rank %d: world store: %s\n", rank(),
                     Why.c_str());
        return S;
      }
      answerParkedLocked(P.id);
    }
    Changed.notify_all();
    flushOutbox();
    return ORBIS_OK;
  }
  StoreHeader Hdr{uint32_t(rank()), P.id, First, Count};
  if (orbis_status_t S = send(int(P.owner), MsgStore, &Hdr, sizeof Hdr,
                              Values, Count * P.elem_size))
    return S;
  // What this process wrote is what every later load of it returns.
  std::lock_guard<std::mutex> L(M);
  Remote.fill(P, First, Count, Values);
  return ORBIS_OK;
}

orbis_status_t World::load(orbis_world_ptr_t P, uint64_t First,
                           uint64_t Count, void *Values) {
  if (!Ready)
    return ORBIS_ERR_NOT_INITIALIZED;
  if (int(P.owner) >= size() || P.elem_size == 0)
    return ORBIS_ERR_INVALID;
  if (First > P.count || Count > P.count - First)
    return ORBIS_ERR_OUT_OF_BOUNDS;
  if (int(P.owner) == rank()) {
    std::string Why;
    {
      std::lock_guard<std::mutex> L(M);
      if (orbis_status_t S = H.check(P.id, First, Count, Why))
        return S;
    }
    orbis_status_t Status = ORBIS_OK;
    waitUntil([&] {
      if (!H.find(P.id)) {
        Status = ORBIS_ERR_UNKNOWN_ALLOCATION;
        return true;
      }
      return H.ready(P.id, First, Count);
    });
    if (Status == ORBIS_OK && Values) {
      std::lock_guard<std::mutex> L(M);
      H.copyOut(P.id, First, Count, Values);
    }
    return Status;
  }
  Request Req{Values, size_t(Count * P.elem_size), P, First, Count};
  LoadHeader Hdr{uint32_t(rank()), P.id, First, Count, 0};
  {
    std::lock_guard<std::mutex> L(M);
    if (Remote.lookup(P, First, Count, Values)) {
      ++CacheHits;
      return ORBIS_OK;
    }
    Hdr.Token = NextToken++;
    Requests[Hdr.Token] = &Req;
  }
  if (orbis_status_t S =
          send(int(P.owner), MsgLoad, &Hdr, sizeof Hdr, nullptr, 0)) {
    std::lock_guard<std::mutex> L(M);
    Requests.erase(Hdr.Token);
    return S;
  }
  waitUntil([&] { return Req.Done; });
  return ORBIS_OK;
}

void World::receive(void *Ctx, unsigned Id, const void *Header,
                    size_t HeaderLength, const void *Data, size_t Length) {
  auto *W = static_cast<World *>(Ctx);
  ++W->Received;
  switch (Id) {
  case MsgStore:
    if (HeaderLength == sizeof(StoreHeader))
      W->onStore(*static_cast<const StoreHeader *>(Header), Data);
    break;
  case MsgLoad:
    if (HeaderLength == sizeof(LoadHeader))
      W->onLoad(*static_cast<const LoadHeader *>(Header));
    break;
  case MsgReply:
    if (HeaderLength == sizeof(ReplyHeader))
      W->onReply(*static_cast<const ReplyHeader *>(Header), Data, Length);
    break;
  }
}

void World::onStore(const StoreHeader &Hdr, const void *Data) {
  std::string Why;
  {
    std::lock_guard<std::mutex> L(M);
    if (H.store(Hdr.Id, Hdr.First, Hdr.Count, Data, int(Hdr.From), Why))
      fatal("world store", int(Hdr.From), Why);
    answerParkedLocked(Hdr.Id);
  }
  Changed.notify_all();
}

void World::onLoad(const LoadHeader &Hdr) {
  std::lock_guard<std::mutex> L(M);
  std::string Why;
  if (H.check(Hdr.Id, Hdr.First, Hdr.Count, Why))
    fatal("world load", int(Hdr.From), Why);
  if (H.ready(Hdr.Id, Hdr.First, Hdr.Count))
    queueReplyLocked(int(Hdr.From), Hdr.Token, Hdr.Id, Hdr.First, Hdr.Count);
  else
    Parked.push_back(
        {int(Hdr.From), Hdr.Id, Hdr.First, Hdr.Count, Hdr.Token});
}

void World::onReply(const ReplyHeader &Hdr, const void *Data, size_t Length) {
  {
    std::lock_guard<std::mutex> L(M);
    auto It = Requests.find(Hdr.Token);
    if (It == Requests.end())
      return;
    Request *R = It->second;
    if (Length == R->Length) {
      Remote.fill(R->Ptr, R->First, R->Count, Data);
      if (R->Values)
        std::memcpy(R->Values, Data, Length);
    }
    R->Done = true;
    Requests.erase(It);
  }
  Changed.notify_all();
}

void World::answerParkedLocked(uint32_t Id) {
  for (size_t I = 0; I < Parked.size();) {
    ParkedLoad &P = Parked[I];
    if (P.Id == Id && H.ready(P.Id, P.First, P.Count)) {
      queueReplyLocked(P.From, P.Token, P.Id, P.First, P.Count);
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
