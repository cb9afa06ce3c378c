/// \file
/// The memory of one world allocation as its owner lays it out, so that a
/// process on the same host that maps it (see Transport::attach) can write
/// elements and mark them initialized without a message to the owner:
///
///   [RegionHeader][state: one int32 per element][data]
///
/// An element's state is 0 while uninitialized and writer rank + 1 once
/// written; its data is written before its state (release), and a reader
/// that sees the state may read the data (acquire).
#ifndef ORBIS_WORLD_SRC_REGION_H
#define ORBIS_WORLD_SRC_REGION_H

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

static_assert(sizeof(std::atomic<int32_t>) == sizeof(int32_t),
              "states are read in bulk as plain words");

namespace orbis::world {

/// Where the owner says what a writer on the same host must know.
struct alignas(64) RegionHeader {
  /// The allocation's id while it lives; 0 once freed, so that a writer
  /// holding an old mapping falls back to a message (and its error).
  std::atomic<uint32_t> Id;
  /// Threads of the owner asleep on this allocation and loads parked at
  /// the owner: while not 0, a writer tells the owner at once (doorbell).
  std::atomic<uint32_t> Watchers;
};

/// Memory from the transport (shared on this host) or from the C heap.
struct Region {
  char *Base = nullptr;
  size_t Length = 0;
  void *Handle = nullptr;     ///< the transport's mapping, or null
  std::vector<char> Key;      ///< packed key a peer maps the region with
};

/// Offsets of the parts of an allocation's region.
inline size_t stateOffset() { return sizeof(RegionHeader); }
inline size_t dataOffset(uint64_t Count) {
  return (sizeof(RegionHeader) + Count * sizeof(int32_t) + 63) & ~size_t(63);
}
inline size_t regionLength(uint64_t Count, uint32_t ElemSize) {
  return dataOffset(Count) + Count * ElemSize;
}

/// A view of an allocation's region, in the owner or in a writer.
struct RegionView {
  RegionHeader *Header = nullptr;
  std::atomic<int32_t> *State = nullptr;
  char *Data = nullptr;

  int32_t *raw() const { return reinterpret_cast<int32_t *>(State); }

  static RegionView of(char *Base, uint64_t Count) {
    return {reinterpret_cast<RegionHeader *>(Base),
            reinterpret_cast<std::atomic<int32_t> *>(Base + stateOffset()),
            Base + dataOffset(Count)};
  }
  /// The first element of [First, First + Count) that is written, or -1.
  /// The states are read in bulk as plain words (vectorized): processes
  /// share them like any shared-memory transport's flags, ordered by fences.
  int64_t firstWritten(uint64_t First, uint64_t Count) const {
    const int32_t *Raw = raw() + First;
    int32_t Any = 0;
    for (uint64_t I = 0; I < Count; ++I)
      Any |= Raw[I];
    if (Any)
      for (uint64_t I = 0; I < Count; ++I)
        if (Raw[I])
          return int64_t(First + I);
    return -1;
  }
  /// Marks [First, First + Count) written by Writer, after its data.
  void publish(uint64_t First, uint64_t Count, int Writer) const {
    std::atomic_thread_fence(std::memory_order_release);
    int32_t *Raw = raw() + First;
    for (uint64_t I = 0; I < Count; ++I)
      Raw[I] = Writer + 1;
    std::atomic_thread_fence(std::memory_order_release);
  }
  /// Advances Next over initialized elements up to End; whether all are.
  bool readyFrom(uint64_t &Next, uint64_t End) const {
    while (Next < End && State[Next].load(std::memory_order_relaxed))
      ++Next;
    std::atomic_thread_fence(std::memory_order_acquire);
    return Next == End;
  }
};

} // namespace orbis::world

#endif
