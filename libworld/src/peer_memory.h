/// \file
/// What this process knows about other processes' allocations that it
/// writes: whether the owner's region is mapped here (same host, shared
/// memory) and where, so that stores go straight into it; and the notices
/// (doorbells) of such stores that the owner has not been sent yet.
///
/// A doorbell tells the owner which ranges a peer wrote, so that it can
/// record the writers (and catch two writers that raced for an element),
/// wake its sleeping threads and answer parked loads. While nobody at the
/// owner sleeps on the allocation, doorbells are batched; see
/// docs/world.md, "Stores on one host".
#ifndef ORBIS_WORLD_SRC_PEER_MEMORY_H
#define ORBIS_WORLD_SRC_PEER_MEMORY_H

#include "region.h"

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
    return &Entries.emplace(std::make_pair(Owner, Id), A).first->second;
  }
  /// Segment Id of Owner: known (Found) or not.
  PeerSegment segment(uint32_t Owner, uint64_t Id, bool &Found) {
    std::lock_guard<std::mutex> L(M);
    auto It = Segments.find({Owner, Id});
    Found = It != Segments.end();
    return Found ? It->second : PeerSegment();
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
    return It->second;
  }
  /// Forgets every entry, handing each mapping to Detach.
  template <class F> void clear(F Detach) {
    std::lock_guard<std::mutex> L(M);
    for (auto &Entry : Segments)
      if (Entry.second.Handle)
        Detach(Entry.second.Handle);
    Segments.clear();
    Entries.clear();
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

private:
  static constexpr size_t BatchSize = 64;
  std::mutex M;
  std::map<std::pair<uint32_t, uint32_t>, PeerAllocation> Entries;
  std::map<std::pair<uint32_t, uint64_t>, PeerSegment> Segments;
  std::vector<std::vector<StoredRange>> Pending; ///< by owner
  size_t PendingCount = 0;
};

} // namespace orbis::world

#endif
