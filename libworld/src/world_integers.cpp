/// \file
/// World integers: remote atomic add and the world locks they hold.
#include "world_impl.h"

namespace orbis::world {

orbis_status_t World::mallocAtomic(uint64_t Count, orbis_world_ptr_t *Out) {
  if (!Ready)
    return ORBIS_ERR_NOT_INITIALIZED;
  if (!Out || Count == 0)
    return ORBIS_ERR_INVALID;
  std::lock_guard<std::mutex> L(M);
  return H.createAtomic(rank(), Count, *Out);
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
  return ask(int(P.owner), Msg, Hdr, Req,
             WaitSite{Msg == MsgLock ? "world lock" : "world atomic add", P,
                      Index, 1});
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
    if (orbis_status_t S = checkOwnShapeLocked(P))
      return S;
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
    if (orbis_status_t S = checkOwnShapeLocked(P))
      return S;
    if (orbis_status_t S = checkIntegerLocked(P.id, Index, Why))
      return S;
    uint64_t Token = Requests.add(Req);
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
    if (orbis_status_t S = checkOwnShapeLocked(P))
      return S;
    unlockLocked(P.id, Index, rank());
  }
  Changed.notify_all();
  flushOutbox();
  return ORBIS_OK;
}

void World::lockLocked(uint32_t Id, uint64_t Index, int From, uint64_t Token) {
  if (auto Grant = Locks.acquire(Id, Index, From, Token))
    answerLocked(Grant->Rank, Grant->Token, nullptr, 0);
}

void World::unlockLocked(uint32_t Id, uint64_t Index, int From) {
  std::optional<LockTable::Grant> Next;
  std::string Why;
  if (!Locks.release(Id, Index, From, Next, Why))
    fatal("world unlock", From, Why);
  if (Next)
    answerLocked(Next->Rank, Next->Token, nullptr, 0);
}

void World::onElementOp(unsigned Id, const ElementOpHeader &Hdr) {
  {
    std::lock_guard<std::mutex> L(M);
    std::string Why;
    const char *Call = Id == MsgAtomicAdd ? "world atomic add"
                       : Id == MsgLock    ? "world lock"
                                          : "world unlock";
    if (orbis_status_t S = checkIntegerLocked(Hdr.Id, Hdr.Index, Why)) {
      // An unlock has nobody waiting for an answer: it stops the job.
      if (Id == MsgUnlock)
        fatal(Call, int(Hdr.From), Why);
      answerLocked(int(Hdr.From), Hdr.Token, nullptr, 0, S);
      return;
    }
    if (Id == MsgAtomicAdd) {
      int64_t Old = 0;
      H.atomicAdd(Hdr.Id, Hdr.Index, Hdr.Value, Old, Why);
      answerLocked(int(Hdr.From), Hdr.Token, &Old, sizeof Old);
    } else if (Id == MsgLock) {
      lockLocked(Hdr.Id, Hdr.Index, int(Hdr.From), Hdr.Token);
    } else {
      unlockLocked(Hdr.Id, Hdr.Index, int(Hdr.From));
    }
  }
  Changed.notify_all();
}

} // namespace orbis::world
