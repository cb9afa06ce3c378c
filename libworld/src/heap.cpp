/// \file
/// World heap of one process (see heap.h).
#include "heap.h"
#include "prefault.h"

#include <cstdlib>
#include <cstring>

namespace orbis::world {
namespace {

/// The rank of a rank entry (Allocation::Writers): a writer, or one whose
/// data is being received in place, -(rank + 2).
int writerRank(int32_t Entry) { return Entry >= 0 ? Entry : -Entry - 2; }

/// "rank 2", or "rank 2 (gs.c:40)" where the place is known.
std::string writerText(int Rank, const SiteCode &Site) {
  std::string Place = describeSite(Site);
  return "rank " + std::to_string(Rank) + (Place.empty() ? "" : " (" + Place + ")");
}

} // namespace

std::string doubleWriteMessage(uint64_t Element, uint32_t Id, int First,
                               const SiteCode &FirstSite, int Second,
                               const SiteCode &SecondSite) {
  return "element " + std::to_string(Element) + " of allocation " +
         std::to_string(Id) + " was written by " +
         writerText(First, FirstSite) + " and again by " +
         writerText(Second, SecondSite);
}

int64_t Heap::entryOf(int32_t RankEntry, const SiteCode &Site) {
  uint32_t Index = 0;
  if (Site.known()) {
    auto [It, New] = SiteIndex.emplace(Site, uint32_t(Sites.size()));
    if (New)
      Sites.push_back(Site);
    Index = It->second;
  }
  return int64_t((uint64_t(Index) << 32) | uint32_t(RankEntry));
}

void Heap::decode(int64_t Entry, int &Rank, SiteCode &Site) const {
  Rank = writerRank(int32_t(uint32_t(uint64_t(Entry))));
  Site = Sites[size_t(uint64_t(Entry) >> 32)];
}

orbis_status_t Heap::create(int Rank, uint64_t Count, uint32_t ElemSize,
                            orbis_world_ptr_t &Out, uint32_t FixedId) {
  size_t Length = 0;
  if (!regionLengthChecked(Count, ElemSize, uint32_t(Rank), Length))
    return ORBIS_ERR_NO_MEMORY;
  SegmentPool::Piece Memory = Pool.allocate(Length);
  if (!Memory.Base)
    return ORBIS_ERR_NO_MEMORY;
  uint32_t Id = FixedId ? FixedId : NextId++;
  if (FixedId >= NextId)
    NextId = FixedId + 1; // fixed ids (the root) are never handed out again
  Allocation &A = Allocations[Id];
  A.Count = Count;
  A.ElemSize = ElemSize;
  A.Memory = Memory;
  // The header and the bitmap start zeroed (every element uninitialized).
  // The data is never read before it is written: its pages are only made
  // now (zeroed once, by the kernel), so that stores that come as messages
  // do not fault page by page while they are received.
  const size_t Data = dataOffset(Count, ElemSize, uint32_t(Rank));
  std::memset(A.Memory.Base, 0, Data);
  if (A.Memory.Fresh) // a spare segment's pages are all there already
    prefault(A.Memory.Base + Data, Length - Data);
  A.View = RegionView::of(A.Memory.Base, Count, ElemSize, uint32_t(Rank));
  A.View.Header->WakeAt.store(AnyElement, std::memory_order_relaxed);
  A.View.Header->Id.store(Id, std::memory_order_release);
  Out = orbis_world_ptr_t{uint32_t(Rank), Id, Count, ElemSize, 0};
  return ORBIS_OK;
}

orbis_status_t Heap::createAtomic(int Rank, uint64_t Count,
                                  orbis_world_ptr_t &P) {
  if (orbis_status_t S = create(Rank, Count, sizeof(int64_t), P))
    return S;
  Allocation &A = *find(P.id);
  std::memset(A.View.Data, 0, Count * sizeof(int64_t)); // they start at 0
  A.Atomic = true;
  A.Writers->assign(0, Count, entryOf(Rank, SiteCode()));
  A.View.publish(0, Count);
  P.flags = ORBIS_WORLD_ATOMIC;
  return ORBIS_OK;
}

orbis_status_t Heap::checkShape(const orbis_world_ptr_t &P, std::string &Why) {
  Allocation *A = find(P.id);
  if (!A) {
    Why = "allocation " + std::to_string(P.id) + " does not exist (freed?)";
    return ORBIS_ERR_UNKNOWN_ALLOCATION;
  }
  if (A->Count == P.count && A->ElemSize == P.elem_size &&
      A->Atomic == ((P.flags & ORBIS_WORLD_ATOMIC) != 0))
    return ORBIS_OK;
  Why = "the pointer says " + std::to_string(P.count) + " elements of " +
        std::to_string(P.elem_size) + " bytes" +
        (P.flags & ORBIS_WORLD_ATOMIC ? " (world integers)" : "") +
        ", allocation " + std::to_string(P.id) + " has " +
        std::to_string(A->Count) + " of " + std::to_string(A->ElemSize) +
        (A->Atomic ? " (world integers)" : "");
  return ORBIS_ERR_INVALID;
}

orbis_status_t Heap::atomicAdd(uint32_t Id, uint64_t Index, int64_t Delta,
                               int64_t &Old, std::string &Why) {
  if (orbis_status_t S = check(Id, Index, 1, Why))
    return S;
  Allocation &A = *find(Id);
  if (!A.Atomic) {
    Why = "allocation " + std::to_string(Id) + " does not hold world integers";
    return ORBIS_ERR_INVALID;
  }
  int64_t *Cell = reinterpret_cast<int64_t *>(A.View.Data) + Index;
  Old = *Cell;
  *Cell = int64_t(uint64_t(Old) + uint64_t(Delta));
  return ORBIS_OK;
}

void Heap::unmap(Allocation &A) {
  // A writer that still maps the region sees the id gone and asks the owner.
  A.View.Header->Id.store(0, std::memory_order_release);
  Pool.release(A.Memory);
  A.Memory = SegmentPool::Piece();
}

orbis_status_t Heap::release(uint32_t Id) {
  Allocation *A = find(Id);
  if (!A)
    return ORBIS_ERR_UNKNOWN_ALLOCATION;
  if (A->Pins) {
    // Forgotten now (every call on it fails), released at the last unpin.
    A->View.Header->Id.store(0, std::memory_order_release);
    Unreleased[Id] = {A->Memory, A->Pins};
    Allocations.erase(Id);
    return ORBIS_OK;
  }
  unmap(*A);
  Allocations.erase(Id);
  return ORBIS_OK;
}

void Heap::pin(uint32_t Id) {
  if (Allocation *A = find(Id))
    ++A->Pins;
}

bool Heap::unpin(uint32_t Id) {
  if (Allocation *A = find(Id)) {
    if (A->Pins)
      --A->Pins;
    return true;
  }
  auto It = Unreleased.find(Id);
  if (It == Unreleased.end())
    return false;
  if (--It->second.second == 0) {
    Pool.release(It->second.first);
    Unreleased.erase(It);
  }
  return true;
}

void Heap::releaseAll() {
  for (auto &[Id, A] : Allocations)
    unmap(A);
  Allocations.clear();
  for (auto &[Id, Left] : Unreleased)
    Pool.release(Left.first);
  Unreleased.clear();
  Pool.releaseAll();
}

Allocation *Heap::find(uint32_t Id) {
  auto It = Allocations.find(Id);
  return It == Allocations.end() ? nullptr : &It->second;
}

orbis_status_t Heap::check(uint32_t Id, uint64_t First, uint64_t Count,
                           std::string &Why) {
  Allocation *A = find(Id);
  if (!A) {
    Why = "allocation " + std::to_string(Id) + " does not exist (freed?)";
    return ORBIS_ERR_UNKNOWN_ALLOCATION;
  }
  if (First > A->Count || Count > A->Count - First) {
    Why = "elements [" + std::to_string(First) + ", " +
          std::to_string(First + Count) + ") are outside allocation " +
          std::to_string(Id) + " of " + std::to_string(A->Count) +
          " elements";
    return ORBIS_ERR_OUT_OF_BOUNDS;
  }
  return ORBIS_OK;
}

orbis_status_t Heap::store(uint32_t Id, uint64_t First, uint64_t Count,
                           const void *Values, int Writer,
                           const SiteCode &Site, std::string &Why) {
  if (orbis_status_t S = check(Id, First, Count, Why))
    return S;
  Allocation &A = *find(Id);
  if (A.Atomic) {
    Why = "allocation " + std::to_string(Id) +
          " holds world integers: they change only through atomic add";
    return ORBIS_ERR_INVALID;
  }
  if (orbis_status_t S =
          checkUnwritten(A, Id, First, Count, Writer, Site, Why))
    return S;
  // Values already in place (a staged tile that computed in the owner's
  // memory): only the bookkeeping.
  char *To = A.View.Data + First * A.ElemSize;
  if (static_cast<const void *>(To) != Values)
    std::memcpy(To, Values, Count * A.ElemSize);
  commit(Id, First, Count, Writer, Site);
  return ORBIS_OK;
}

orbis_status_t Heap::checkUnwritten(const Allocation &A, uint32_t Id,
                                    uint64_t First, uint64_t Count,
                                    int Writer, const SiteCode &Site,
                                    std::string &Why) {
  // Written through a message or a doorbell (the owner's record), or
  // straight into shared memory by a peer whose doorbell has not arrived
  // yet (only the bit says so).
  uint64_t I = 0;
  int64_t Entry = -1;
  std::lock_guard<std::mutex> W(A.Writers->Lock);
  bool Recorded =
      A.Writers->Record.firstOverlap(First, First + Count, I, Entry);
  int64_t Bit = A.View.firstWritten(First, Count);
  if (!Recorded && Bit < 0)
    return ORBIS_OK;
  if (Bit >= 0 && (!Recorded || uint64_t(Bit) < I)) {
    I = uint64_t(Bit);
    Entry = A.Writers->Record.at(I);
  }
  Conflict = {I, -1, SiteCode()};
  if (Entry != -1)
    decode(Entry, Conflict.Previous, Conflict.PreviousSite);
  if (Conflict.Previous >= 0)
    Why = doubleWriteMessage(I, Id, Conflict.Previous, Conflict.PreviousSite,
                             Writer, Site);
  else
    Why = "element " + std::to_string(I) + " of allocation " +
          std::to_string(Id) + " was written by a process on this "
          "host and again by " + writerText(Writer, Site);
  return ORBIS_ERR_DOUBLE_WRITE;
}

char *Heap::reserve(uint32_t Id, uint64_t First, uint64_t Count, int Writer,
                    const SiteCode &Site, std::string &Why,
                    orbis_status_t &Status) {
  Status = check(Id, First, Count, Why);
  if (Status)
    return nullptr;
  Allocation &A = *find(Id);
  if (A.Atomic) {
    Status = ORBIS_ERR_INVALID;
    Why = "allocation " + std::to_string(Id) +
          " holds world integers: they change only through atomic add";
    return nullptr;
  }
  Status = checkUnwritten(A, Id, First, Count, Writer, Site, Why);
  if (Status)
    return nullptr;
  A.Writers->assign(First, First + Count, entryOf(-(Writer + 2), Site));
  return A.View.Data + First * A.ElemSize;
}

void Heap::commit(uint32_t Id, uint64_t First, uint64_t Count, int Writer,
                  const SiteCode &Site) {
  Allocation &A = *find(Id);
  A.Writers->assign(First, First + Count, entryOf(Writer, Site));
  A.View.publish(First, Count);
}

orbis_status_t Heap::account(uint32_t Id, uint64_t First, uint64_t Count,
                             int Writer, const SiteCode &Site,
                             std::string &Why) {
  if (orbis_status_t S = check(Id, First, Count, Why))
    return S;
  Allocation &A = *find(Id);
  uint64_t I;
  int64_t Entry;
  std::lock_guard<std::mutex> W(A.Writers->Lock);
  if (A.Writers->Record.firstOverlap(First, First + Count, I, Entry)) {
    // Another writer's store or doorbell came first.
    Conflict = {I, -1, SiteCode()};
    decode(Entry, Conflict.Previous, Conflict.PreviousSite);
    Why = doubleWriteMessage(I, Id, Conflict.Previous, Conflict.PreviousSite,
                             Writer, Site);
    return ORBIS_ERR_DOUBLE_WRITE;
  }
  A.Writers->Record.assign(First, First + Count, entryOf(Writer, Site));
  return ORBIS_OK;
}

bool Heap::ready(uint32_t Id, uint64_t First, uint64_t Count) {
  uint64_t Next = First;
  return readyFrom(Id, Next, First + Count);
}

bool Heap::readyFrom(uint32_t Id, uint64_t &Next, uint64_t End) {
  Allocation *A = find(Id);
  return A && A->View.readyFrom(Next, End);
}

void Heap::copyOut(uint32_t Id, uint64_t First, uint64_t Count, void *Values) {
  Allocation &A = *find(Id);
  const char *From = A.View.Data + First * A.ElemSize;
  if (Values != From) // in place: nothing to copy
    std::memcpy(Values, From, Count * A.ElemSize);
}

} // namespace orbis::world
