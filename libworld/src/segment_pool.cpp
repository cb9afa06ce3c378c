/// \file
/// Segments of shared memory for allocations (see segment_pool.h).
#include "segment_pool.h"

#include <cstdlib>

namespace orbis::world {
namespace {
size_t roundUp(size_t Length) { return (Length + 63) & ~size_t(63); }
} // namespace

uint64_t SegmentPool::newSegment(size_t Length) {
  Region R;
  // Shared segments live in a tmpfs that the kernel does not bound by the
  // memory left: checked first, or a large one fills it until the OOM
  // killer strikes (and leaves its file behind).
  if ((Source->shared() && !fitsSharedMemory(Length)) ||
      !Source->map(Length, R))
    return 0;
  uint64_t Id = NextId++;
  Segments[Id].Memory = std::move(R);
  return Id;
}

void SegmentPool::dropSpares() {
  for (auto &[Id, R] : Spares)
    Source->unmap(R);
  Spares.clear();
}

uint64_t SegmentPool::reuseSpare(size_t Length) {
  for (auto It = Spares.begin(); It != Spares.end(); ++It) {
    if (It->second.Length < Length || It->second.Length / 2 > Length)
      continue;
    uint64_t Id = It->first;
    Segments[Id].Memory = std::move(It->second);
    Segments[Id].Reused = true;
    Spares.erase(It);
    return Id;
  }
  return 0;
}

SegmentPool::Piece SegmentPool::allocate(size_t Length) {
  // Reading /proc/meminfo costs microseconds: only for sizes that matter.
  if (Length > ~size_t(0) - 63 || (Length >= CheckedSize && !fitsMemory(Length)))
    return {};
  Length = roundUp(Length);
  uint64_t Id = 0;
  if (Length > SharedMax) {
    Id = reuseSpare(Length);
    if (!Id) {
      // Sizes changed: the spares would only hold memory the new segment
      // may need (and the memory check counts them as used).
      dropSpares();
      Id = newSegment(Length);
    }
  } else {
    auto It = Segments.find(Current);
    if (It == Segments.end() ||
        It->second.Memory.Length - It->second.Used < Length) {
      // The old current segment goes once its regions are freed.
      if (It != Segments.end() && It->second.Live == 0) {
        Source->unmap(It->second.Memory);
        Segments.erase(It);
      }
      Current = newSegment(SegmentSize);
      if (Current)
        Segments[Current].Shared = true;
    }
    Id = Current;
  }
  if (!Id) {
    // No memory from the source for this size: the C heap.
    void *Private = std::aligned_alloc(64, Length);
    return {static_cast<char *>(Private), 0, 0};
  }
  Segment &S = Segments[Id];
  Piece P{S.Memory.Base + S.Used, Id, S.Used, !S.Reused};
  S.Used += Length;
  ++S.Live;
  return P;
}

void SegmentPool::release(const Piece &P) {
  if (!P.Base)
    return;
  if (!P.Segment) {
    std::free(P.Base);
    return;
  }
  auto It = Segments.find(P.Segment);
  if (It == Segments.end())
    return;
  if (--It->second.Live == 0 && P.Segment != Current) {
    if (!It->second.Shared) {
      // A large segment: kept for the next large region, the oldest spare
      // unmapped if there are too many.
      Spares.emplace_back(P.Segment, std::move(It->second.Memory));
      if (Spares.size() > MaxSpare) {
        Source->unmap(Spares.front().second);
        Spares.erase(Spares.begin());
      }
    } else {
      Source->unmap(It->second.Memory);
    }
    Segments.erase(It);
  }
}

const Region *SegmentPool::segment(uint64_t Id) const {
  auto It = Segments.find(Id);
  return It == Segments.end() ? nullptr : &It->second.Memory;
}

void SegmentPool::releaseAll() {
  for (auto &Entry : Segments)
    Source->unmap(Entry.second.Memory);
  Segments.clear();
  dropSpares();
  Current = 0;
}

} // namespace orbis::world
