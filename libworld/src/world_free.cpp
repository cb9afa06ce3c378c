/// \file
/// Freeing an allocation: the owner ends the waits of others on it, and
/// tells every process that may hold something of it (a mapping, cached
/// elements), which forgets it before the free returns. So a load after
/// the free (ordered by the program, e.g. by a barrier) finds nothing stale
/// and gets ORBIS_ERR_UNKNOWN_ALLOCATION, and freed memory is released in
/// every process, not at finalize. Any process may free an allocation: one
/// that does not own it asks the owner (MsgFree) and returns once the owner
/// has done the above: the consumer of a time step's grid frees it.
#include "world_impl.h"

namespace orbis::world {

orbis_status_t World::free(orbis_world_ptr_t P) {
  if (!Ready)
    return ORBIS_ERR_NOT_INITIALIZED;
  if (P.owner >= uint32_t(size()) || P.id == RootId)
    return ORBIS_ERR_INVALID;
  if (P.owner == uint32_t(rank()))
    return freeOwned(P);
  Request Req{nullptr, 0, P, 0, 0};
  Req.Cacheable = false;
  FreeHeader Hdr{uint32_t(rank()), P.id, 0, P.count, P.elem_size, P.flags};
  return ask(int(P.owner), MsgFree, Hdr, Req,
             WaitSite{"world free", P, 0, P.count});
}

void World::freeAsked() {
  std::vector<FreeHeader> Asked;
  {
    std::lock_guard<std::mutex> L(M);
    Asked.swap(FreeRequests);
  }
  for (const FreeHeader &H : Asked) {
    orbis_world_ptr_t P{uint32_t(rank()), H.Id, H.Count, H.ElemSize, H.Flags};
    orbis_status_t S = P.id == RootId ? ORBIS_ERR_INVALID : freeOwned(P);
    queueReply(int(H.From), H.Token, {}, S);
  }
  if (!Asked.empty())
    flushOutbox();
}

orbis_status_t World::freeOwned(const orbis_world_ptr_t &P) {
  std::vector<int> Tell;
  {
    std::lock_guard<std::mutex> L(M);
    if (orbis_status_t S = checkOwnShapeLocked(P))
      return S;
    const std::vector<bool> &Known = H.find(P.id)->KnownBy;
    for (size_t Rank = 0; Rank < Known.size(); ++Rank)
      if (Known[Rank])
        Tell.push_back(int(Rank));
    refuseWaitersLocked(P.id);
    if (orbis_status_t S = H.release(P.id))
      return S;
  }
  Changed.notify_all(); // this process's waiters see it gone
  flushOutbox();
  return Tell.empty() ? ORBIS_OK : tellFreed(P, Tell);
}

void World::knownByLocked(uint32_t Id, int From) {
  Allocation *A = H.find(Id);
  if (!A || From == rank() || From < 0 || From >= size())
    return;
  if (A->KnownBy.size() != size_t(size()))
    A->KnownBy.assign(size_t(size()), false);
  A->KnownBy[size_t(From)] = true;
}

void World::refuseWaitersLocked(uint32_t Id) {
  for (const ParkedLoads::Load &P : Parked.takeAll(Id))
    queueReply(P.From, P.Token, {}, ORBIS_ERR_UNKNOWN_ALLOCATION);
  for (LockTable::Grant Refused : Locks.drop(Id))
    answerLocked(Refused.Rank, Refused.Token, nullptr, 0,
                 ORBIS_ERR_UNKNOWN_ALLOCATION);
}

orbis_status_t World::tellFreed(const orbis_world_ptr_t &P,
                                const std::vector<int> &Ranks) {
  std::vector<Request> Acks(Ranks.size(), Request{nullptr, 0, P, 0, 0});
  std::vector<FreedHeader> Headers(Ranks.size());
  {
    std::lock_guard<std::mutex> L(M);
    for (size_t I = 0; I < Ranks.size(); ++I) {
      Acks[I].Cacheable = false;
      Headers[I] = FreedHeader{uint32_t(rank()), P.id, Requests.add(Acks[I])};
    }
  }
  orbis_status_t Status = ORBIS_OK;
  for (size_t I = 0; I < Ranks.size(); ++I)
    if (orbis_status_t S = send(Ranks[I], MsgFreed, &Headers[I],
                                sizeof Headers[I], nullptr, 0)) {
      std::lock_guard<std::mutex> L(M);
      Requests.drop(Headers[I].Token);
      Acks[I].Done = true;
      Status = S;
    }
  waitUntil(
      [&] {
        return std::all_of(Acks.begin(), Acks.end(),
                           [](const Request &R) { return R.Done; });
      },
      WaitSite{"world free", P, 0, P.count});
  return Status;
}

void World::onFreed(const FreedHeader &Hdr) {
  {
    std::lock_guard<std::mutex> L(M);
    Remote.forget(Hdr.From, Hdr.Id);
  }
  Peers.forget(Hdr.From, Hdr.Id);
  queueReply(int(Hdr.From), Hdr.Token, {});
  // Erased now if no thread of this process uses peer entries, otherwise
  // when the last one is done (PeerScope) or after the next progress round.
  reclaimPeers();
}

} // namespace orbis::world
