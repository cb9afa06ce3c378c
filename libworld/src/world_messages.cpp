/// \file
/// Incoming messages, dispatched by kind, and the outbox through which
/// receivers reply.
#include "world_impl.h"

namespace orbis::world {

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
      W->Probes.answer(P);
    }
    break;
  case MsgDeadlock:
    W->reportDeadlockAndStop();
  case MsgStore:
    if (HeaderLength == sizeof(StoreHeader))
      W->onStore(*static_cast<const StoreHeader *>(Header), Data, Length);
    break;
  case MsgLoad:
    if (HeaderLength == sizeof(LoadHeader))
      W->onLoad(*static_cast<const LoadHeader *>(Header));
    break;
  case MsgLoadRuns:
    if (HeaderLength == sizeof(LoadHeader))
      W->onLoadRuns(*static_cast<const LoadHeader *>(Header), Data, Length);
    break;
  case MsgDescribe:
    if (HeaderLength == sizeof(LoadHeader))
      W->onDescribe(*static_cast<const LoadHeader *>(Header));
    break;
  case MsgStored:
    if (HeaderLength == sizeof(StoredHeader))
      W->onStored(*static_cast<const StoredHeader *>(Header), Data, Length);
    break;
  case MsgFree:
    if (HeaderLength == sizeof(FreeHeader))
      W->onFree(*static_cast<const FreeHeader *>(Header));
    break;
  case MsgFreed:
    if (HeaderLength == sizeof(FreedHeader))
      W->onFreed(*static_cast<const FreedHeader *>(Header));
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

void World::answerLocked(int To, uint64_t Token, const void *Data,
                         size_t Length, orbis_status_t Status) {
  if (To == rank()) {
    if (Request *R = Requests.take(Token))
      R->complete(Status, Data, Length);
    return;
  }
  queueReply(To, Token,
             std::vector<char>(static_cast<const char *>(Data),
                               static_cast<const char *>(Data) + Length),
             Status);
}

void World::queueReply(int To, uint64_t Token, std::vector<char> Data,
                       orbis_status_t Status) {
  ReplyHeader Hdr{Token, int32_t(Status), 0};
  Outgoing Out{To, MsgReply,
               std::vector<char>(reinterpret_cast<char *>(&Hdr),
                                 reinterpret_cast<char *>(&Hdr) + sizeof Hdr),
               std::move(Data)};
  Queue.push(std::move(Out));
}

void World::flushOutbox() {
  for (Outgoing &Out : Queue.take())
    if (send(Out.Peer, Out.Id, Out.Header.data(), Out.Header.size(),
             Out.Data.data(), Out.Data.size()))
      fatal("world reply", Out.Peer, "cannot send the reply");
}

} // namespace orbis::world
