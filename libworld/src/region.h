/// \file
/// The memory of one world allocation as its owner lays it out, so that a
/// process on the same host that maps it (see Transport::attach) can write
/// elements and mark them initialized without a message to the owner:
///
///   [RegionHeader][bitmap: one bit per element][data]
///
/// An element's bit is 0 while it is uninitialized and 1 once written; its
/// data is written before its bit (release), and a reader that sees the bit
/// may read the data (acquire). One bit keeps the bookkeeping of a store
/// small beside its data (1/64 of it for doubles); who wrote an element is
/// the owner's record (Heap), kept from the writers' doorbells.
#ifndef ORBIS_WORLD_SRC_REGION_H
#define ORBIS_WORLD_SRC_REGION_H

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <sys/mman.h>
#include <unistd.h>

namespace orbis::world {

static_assert(sizeof(std::atomic<uint64_t>) == sizeof(uint64_t),
              "bitmap words are read and written in bulk as plain words");

/// Where the owner says what a writer on the same host must know.
struct alignas(64) RegionHeader {
  /// The allocation's id while it lives; 0 once freed, so that a writer
  /// holding an old mapping falls back to a message (and its error).
  std::atomic<uint32_t> Id;
  /// Threads of the owner asleep on this allocation and loads parked at
  /// the owner: while not 0, a writer of element WakeAt (or of any element,
  /// AnyElement) tells the owner at once (doorbell).
  std::atomic<uint32_t> Watchers;
  /// A lone watcher waits for a range: the last element of it not written
  /// yet. Written in order, the range wakes it once, at its end.
  std::atomic<uint64_t> WakeAt;
  /// Set by a peer that maps the region: its stores will come straight
  /// into memory, not as messages that a waiting thread must progress.
  std::atomic<uint32_t> MappedByPeer;
};
constexpr uint64_t AnyElement = ~uint64_t(0);

/// Memory from the transport (shared on this host) or from the C heap.
struct Region {
  char *Base = nullptr;
  size_t Length = 0;
  void *Handle = nullptr; ///< the transport's mapping, or null
  std::vector<char> Key;  ///< packed key a peer maps the region with
};


/// One round of a spin-wait: lets the other hardware thread of the core run.
inline void cpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

/// Offsets of the parts of an allocation's region.
inline size_t bitmapOffset() { return sizeof(RegionHeader); }
/// The data of an allocation of at least this many bytes starts 512 bytes
/// times its owner's rank mod 8 further (a colour). Two processes' grids of
/// one size otherwise start at the same offset in a page, and their rows a
/// power of two apart all fall in one L1 set: a staged tile that runs rows
/// in lockstep over one process's grid and the next one's (Algorithm 2)
/// touches about 14 such lines, more than the 8 ways of an L1 set
/// (docs/world.md, "Staged tiles in place").
constexpr uint64_t ColouredBytes = uint64_t(1) << 20;
inline size_t dataOffset(uint64_t Count, uint32_t ElemSize, uint32_t Owner) {
  size_t Offset =
      (sizeof(RegionHeader) + (Count + 63) / 64 * 8 + 63) & ~size_t(63);
  if (ElemSize && Count >= ColouredBytes / ElemSize)
    Offset += size_t(Owner % 8) * 512;
  return Offset;
}
inline size_t regionLength(uint64_t Count, uint32_t ElemSize,
                           uint32_t Owner) {
  return dataOffset(Count, ElemSize, Owner) + Count * ElemSize;
}
/// regionLength, or false when it does not fit in a size_t (a count or an
/// element size from a caller, before anything is allocated).
inline bool regionLengthChecked(uint64_t Count, uint32_t ElemSize,
                                uint32_t Owner, size_t &Length) {
  constexpr size_t Max = ~size_t(0);
  // dataOffset's bitmap, padding and colour stay below Count / 8 + 4096
  // bytes.
  if (Count > (Max - 8192) / 2 || Count > (Max / 2) / ElemSize)
    return false;
  Length = regionLength(Count, ElemSize, Owner);
  return true;
}

/// A view of an allocation's region, in the owner or in a writer.
///
/// Whole bitmap words inside a range are read and written as plain words
/// (vectorized): only the range's writer may set them, and processes share
/// them like any shared-memory transport's flags, ordered by fences. The
/// words at a range's ends may hold bits of other writers' elements, and
/// are set with an atomic OR.
struct RegionView {
  RegionHeader *Header = nullptr;
  std::atomic<uint64_t> *Bits = nullptr;
  char *Data = nullptr;

  static RegionView of(char *Base, uint64_t Count, uint32_t ElemSize,
                       uint32_t Owner) {
    return {reinterpret_cast<RegionHeader *>(Base),
            reinterpret_cast<std::atomic<uint64_t> *>(Base + bitmapOffset()),
            Base + dataOffset(Count, ElemSize, Owner)};
  }

  bool written(uint64_t I) const {
    return Bits[I / 64].load(std::memory_order_relaxed) >> (I % 64) & 1;
  }
  /// The first element of [First, First + Count) that is written, or -1.
  int64_t firstWritten(uint64_t First, uint64_t Count) const {
    uint64_t End = First + Count;
    uint64_t Any = 0;
    forWords(First, End, [&](uint64_t W, uint64_t Mask) {
      Any |= word(W) & Mask;
    });
    if (Any)
      for (uint64_t I = First; I < End; ++I)
        if (written(I))
          return int64_t(I);
    return -1;
  }
  /// Marks [First, First + Count) written, after its data. Returns
  /// whether the last bitmap write was a sequentially consistent RMW (a
  /// partial word), which watched() then needs no fence after.
  bool publish(uint64_t First, uint64_t Count) const {
    std::atomic_thread_fence(std::memory_order_release);
    bool Rmw = false;
    forWords(First, First + Count, [&](uint64_t W, uint64_t Mask) {
      Rmw = Mask != ~uint64_t(0);
      if (Rmw)
        Bits[W].fetch_or(Mask, std::memory_order_seq_cst);
      else
        raw()[W] = Mask;
    });
    std::atomic_thread_fence(std::memory_order_release);
    return Rmw;
  }
  /// A thread of the owner (or a load parked there) starts waiting for
  /// Element: Element is what it waits for, AnyElement for anything. Then
  /// it must check again: a writer either sees the watcher, or wrote
  /// before the check.
  void watch(uint64_t Element) const {
    uint32_t Before = Header->Watchers.fetch_add(1, std::memory_order_seq_cst);
    Header->WakeAt.store(Before ? AnyElement : Element,
                         std::memory_order_relaxed);
    std::atomic_thread_fence(std::memory_order_seq_cst);
  }
  /// A lone watcher now waits for Element (the others keep AnyElement).
  void rewatch(uint64_t Element) const {
    uint64_t Current = Header->WakeAt.load(std::memory_order_relaxed);
    if (Current != AnyElement && Current != Element)
      Header->WakeAt.compare_exchange_strong(Current, Element,
                                             std::memory_order_relaxed);
    std::atomic_thread_fence(std::memory_order_seq_cst);
  }
  void unwatch() const {
    Header->Watchers.fetch_sub(1, std::memory_order_relaxed);
  }
  /// After a store of [First, First + Count) (published; `Fenced`: by a
  /// sequentially consistent RMW last): whether a watcher waits for it, so
  /// that the owner must hear of it now.
  bool watched(uint64_t First, uint64_t Count, bool Fenced = false) const {
    if (!Fenced)
      std::atomic_thread_fence(std::memory_order_seq_cst);
    if (!Header->Watchers.load(std::memory_order_seq_cst))
      return false;
    uint64_t At = Header->WakeAt.load(std::memory_order_relaxed);
    return At == AnyElement || (At >= First && At - First < Count);
  }
  /// The last element of [Next, End) not written yet (Next if none).
  uint64_t lastUnwritten(uint64_t Next, uint64_t End) const {
    for (uint64_t I = End; I > Next; --I)
      if (!written(I - 1))
        return I - 1;
    return Next;
  }

  /// Advances Next over initialized elements up to End; whether all are.
  bool readyFrom(uint64_t &Next, uint64_t End) const {
    while (Next < End) {
      uint64_t Word = word(Next / 64) >> (Next % 64);
      if (Word == ~uint64_t(0) >> (Next % 64)) {
        Next = (Next / 64 + 1) * 64; // the rest of this word is written
        continue;
      }
      if (!(Word & 1))
        break;
      ++Next;
    }
    if (Next > End)
      Next = End;
    std::atomic_thread_fence(std::memory_order_acquire);
    return Next == End;
  }

private:
  uint64_t *raw() const { return reinterpret_cast<uint64_t *>(Bits); }
  uint64_t word(uint64_t W) const {
    return Bits[W].load(std::memory_order_relaxed);
  }
  /// Calls F(word index, mask of the range's bits in it) for each word of
  /// [First, End), with plain loops over the whole words in between.
  template <class F> static void forWords(uint64_t First, uint64_t End, F &&Fn) {
    if (First >= End)
      return;
    uint64_t FirstWord = First / 64, LastWord = (End - 1) / 64;
    uint64_t Low = ~uint64_t(0) << (First % 64);
    uint64_t High = ~uint64_t(0) >> (63 - (End - 1) % 64);
    if (FirstWord == LastWord) {
      Fn(FirstWord, Low & High);
      return;
    }
    Fn(FirstWord, Low);
    for (uint64_t W = FirstWord + 1; W < LastWord; ++W)
      Fn(W, ~uint64_t(0));
    Fn(LastWord, High);
  }
};

} // namespace orbis::world

#endif
