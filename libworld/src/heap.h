/// \file
/// The allocations a process owns, with the state of every element: whether
/// it is initialized and which rank wrote it. Write-once rules are checked
/// here: a second store and an access outside an allocation are reported with
/// the address, the allocation and the writers, and never touch memory.
///
/// Each allocation lives in a Region (region.h). Where the transport gives
/// shared memory, processes on the same host write elements straight into
/// it and tell the owner afterwards (Heap::account), so the owner keeps its
/// own record of the writers, apart from the shared bitmap, to catch two
/// writers that raced for one element.
#ifndef ORBIS_WORLD_SRC_HEAP_H
#define ORBIS_WORLD_SRC_HEAP_H

#include "region.h"
#include "segment_pool.h"
#include "site.h"
#include "writer_record.h"

#include <orbis/world.h>

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace orbis::world {

/// The writer record of one allocation with its own lock: the owner's
/// threads record the boxes they store without the world lock (they hold
/// a reference, so a free meanwhile does not pull it away), and everything
/// that reads or changes the record under the world lock takes this one
/// too (world lock first).
struct WriterLog {
  std::mutex Lock;
  WriterRecord Record;
  /// Record.assign under Lock, for a caller that checks nothing first.
  void assign(uint64_t First, uint64_t End, int64_t Entry) {
    std::lock_guard<std::mutex> L(Lock);
    Record.assign(First, End, Entry);
  }
};

struct Allocation {
  uint64_t Count = 0;
  uint32_t ElemSize = 0;
  SegmentPool::Piece Memory;
  RegionView View;
  /// Who wrote each element, as the owner knows it (-1: nobody): the rank
  /// (-(rank + 2): being received straight into place from that rank) and
  /// the place in the source, packed by Heap::entryOf.
  std::shared_ptr<WriterLog> Writers = std::make_shared<WriterLog>();
  bool Atomic = false; ///< world integers: mutable through atomics
  /// Ranks that may hold something of it (a mapping, cached elements):
  /// they are told when it is freed.
  std::vector<bool> KnownBy;
  /// Threads computing in its memory (orbis_world_local_frame): a free
  /// while any does forgets the allocation but keeps its memory (Heap's
  /// Unreleased) until the last unpins, so they never touch unmapped pages.
  unsigned Pins = 0;
};

class Heap {
public:
  Heap() = default;
  Heap(const Heap &) = delete;
  Heap &operator=(const Heap &) = delete;
  ~Heap() { releaseAll(); }

  /// Allocations made from now on take their memory from `Source`.
  void setSource(MemorySource *Source) { Pool.setSource(Source); }
  /// The segment an allocation's region is in (see SegmentPool).
  const Region *segment(uint64_t Id) const { return Pool.segment(Id); }
  /// A new allocation of the calling process (owner `Rank`) in Out;
  /// ORBIS_ERR_NO_MEMORY when its size overflows or the memory is not
  /// there.
  orbis_status_t create(int Rank, uint64_t Count, uint32_t ElemSize,
                        orbis_world_ptr_t &Out, uint32_t FixedId = 0);
  /// An allocation of `Count` world integers, all 0 and initialized.
  orbis_status_t createAtomic(int Rank, uint64_t Count,
                              orbis_world_ptr_t &Out);
  /// Checks that P (a world pointer of this process's) names allocation
  /// P.id as it is: its count, element size and kind. A pointer made up
  /// or altered by the program would read or write past the allocation.
  orbis_status_t checkShape(const orbis_world_ptr_t &P, std::string &Why);
  /// Adds Delta to world integer Index; the old value in Old.
  orbis_status_t atomicAdd(uint32_t Id, uint64_t Index, int64_t Delta,
                           int64_t &Old, std::string &Why);
  orbis_status_t release(uint32_t Id);
  /// A thread starts / ends computing in allocation Id's memory. unpin of
  /// a freed allocation releases its memory when no pin is left; false when
  /// Id is neither known nor freed with pins.
  void pin(uint32_t Id);
  bool unpin(uint32_t Id);
  /// Frees every allocation (before the transport goes away).
  void releaseAll();
  Allocation *find(uint32_t Id);

  /// Checks that [First, First + Count) lies in allocation Id; on failure
  /// `Why` says what is wrong.
  orbis_status_t check(uint32_t Id, uint64_t First, uint64_t Count,
                       std::string &Why);
  /// Stores the elements written by rank `Writer`. A second write fails
  /// before anything is copied; `Why` names the element and both writers.
  orbis_status_t store(uint32_t Id, uint64_t First, uint64_t Count,
                       const void *Values, int Writer, const SiteCode &Site,
                       std::string &Why);
  /// Makes room for a store that the transport receives straight into the
  /// heap: checks it like store() and marks the elements as being written
  /// by `Writer`. Returns where the data goes, or null with `Why` set.
  char *reserve(uint32_t Id, uint64_t First, uint64_t Count, int Writer,
                const SiteCode &Site, std::string &Why,
                orbis_status_t &Status);
  /// The reserved elements have arrived: they are initialized.
  void commit(uint32_t Id, uint64_t First, uint64_t Count, int Writer,
              const SiteCode &Site);
  /// Rank `Writer` says it wrote [First, First + Count) straight into the
  /// shared region: records it, failing if another rank wrote any of it.
  orbis_status_t account(uint32_t Id, uint64_t First, uint64_t Count,
                         int Writer, const SiteCode &Site, std::string &Why);
  /// The writer entry of rank `Writer` at `Site`, for a record made
  /// without the world lock (WriterLog).
  int64_t writerEntry(int Writer, const SiteCode &Site) {
    return entryOf(Writer, Site);
  }
  /// Whether every element of the range is initialized (range checked).
  bool ready(uint32_t Id, uint64_t First, uint64_t Count);
  /// The same for a waiter that checks again and again: `Next` (starting at
  /// First) remembers how far the range is known to be initialized, so that
  /// all the checks of one wait cost O(Count) together.
  bool readyFrom(uint32_t Id, uint64_t &Next, uint64_t End);
  void copyOut(uint32_t Id, uint64_t First, uint64_t Count, void *Values);

  /// The element of the last ORBIS_ERR_DOUBLE_WRITE, and its first writer;
  /// -1 when a peer wrote it straight into shared memory and its doorbell
  /// has not arrived yet.
  struct {
    uint64_t Element = 0;
    int Previous = -1;
    SiteCode PreviousSite; ///< where the first writer wrote it, if known
  } Conflict;

private:
  orbis_status_t checkUnwritten(const Allocation &A, uint32_t Id,
                                uint64_t First, uint64_t Count, int Writer,
                                const SiteCode &Site, std::string &Why);
  /// A writer entry: the rank entry in the low half, the index of the
  /// place in Sites in the high half (0: unknown).
  int64_t entryOf(int32_t RankEntry, const SiteCode &Site);
  void decode(int64_t Entry, int &Rank, SiteCode &Site) const;
  void unmap(Allocation &A);

  std::unordered_map<uint32_t, Allocation> Allocations;
  /// Freed while pinned: their memory and the pins left (see Pins).
  std::map<uint32_t, std::pair<SegmentPool::Piece, unsigned>> Unreleased;
  uint32_t NextId = 1;
  std::vector<SiteCode> Sites{SiteCode()}; ///< places of writes, by index
  std::map<SiteCode, uint32_t> SiteIndex;
  SegmentPool Pool; ///< emptied by releaseAll(), with the allocations
};

/// "element I of allocation Id was written by rank A (a.c:3) and again by
/// rank B (b.c:7)" (the places where known).
std::string doubleWriteMessage(uint64_t Element, uint32_t Id, int First,
                               const SiteCode &FirstSite, int Second,
                               const SiteCode &SecondSite);

} // namespace orbis::world

#endif
