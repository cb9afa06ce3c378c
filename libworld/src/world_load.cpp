/// \file
/// Loads and waits: of this process's memory, of a peer's mapped region,
/// or by a request that the owner answers at once or parks.
#include "world_impl.h"

#include <deque>

namespace orbis::world {

orbis_status_t World::askOwner(const orbis_world_ptr_t &P, uint64_t First,
                               uint64_t Count, void *Values) {
  Request Req{Values, size_t(Count * P.elem_size), P, First, Count};
  Req.Cacheable = !(P.flags & ORBIS_WORLD_ATOMIC);
  LoadHeader Hdr{uint32_t(rank()), P.id, First, Count, 0};
  // A small load reads ahead to the end of its cache block: what is
  // initialized there comes with the answer (elements one by one over TCP
  // cost a round trip each, 46-55 us).
  if (Values && Req.Cacheable && P.elem_size > 0 &&
      Count * P.elem_size < Cache::BlockBytes) {
    uint64_t PerBlock = Cache::BlockBytes / P.elem_size;
    uint64_t BlockEnd = ((First + Count - 1) / PerBlock + 1) * PerBlock;
    Req.Ahead = Hdr.Ahead = BlockEnd - (First + Count);
  }
  return ask(int(P.owner), MsgLoad, Hdr, Req,
             WaitSite{Values ? "world load" : "world wait", P, First, Count});
}

orbis_status_t World::load(orbis_world_ptr_t P, uint64_t First,
                           uint64_t Count, void *Values) {
  if (orbis_status_t S = checkRangeArgs(P, First, Count))
    return S;
  if (int(P.owner) == rank())
    return waitLocal(P, First, Count, Values);
  PeerScope Using(*this);
  const PeerAllocation *Mapped = nullptr;
  if (orbis_status_t S = checkPeerShape(P, Mapped))
    return S;
  if (Mapped) {
    uint64_t Direct = 0;
    orbis_status_t S = loadMapped(P, *Mapped, First, Count, Values, Direct);
    MappedReads += Direct;
    return S;
  }
  {
    // Only data that came as a message is cached.
    std::lock_guard<std::mutex> L(M);
    if (!(P.flags & ORBIS_WORLD_ATOMIC) &&
        Remote.lookup(P, First, Count, Values)) {
      ++CacheHits;
      return ORBIS_OK;
    }
  }
  return askOwner(P, First, Count, Values);
}

orbis_status_t World::loadMapped(const orbis_world_ptr_t &P,
                                 const PeerAllocation &A, uint64_t First,
                                 uint64_t Count, void *Values,
                                 uint64_t &Direct) {
  // On the owner's host, read its memory without the world lock: spin on
  // the bits, and ask the owner (which parks the request) only if they stay
  // unset. In place (a staged tile reading the owner's memory mapped here,
  // readableData) the answer is waited for only, nothing copied onto
  // itself.
  uint64_t Next = First;
  if (spinOn(A.View, Next, First + Count, true)) {
    copyUnlessInPlace(Values, A.View.Data + First * A.ElemSize,
                      Count * A.ElemSize);
    ++Direct;
    return ORBIS_OK;
  }
  if (Values == A.View.Data + First * A.ElemSize)
    Values = nullptr;
  return askOwner(P, First, Count, Values);
}

orbis_status_t World::loadRuns(orbis_world_ptr_t P, const BoxRun *Runs,
                               size_t Count, unsigned char *Out) {
  auto Dest = [&](const BoxRun &R) {
    return Out ? Out + R.offset * P.elem_size : nullptr;
  };
  for (size_t I = 0; I < Count; ++I)
    if (orbis_status_t S = checkRangeArgs(P, Runs[I].index, Runs[I].count))
      return S;
  // Mine, atomic, or on this host: each run as a load (no round trip).
  bool Far = int(P.owner) != rank() && !(P.flags & ORBIS_WORLD_ATOMIC);
  PeerScope Using(*this);
  const PeerAllocation *Mapped = nullptr;
  if (Far) {
    if (orbis_status_t S = checkPeerShape(P, Mapped))
      return S;
    Far = !Mapped;
  }
  if (!Far && int(P.owner) == rank() && !(P.flags & ORBIS_WORLD_ATOMIC))
    return waitLocalRuns(P, Runs, Count, Out);
  if (Mapped) {
    // On the owner's host each run as load() reads it, without the world
    // lock, which the threads of a process would otherwise take once per
    // row of every tile (and the statistics' counter once per box).
    uint64_t Direct = 0;
    orbis_status_t S = ORBIS_OK;
    for (size_t I = 0; I < Count && S == ORBIS_OK; ++I)
      S = loadMapped(P, *Mapped, Runs[I].index, Runs[I].count, Dest(Runs[I]),
                     Direct);
    MappedReads += Direct;
    return S;
  }
  if (!Far) {
    for (size_t I = 0; I < Count; ++I)
      if (orbis_status_t S = load(P, Runs[I].index, Runs[I].count,
                                  Dest(Runs[I])))
        return S;
    return ORBIS_OK;
  }
  // The runs the cache does not hold are asked for in one message, one
  // reply (a staged tile's rows over TCP: one round trip and one transfer,
  // not one per row).
  std::vector<BoxRun> Missing;
  {
    std::lock_guard<std::mutex> L(M);
    for (size_t I = 0; I < Count; ++I) {
      const BoxRun &R = Runs[I];
      if (Remote.lookup(P, R.index, R.count, Dest(R)))
        ++CacheHits;
      else
        Missing.push_back(R);
    }
  }
  if (Missing.size() > 1)
    return loadRunsAtOnce(P, Missing, Out);
  std::deque<Request> Asked;
  std::vector<LoadHeader> Headers;
  {
    std::lock_guard<std::mutex> L(M);
    for (const BoxRun &R : Missing) {
      Asked.push_back(Request{Dest(R), size_t(R.count * P.elem_size), P,
                              R.index, R.count});
      Headers.push_back(LoadHeader{uint32_t(rank()), P.id, R.index, R.count,
                                   Requests.add(Asked.back())});
    }
  }
  orbis_status_t Status = ORBIS_OK;
  size_t SentCount = 0;
  for (; SentCount < Headers.size(); ++SentCount)
    if ((Status = send(int(P.owner), MsgLoad, &Headers[SentCount],
                       sizeof(LoadHeader), nullptr, 0)))
      break;
  {
    // What was not sent is never answered.
    std::lock_guard<std::mutex> L(M);
    for (size_t I = SentCount; I < Headers.size(); ++I)
      Requests.drop(Headers[I].Token);
  }
  uint64_t Last = Count ? Runs[Count - 1].index + Runs[Count - 1].count : 0;
  WaitSite Site{Out ? "world load" : "world wait", P, Count ? Runs[0].index : 0,
                Count ? Last - Runs[0].index : 0};
  waitUntil(
      [&] {
        for (size_t I = 0; I < SentCount; ++I)
          if (!Asked[I].Done)
            return false;
        return true;
      },
      Site);
  for (size_t I = 0; I < SentCount && !Status; ++I)
    Status = Asked[I].Status;
  return Status;
}

orbis_status_t World::waitLocalRuns(orbis_world_ptr_t P, const BoxRun *Runs,
                                    size_t Count, unsigned char *Out) {
  RegionView View;
  {
    std::lock_guard<std::mutex> L(M);
    if (orbis_status_t S = checkOwnShapeLocked(P))
      return S;
    std::string Why;
    for (size_t I = 0; I < Count; ++I)
      if (orbis_status_t S = H.check(P.id, Runs[I].index, Runs[I].count, Why))
        return failWith(S, Why);
    View = H.find(P.id)->View;
  }
  for (size_t I = 0; I < Count; ++I) {
    const BoxRun &R = Runs[I];
    unsigned char *To = Out ? Out + R.offset * P.elem_size : nullptr;
    uint64_t Next = R.index;
    if (!View.readyFrom(Next, R.index + R.count)) {
      if (orbis_status_t S = waitLocal(P, R.index, R.count, To))
        return S;
      continue;
    }
    copyUnlessInPlace(To, View.Data + R.index * P.elem_size,
                      R.count * P.elem_size);
  }
  return ORBIS_OK;
}

orbis_status_t World::loadRunsAtOnce(orbis_world_ptr_t P,
                                     const std::vector<BoxRun> &Runs,
                                     unsigned char *Out) {
  std::vector<ParkedLoads::Run> Specs;
  uint64_t Elements = 0;
  for (const BoxRun &R : Runs) {
    Specs.push_back({R.index, R.count});
    Elements += R.count;
  }
  // Kept from tile to tile: a box of a few hundred KiB, allocated and freed
  // each time, would be mapped and faulted in each time.
  thread_local std::vector<unsigned char> Packed;
  Packed.resize(Elements * P.elem_size);
  Request Req{Packed.data(), Packed.size(), P, Runs[0].index, Elements};
  // Not cached: a staged tile's box is read once, but for a halo row or
  // column, and caching it would hold another copy of the whole array
  // (filled page by page, then dropped when the array is freed).
  Req.Cacheable = false;
  LoadHeader Hdr{uint32_t(rank()), P.id, Runs[0].index, Elements, 0};
  {
    std::lock_guard<std::mutex> L(M);
    Hdr.Token = Requests.add(Req);
  }
  orbis_status_t Status =
      send(int(P.owner), MsgLoadRuns, &Hdr, sizeof Hdr, Specs.data(),
           Specs.size() * sizeof(ParkedLoads::Run));
  if (Status) {
    std::lock_guard<std::mutex> L(M);
    Requests.drop(Hdr.Token);
    return Status;
  }
  const BoxRun &Last = Runs.back();
  waitUntil([&] { return Req.Done; },
            WaitSite{Out ? "world load" : "world wait", P, Runs[0].index,
                     Last.index + Last.count - Runs[0].index});
  if (Req.Status)
    return Req.Status;
  const unsigned char *From = Packed.data();
  for (const BoxRun &R : Runs) {
    const size_t Bytes = R.count * P.elem_size;
    if (Out)
      std::memcpy(Out + R.offset * P.elem_size, From, Bytes);
    From += Bytes;
  }
  return ORBIS_OK;
}

bool World::spinOn(const RegionView &View, uint64_t &Next, uint64_t End,
                   bool Direct) {
  // Progressing costs a round trip through UCX's transports (about 0.1 us
  // on shared memory): every round only while data can come as messages.
  unsigned Every = Direct ? 16 : 1;
  bool Done = View.readyFrom(Next, End);
  for (unsigned Round = 1; !Done && Round < Wait.SpinRounds; ++Round) {
    if (Net.active() && Round % Every == 0) {
      Net.progress();
      flushOutbox();
      ringDoorbells();
    } else {
      relax();
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
    if (orbis_status_t S = checkOwnShapeLocked(P))
      return S;
    if (orbis_status_t S = H.check(P.id, First, Count, Why))
      return failWith(S, Why);
    View = H.find(P.id)->View;
  }
  uint64_t Next = First;
  bool Done = spinOn(View, Next, First + Count,
                     View.Header->MappedByPeer.load(std::memory_order_relaxed));
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
  // In place (a staged tile computing in the owner's memory): waited only.
  if (Status == ORBIS_OK)
    copyUnlessInPlace(Values, View.Data + First * P.elem_size,
                      Count * P.elem_size);
  return Status;
}

char *World::localData(orbis_world_ptr_t P, uint64_t &Count) {
  if (!Ready || int(P.owner) != rank() || (P.flags & ORBIS_WORLD_ATOMIC))
    return nullptr;
  std::lock_guard<std::mutex> L(M);
  std::string Why;
  Allocation *A = H.find(P.id);
  if (!A || H.checkShape(P, Why) != ORBIS_OK)
    return nullptr;
  Count = A->Count;
  H.pin(P.id);
  return A->View.Data;
}

void World::localDone(orbis_world_ptr_t P) {
  if (!Ready || int(P.owner) != rank())
    return;
  std::lock_guard<std::mutex> L(M);
  H.unpin(P.id);
}

namespace {
/// The other processes' allocations this thread reads in place
/// (readableData), each until its readableDone.
thread_local std::vector<std::pair<uint32_t, uint32_t>> ReadingInPlace;
} // namespace

char *World::readableData(orbis_world_ptr_t P, uint64_t &Count) {
  // A pointer made up (an owner that is no rank) has no frame.
  if (checkRangeArgs(P, 0, 0) != ORBIS_OK)
    return nullptr;
  if (int(P.owner) == rank())
    return localData(P, Count);
  if (!Ready || (P.flags & ORBIS_WORLD_ATOMIC))
    return nullptr;
  // Entered until readableDone: the mapping is not reclaimed meanwhile.
  Peers.enter();
  const PeerAllocation *Mapped = nullptr;
  if (checkPeerShape(P, Mapped) != ORBIS_OK || !Mapped) {
    if (Peers.leave())
      reclaimPeers();
    return nullptr;
  }
  ReadingInPlace.push_back({P.owner, P.id});
  Count = Mapped->Count;
  return Mapped->View.Data;
}

orbis_status_t World::readableDone(orbis_world_ptr_t P) {
  if (int(P.owner) == rank()) {
    localDone(P);
    return ORBIS_OK;
  }
  if (!Ready)
    return ORBIS_ERR_NOT_INITIALIZED;
  // Only what this thread began: another leave would let the mappings of
  // threads still reading go.
  auto Began = std::find(ReadingInPlace.begin(), ReadingInPlace.end(),
                         std::make_pair(P.owner, P.id));
  if (Began == ReadingInPlace.end())
    return failWith(ORBIS_ERR_INVALID,
                    "allocation " + std::to_string(P.id) + " of rank " +
                        std::to_string(P.owner) +
                        " is not read in place by this thread "
                        "(orbis_world_read_frame)");
  ReadingInPlace.erase(Began);
  // The owner clears the id when it frees the allocation, before its
  // memory can serve another one (Heap::unmap).
  const PeerAllocation *A = Peers.find(P.owner, P.id);
  bool Alive = A && A->Mapped &&
               A->View.Header->Id.load(std::memory_order_acquire) == P.id;
  if (Peers.leave())
    reclaimPeers();
  return Alive ? ORBIS_OK
               : failWith(ORBIS_ERR_UNKNOWN_ALLOCATION,
                          "rank " + std::to_string(P.owner) +
                              " freed the allocation while this tile read "
                              "it in place");
}

void World::onLoad(const LoadHeader &Hdr) {
  std::lock_guard<std::mutex> L(M);
  std::string Why;
  // The requester gets the status (freed, outside the allocation), as for
  // a load of its own memory.
  if (orbis_status_t S = H.check(Hdr.Id, Hdr.First, Hdr.Count, Why)) {
    queueReply(int(Hdr.From), Hdr.Token, {}, S);
    return;
  }
  knownByLocked(Hdr.Id, int(Hdr.From)); // it caches what it gets
  if (H.ready(Hdr.Id, Hdr.First, Hdr.Count)) {
    // With what is initialized right after it, up to what was asked for
    // ahead (and the allocation's end).
    uint64_t End = Hdr.First + Hdr.Count;
    uint64_t Limit = std::min(End + Hdr.Ahead, H.find(Hdr.Id)->Count);
    if (Hdr.Ahead && Limit > End)
      H.readyFrom(Hdr.Id, End, Limit);
    queueReplyLocked(int(Hdr.From), Hdr.Token, Hdr.Id, Hdr.First,
                     End - Hdr.First);
    return;
  }
  // Parked: peers writing straight into the region now ring the doorbell.
  // Checked again after that, for a store that came in meanwhile.
  H.find(Hdr.Id)->View.watch(AnyElement);
  Parked.park({int(Hdr.From), Hdr.Id, Hdr.First, Hdr.Count, Hdr.Token,
               Hdr.First});
  answerParkedLocked(Hdr.Id);
}

void World::onReply(const ReplyHeader &Hdr, const void *Data, size_t Length) {
  {
    std::lock_guard<std::mutex> L(M);
    Request *R = Requests.take(Hdr.Token);
    if (!R)
      return;
    if (R->complete(orbis_status_t(Hdr.Status), Data, Length) && R->Cacheable)
      Remote.fill(R->Ptr, R->First,
                  R->Count ? R->Got / (R->Length / R->Count) : 0, Data);
  }
  Changed.notify_all();
}

void World::onLoadRuns(const LoadHeader &Hdr, const void *Data,
                       size_t Length) {
  std::lock_guard<std::mutex> L(M);
  ParkedLoads::Load Load{int(Hdr.From), Hdr.Id, Hdr.First, Hdr.Count,
                         Hdr.Token, Hdr.First};
  const size_t N = Length / sizeof(ParkedLoads::Run);
  if (N == 0 || Length % sizeof(ParkedLoads::Run)) {
    queueReply(int(Hdr.From), Hdr.Token, {}, ORBIS_ERR_INVALID);
    return;
  }
  Load.Runs.resize(N);
  std::memcpy(Load.Runs.data(), Data, Length);
  uint64_t Elements = 0;
  std::string Why;
  for (const ParkedLoads::Run &R : Load.Runs) {
    if (orbis_status_t S = H.check(Hdr.Id, R.First, R.Count, Why)) {
      queueReply(int(Hdr.From), Hdr.Token, {}, S);
      return;
    }
    Elements += R.Count;
  }
  if (Elements != Hdr.Count || Load.Runs[0].First != Hdr.First) {
    queueReply(int(Hdr.From), Hdr.Token, {}, ORBIS_ERR_INVALID);
    return;
  }
  knownByLocked(Hdr.Id, int(Hdr.From)); // it caches what it gets
  if (parkedReadyLocked(Load)) {
    replyParkedLocked(Load);
    return;
  }
  // Parked as a load of one range is (onLoad).
  H.find(Hdr.Id)->View.watch(AnyElement);
  Parked.park(std::move(Load));
  answerParkedLocked(Hdr.Id);
}

bool World::parkedReadyLocked(ParkedLoads::Load &P) {
  if (P.Runs.empty())
    return H.readyFrom(P.Id, P.Next, P.First + P.Count);
  for (; P.At < P.Runs.size(); ++P.At) {
    const ParkedLoads::Run &R = P.Runs[P.At];
    if (P.Next < R.First)
      P.Next = R.First;
    if (!H.readyFrom(P.Id, P.Next, R.First + R.Count))
      return false;
  }
  return true;
}

void World::replyParkedLocked(const ParkedLoads::Load &P) {
  if (P.Runs.empty()) {
    queueReplyLocked(P.From, P.Token, P.Id, P.First, P.Count);
    return;
  }
  const size_t Size = H.find(P.Id)->ElemSize;
  std::vector<char> Data(P.Count * Size);
  size_t At = 0;
  for (const ParkedLoads::Run &R : P.Runs) {
    H.copyOut(P.Id, R.First, R.Count, Data.data() + At);
    At += R.Count * Size;
  }
  queueReply(P.From, P.Token, std::move(Data));
}

void World::answerParkedLocked(uint32_t Id) {
  auto Ready = [&](ParkedLoads::Load &P) { return parkedReadyLocked(P); };
  for (const ParkedLoads::Load &P : Parked.takeReady(Id, Ready)) {
    replyParkedLocked(P);
    H.find(Id)->View.unwatch();
  }
}

void World::queueReplyLocked(int Peer, uint64_t Token, uint32_t Id,
                             uint64_t First, uint64_t Count) {
  std::vector<char> Data(Count * H.find(Id)->ElemSize);
  H.copyOut(Id, First, Count, Data.data());
  queueReply(Peer, Token, std::move(Data));
}

} // namespace orbis::world
