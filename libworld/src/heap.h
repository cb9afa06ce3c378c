/// \file
/// The allocations a process owns, with the state of every element: whether
/// it is initialized and which rank wrote it. Write-once rules are checked
/// here: a second store and an access outside an allocation are reported with
/// the address, the allocation and the writers, and never touch memory.
#ifndef ORBIS_WORLD_SRC_HEAP_H
#define ORBIS_WORLD_SRC_HEAP_H

#include <orbis/world.h>

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace orbis::world {

struct Allocation {
  uint64_t Count = 0;
  uint32_t ElemSize = 0;
  std::vector<char> Data;
  /// Rank that wrote each element; -1: none; -(rank + 2): being received
  /// straight into place from that rank (see Heap::reserve).
  std::vector<int32_t> Writer;
  uint64_t Initialized = 0;    ///< how many elements are initialized
  bool Atomic = false;         ///< world integers: mutable through atomics
};

class Heap {
public:
  /// A new allocation of the calling process (owner `Rank`).
  orbis_world_ptr_t create(int Rank, uint64_t Count, uint32_t ElemSize,
                           uint32_t FixedId = 0);
  /// An allocation of `Count` world integers, all 0 and initialized.
  orbis_world_ptr_t createAtomic(int Rank, uint64_t Count);
  /// Adds Delta to world integer Index; the old value in Old.
  orbis_status_t atomicAdd(uint32_t Id, uint64_t Index, int64_t Delta,
                           int64_t &Old, std::string &Why);
  orbis_status_t release(uint32_t Id);
  Allocation *find(uint32_t Id);

  /// Checks that [First, First + Count) lies in allocation Id; on failure
  /// `Why` says what is wrong.
  orbis_status_t check(uint32_t Id, uint64_t First, uint64_t Count,
                       std::string &Why);
  /// Stores the elements written by rank `Writer`. A second write fails
  /// before anything is copied; `Why` names the element and both writers.
  orbis_status_t store(uint32_t Id, uint64_t First, uint64_t Count,
                       const void *Values, int Writer, std::string &Why);
  /// Makes room for a store that the transport receives straight into the
  /// heap: checks it like store() and marks the elements as being written
  /// by `Writer`. Returns where the data goes, or null with `Why` set.
  char *reserve(uint32_t Id, uint64_t First, uint64_t Count, int Writer,
                std::string &Why, orbis_status_t &Status);
  /// The reserved elements have arrived: they are initialized.
  void commit(uint32_t Id, uint64_t First, uint64_t Count, int Writer);
  /// Whether every element of the range is initialized (range checked).
  bool ready(uint32_t Id, uint64_t First, uint64_t Count);
  /// The same for a waiter that checks again and again: `Next` (starting at
  /// First) remembers how far the range is known to be initialized, so that
  /// all the checks of one wait cost O(Count) together.
  bool readyFrom(uint32_t Id, uint64_t &Next, uint64_t End);
  void copyOut(uint32_t Id, uint64_t First, uint64_t Count, void *Values);

private:
  orbis_status_t checkUnwritten(const Allocation &A, uint32_t Id,
                                uint64_t First, uint64_t Count, int Writer,
                                std::string &Why);

  std::unordered_map<uint32_t, Allocation> Allocations;
  uint32_t NextId = 1;
};

} // namespace orbis::world

#endif
