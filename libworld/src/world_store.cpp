/// \file
/// Stores: into this process's heap, straight into a peer's mapped region
/// (with doorbells to its owner), or as messages; and the owner's side of
/// them.
#include "prefault.h"
#include "world_impl.h"

namespace orbis::world {

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
    const SiteCode Mine = callerSite();
    uint64_t Element = 0;
    {
      std::lock_guard<std::mutex> L(M);
      if (orbis_status_t Shape = checkOwnShapeLocked(P))
        return Shape;
      S = H.store(P.id, First, Count, Values, rank(), Mine, Why);
      if (S == ORBIS_OK)
        answerParkedLocked(P.id);
      Unnamed = S == ORBIS_ERR_DOUBLE_WRITE && H.Conflict.Previous < 0;
      Element = H.Conflict.Element;
      if (Unnamed)
        conflictLocked(P.id, rank(), Mine);
    }
    if (Unnamed) {
      // A peer on this host wrote the element first and has not told this
      // process yet: it is asked for its doorbells (conflictLocked), which
      // name it (onStored). The store fails the same way as when the
      // doorbell came first, naming both writers.
      flushOutbox();
      int Previous = -1;
      SiteCode PreviousSite;
      waitUntil(
          [&] {
            for (auto It = Conflicts.begin(); It != Conflicts.end(); ++It)
              if (It->Id == P.id && It->Element == Element &&
                  It->From == rank() && It->First >= 0) {
                Previous = It->First;
                PreviousSite = It->FirstSite;
                Conflicts.erase(It);
                return true;
              }
            return false;
          },
          WaitSite{"world store", P, First, Count});
      Why = doubleWriteMessage(Element, P.id, Previous, PreviousSite, rank(),
                               Mine);
    }
    // Returned, not printed: the caller decides (the C++ layer stops the
    // program with the detail).
    if (S)
      return failWith(S, Why);
    Changed.notify_all();
    flushOutbox();
    return ORBIS_OK;
  }
  PeerScope Using(*this);
  const PeerAllocation *Mapped = nullptr;
  if (orbis_status_t S = checkPeerShape(P, Mapped))
    return S;
  if (const PeerAllocation *A = Mapped) {
    if (A->View.firstWritten(First, Count) < 0)
      return storeMapped(P, *A, First, Count, Values);
    // A second write: the owner names both writers, and stops the job.
    // It hears first of this process's own stores not told yet.
    ringDoorbells(int(P.owner));
  }
  // Large stores are posted: copied, then sent while the caller goes on, so
  // that the stores of a tile row follow each other without waiting for
  // the owner.
  StoreHeader Hdr{uint32_t(rank()), P.id, First, Count, callerSite()};
  size_t Bytes = Count * P.elem_size;
  return send(int(P.owner), MsgStore, &Hdr, sizeof Hdr, Values, Bytes,
              Bytes >= PostedStoreSize && Bytes <= PostedStoreLimit);
}

orbis_status_t World::storeRuns(orbis_world_ptr_t P, const BoxRun *Runs,
                                size_t Count, const unsigned char *Buf) {
  auto From = [&](const BoxRun &R) { return Buf + R.offset * P.elem_size; };
  if (!Ready || int(P.owner) != rank() || (P.flags & ORBIS_WORLD_ATOMIC)) {
    for (size_t I = 0; I < Count; ++I)
      if (orbis_status_t S = store(P, Runs[I].index, Runs[I].count,
                                   From(Runs[I])))
        return S;
    return ORBIS_OK;
  }
  for (size_t I = 0; I < Count; ++I)
    if (orbis_status_t S = checkRangeArgs(P, Runs[I].index, Runs[I].count))
      return S;
  return storeOwnBox(P, Runs, Count, Buf);
}

orbis_status_t World::checkPeerShape(const orbis_world_ptr_t &P,
                                     const PeerAllocation *&Mapped) {
  Mapped = nullptr;
  const PeerAllocation *A = peerAllocation(P);
  // Unknown to its owner (freed, or never made): the message path has the
  // owner say so.
  if (!A)
    return ORBIS_OK;
  if (A->Count != P.count || A->ElemSize != P.elem_size ||
      A->Atomic != ((P.flags & ORBIS_WORLD_ATOMIC) != 0))
    return failWith(ORBIS_ERR_INVALID,
                    "the pointer says " + std::to_string(P.count) +
                        " elements of " + std::to_string(P.elem_size) +
                        " bytes, allocation " + std::to_string(P.id) +
                        " of rank " + std::to_string(P.owner) + " has " +
                        std::to_string(A->Count) + " of " +
                        std::to_string(A->ElemSize) +
                        (A->Atomic ? " (world integers)" : ""));
  if (A->Mapped && A->View.Header->Id.load(std::memory_order_acquire) == P.id)
    Mapped = A;
  return ORBIS_OK;
}

orbis_status_t World::checkOwnShapeLocked(const orbis_world_ptr_t &P) {
  std::string Why;
  orbis_status_t S = H.checkShape(P, Why);
  return S ? failWith(S, Why) : S;
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
  if (ask(int(P.owner), MsgDescribe, Hdr, Req,
          WaitSite{"world store", P, 0, 0}))
    return nullptr;
  DescribeReply D;
  if (Req.Got < sizeof D)
    return nullptr;
  std::memcpy(&D, Answer.data(), sizeof D);
  if (D.Count == 0)
    return nullptr; // unknown allocation: the message path reports it
  PeerAllocation A;
  A.Count = D.Count;
  A.ElemSize = D.ElemSize;
  A.Atomic = D.Atomic != 0;
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
      // A segment mapped here before (an idle one the owner reused) has
      // its page tables made: filling them again costs a walk of them all.
      if (!Known)
        prefault(Local, regionLength(D.Count, D.ElemSize, P.owner));
      A.Mapped = true;
      A.Segment = D.Segment;
      A.View = RegionView::of(Local, D.Count, D.ElemSize, P.owner);
      A.View.Header->MappedByPeer.store(1, std::memory_order_relaxed);
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
  if (Peers.ring(P.owner, StoredRange{P.id, 0, First, Count, callerSite()}) ||
      Watched)
    ringDoorbells(int(P.owner));
  return ORBIS_OK;
}

void World::conflictLocked(uint32_t Id, int From, const SiteCode &Site) {
  Conflicts.push_back({Id, H.Conflict.Element, From, Site});
  for (int Peer = 0; Peer < size(); ++Peer)
    if (Peer != rank())
      Queue.push(Outgoing{Peer, MsgFlush, {}, {}});
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
  char *Dest = W->H.reserve(Hdr.Id, Hdr.First, Hdr.Count, int(Hdr.From),
                            Hdr.Site, Why,
                            Status);
  if (!Dest && (Status != ORBIS_ERR_DOUBLE_WRITE ||
                W->H.Conflict.Previous >= 0))
    W->fatal("world store", int(Hdr.From), Why);
  return Dest; // null: onStore finds the same conflict
}

void World::onStore(const StoreHeader &Hdr, const void *Data, size_t Length) {
  std::string Why;
  {
    std::lock_guard<std::mutex> L(M);
    Allocation *A = H.find(Hdr.Id);
    // The sender checked its pointer against the allocation: a length
    // that does not match is a made-up message, never copied.
    if (A && (Hdr.Count > A->Count || Length != Hdr.Count * A->ElemSize))
      fatal("world store", int(Hdr.From),
            std::to_string(Length) + " bytes for " +
                std::to_string(Hdr.Count) + " elements of allocation " +
                std::to_string(Hdr.Id) + " (" +
                std::to_string(A->ElemSize) + " bytes each)");
    if (!A) {
      // Stores come as messages that nobody answers: the owner names the
      // writer's place and elements, as the writer would have.
      std::string Place = describeSite(Hdr.Site);
      fatal("world store", int(Hdr.From),
            (Place.empty() ? std::string() : "at " + Place + ": ") +
                (Hdr.Count == 1 ? "element " + std::to_string(Hdr.First)
                                : "elements " + std::to_string(Hdr.First) +
                                      " to " +
                                      std::to_string(Hdr.First + Hdr.Count - 1)) +
                " of allocation " + std::to_string(Hdr.Id) + " of rank " +
                std::to_string(rank()) +
                ": unknown allocation (freed, or never allocated)");
    }
    bool InPlace = A && Hdr.First < A->Count &&
                   Data == A->View.Data + Hdr.First * A->ElemSize;
    if (InPlace) {
      H.commit(Hdr.Id, Hdr.First, Hdr.Count, int(Hdr.From), Hdr.Site);
    } else if (orbis_status_t S = H.store(Hdr.Id, Hdr.First, Hdr.Count, Data,
                                          int(Hdr.From), Hdr.Site, Why)) {
      if (S != ORBIS_ERR_DOUBLE_WRITE || H.Conflict.Previous >= 0)
        fatal("world store", int(Hdr.From), Why);
      conflictLocked(Hdr.Id, int(Hdr.From), Hdr.Site);
      return;
    }
    answerParkedLocked(Hdr.Id);
  }
  Changed.notify_all();
}

void World::onDescribe(const LoadHeader &Hdr) {
  std::vector<char> Answer(sizeof(DescribeReply));
  DescribeReply D{0, 0, 0, 0, 0, 0, 0, 0};
  {
    std::lock_guard<std::mutex> L(M);
    if (Allocation *A = H.find(Hdr.Id)) {
      knownByLocked(Hdr.Id, int(Hdr.From));
      D.Count = A->Count;
      D.ElemSize = A->ElemSize;
      D.Atomic = A->Atomic;
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
      if (H.account(R.Id, R.First, R.Count, int(Hdr.From), R.Site, Why))
        fatal("world store", int(Hdr.From), Why);
      for (UnnamedConflict &C : Conflicts)
        if (C.Id == R.Id && C.Element >= R.First &&
            C.Element - R.First < R.Count) {
          // This process's own store waits for the name (World::store);
          // a peer's store, sent as a message, has nobody to return to.
          if (C.From == rank()) {
            C.First = int(Hdr.From);
            C.FirstSite = R.Site;
          } else {
            fatal("world store", C.From,
                  doubleWriteMessage(C.Element, C.Id, int(Hdr.From), R.Site,
                                     C.From, C.Site));
          }
        }
      answerParkedLocked(R.Id);
    }
  }
  Changed.notify_all();
}

} // namespace orbis::world
