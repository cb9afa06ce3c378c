/// \file
/// What this process knows about other processes' allocations that it
/// writes: whether the owner's region is mapped here (same host, shared
/// memory) and where, so that stores go straight into it; and the notices
/// (doorbells) of such stores that the owner has not been sent yet.
///
/// When an owner frees an allocation it tells the processes that knew it;
/// they forget it, and a segment none of whose allocations they know
/// becomes idle: still mapped, for the owner's next large allocation,
/// which reuses its freed segments under their ids (SegmentPool's spares),
/// and unmapped once MaxIdle newer segments of that owner went idle (or at
/// finalize). A pipelined program then maps each other process's grid
/// once, not once per step (mapping a 128 MiB grid costs its page tables:
/// about a quarter of a process's time in Algorithm 2 over shared memory). Threads may be using an entry (a store into the mapping, a
/// spin on its bits) while the progress thread hears of the free: the
/// entries and mappings go only when no thread is inside such an access
/// (`Users`), see forget() and reclaim().
///
/// A doorbell tells the owner which ranges a peer wrote, so that it can
/// record the writers (and catch two writers that raced for an element),
/// wake its sleeping threads and answer parked loads. While nobody at the
/// owner sleeps on the allocation, doorbells are batched; see
/// docs/world.md, "Stores on one host".
#ifndef ORBIS_WORLD_SRC_PEER_MEMORY_H
#define ORBIS_WORLD_SRC_PEER_MEMORY_H

#include "region.h"
#include "site.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <utility>
#include <vector>

namespace orbis::world {

/// An allocation of another process, as a writer here sees it.
struct PeerAllocation {
  bool Mapped = false; ///< the owner's region is mapped here
  RegionView View;
  uint64_t Count = 0;
  uint32_t ElemSize = 0;
  bool Atomic = false; ///< world integers (never mapped)
  uint64_t Segment = 0; ///< the owner's segment it lies in (0: not mapped)
};

/// A segment of another process mapped here (see SegmentPool).
struct PeerSegment {
  char *Local = nullptr;  ///< null: it cannot be mapped here
  void *Handle = nullptr; ///< the transport's mapping
};

/// One range written straight into an owner's region.
struct StoredRange {
  uint32_t Id, Pad;
  uint64_t First, Count;
  SiteCode Site; ///< where in the source the writer stored it
};

class PeerMemory {
public:
  /// The entry of (Owner, Id), or null when unknown. Entries never move.
  const PeerAllocation *find(uint32_t Owner, uint32_t Id) {
    std::lock_guard<std::mutex> L(M);
    auto It = Entries.find({Owner, Id});
    return It == Entries.end() ? nullptr : &It->second;
  }
  const PeerAllocation *insert(uint32_t Owner, uint32_t Id,
                               const PeerAllocation &A) {
    std::lock_guard<std::mutex> L(M);
    auto [It, Inserted] = Entries.emplace(std::make_pair(Owner, Id), A);
    if (Inserted && A.Mapped) {
      auto S = Segments.find({Owner, A.Segment});
      if (S != Segments.end() && S->second.Entries++ == 0)
        Idle.erase(std::remove(Idle.begin(), Idle.end(), S->first),
                   Idle.end()); // in use again
    }
    return &It->second;
  }

  /// A thread starts / ends using entries (and the mappings they point
  /// into); leave() says whether forgotten entries wait for reclaim().
  void enter() { Users.fetch_add(1, std::memory_order_seq_cst); }
  bool leave() {
    return Users.fetch_sub(1, std::memory_order_seq_cst) == 1 &&
           Forgotten.load(std::memory_order_relaxed);
  }
  /// The owner freed allocation (Owner, Id): forgotten at the next
  /// reclaim() that finds no thread using entries.
  void forget(uint32_t Owner, uint32_t Id) {
    std::lock_guard<std::mutex> L(M);
    ForgetList.push_back({Owner, Id});
    Forgotten.store(true, std::memory_order_relaxed);
  }
  /// Erases the forgotten entries, and hands each segment none of the
  /// remaining entries lies in to Detach, if no thread uses entries. The
  /// caller made cached entry pointers stale first (World::Generation):
  /// a thread that starts using entries after the check below sees that.
  template <class F> void reclaim(F Detach) {
    std::lock_guard<std::mutex> L(M);
    if (ForgetList.empty() || Users.load(std::memory_order_seq_cst) != 0)
      return;
    for (auto [Owner, Id] : ForgetList) {
      auto It = Entries.find({Owner, Id});
      if (It == Entries.end())
        continue;
      if (It->second.Mapped) {
        auto S = Segments.find({Owner, It->second.Segment});
        if (S != Segments.end() && --S->second.Entries == 0)
          goIdle(S->first, Detach);
      }
      Entries.erase(It);
    }
    ForgetList.clear();
    Forgotten.store(false, std::memory_order_relaxed);
  }
  /// Segments mapped here that no known allocation lies in.
  size_t idleSegments() {
    std::lock_guard<std::mutex> L(M);
    return Idle.size();
  }
  /// Allocations and mapped segments known here (for tests and stats).
  size_t entries() {
    std::lock_guard<std::mutex> L(M);
    return Entries.size();
  }
  /// Segment Id of Owner: known (Found) or not.
  PeerSegment segment(uint32_t Owner, uint64_t Id, bool &Found) {
    std::lock_guard<std::mutex> L(M);
    auto It = Segments.find({Owner, Id});
    Found = It != Segments.end();
    return Found ? It->second.Segment : PeerSegment();
  }
  /// Records S unless another thread mapped the segment meanwhile: returns
  /// the entry kept; a mapping not kept is handed to Detach.
  template <class F>
  PeerSegment insertSegment(uint32_t Owner, uint64_t Id, const PeerSegment &S,
                            F Detach) {
    std::lock_guard<std::mutex> L(M);
    auto [It, Inserted] = Segments.emplace(std::make_pair(Owner, Id), S);
    if (!Inserted && S.Handle)
      Detach(S.Handle);
    return It->second.Segment;
  }
  /// Forgets every entry, handing each mapping to Detach.
  template <class F> void clear(F Detach) {
    std::lock_guard<std::mutex> L(M);
    for (auto &Entry : Segments)
      if (Entry.second.Segment.Handle)
        Detach(Entry.second.Segment.Handle);
    Segments.clear();
    Idle.clear();
    Entries.clear();
    ForgetList.clear();
    Forgotten.store(false, std::memory_order_relaxed);
  }

  /// Records a doorbell for Owner; whether Owner's batch is full.
  bool ring(uint32_t Owner, const StoredRange &R) {
    std::lock_guard<std::mutex> L(M);
    if (Owner >= Pending.size())
      Pending.resize(Owner + 1);
    Pending[Owner].push_back(R);
    ++PendingCount;
    return Pending[Owner].size() >= BatchSize;
  }
  /// Takes the doorbells of Owner not sent yet into Out (emptied first).
  void take(uint32_t Owner, std::vector<StoredRange> &Out) {
    Out.clear();
    std::lock_guard<std::mutex> L(M);
    if (Owner < Pending.size()) {
      PendingCount -= Pending[Owner].size();
      Out.swap(Pending[Owner]);
    }
  }
  /// Owners with doorbells not sent yet.
  std::vector<uint32_t> pendingOwners() {
    std::vector<uint32_t> Owners;
    std::lock_guard<std::mutex> L(M);
    if (PendingCount)
      for (uint32_t Owner = 0; Owner < Pending.size(); ++Owner)
        if (!Pending[Owner].empty())
          Owners.push_back(Owner);
    return Owners;
  }

  /// Idle segments kept per owner, at most.
  static constexpr size_t MaxIdle = 2;

private:
  static constexpr size_t BatchSize = 64;
  /// Segment Key went idle: kept, the oldest idle one of its owner
  /// unmapped if that owner has more than MaxIdle. M held.
  template <class F>
  void goIdle(const std::pair<uint32_t, uint64_t> &Key, F &Detach) {
    Idle.push_back(Key);
    size_t OfOwner = 0;
    for (const auto &K : Idle)
      OfOwner += K.first == Key.first;
    if (OfOwner <= MaxIdle)
      return;
    auto Oldest = std::find_if(Idle.begin(), Idle.end(), [&](const auto &K) {
      return K.first == Key.first;
    });
    auto S = Segments.find(*Oldest);
    if (S != Segments.end()) {
      if (S->second.Segment.Handle)
        Detach(S->second.Segment.Handle);
      Segments.erase(S);
    }
    Idle.erase(Oldest);
  }
  std::mutex M;
  /// A mapped segment and how many entries lie in it.
  struct KnownSegment {
    PeerSegment Segment;
    size_t Entries = 0;
    KnownSegment() = default;
    KnownSegment(const PeerSegment &S) : Segment(S) {}
  };
  std::map<std::pair<uint32_t, uint32_t>, PeerAllocation> Entries;
  std::map<std::pair<uint32_t, uint64_t>, KnownSegment> Segments;
  /// Segments with no known allocation, oldest first (see goIdle).
  std::vector<std::pair<uint32_t, uint64_t>> Idle;
  std::vector<std::pair<uint32_t, uint32_t>> ForgetList;
  std::atomic<int> Users{0};
  std::atomic<bool> Forgotten{false};
  std::vector<std::vector<StoredRange>> Pending; ///< by owner
  size_t PendingCount = 0;
};

} // namespace orbis::world

#endif
