/// \file
/// Where the regions of allocations come from. With a transport, memory is
/// mapped in *segments* that peers on the host can map too; small regions
/// share 4 MiB segments (one mapping, one key and one attach per peer for
/// many allocations: segments are few, and mapping one costs syscalls),
/// large ones get a segment each. A segment goes when its last region is
/// freed, except that the last MaxSpare large segments freed are kept as
/// spares and handed to the next large region they fit: a pipelined
/// program frees each step's array and allocates the next one of the same
/// size, and a new segment costs a page fault and a cleared page per 4 KiB
/// (about a fifth of Algorithm 2's time on 4096 x 4096 grids, a spare
/// none); a large region that no spare fits unmaps them all first. A
/// reused segment keeps its id (an id always names the same memory), so a
/// peer that kept its mapping (PeerMemory's idle segments) maps nothing
/// again; its content is stale, which the heap's zeroed header and bitmap
/// make unreadable. Without a transport the segments are private mappings
/// (PrivateMemory, the same reuse); when mapping fails, regions come from
/// the C heap (segment 0).
#ifndef ORBIS_WORLD_SRC_SEGMENT_POOL_H
#define ORBIS_WORLD_SRC_SEGMENT_POOL_H

#include "memory_limit.h"
#include "memory_source.h"
#include "private_memory.h"
#include "region.h"

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace orbis::world {

class SegmentPool {
public:
  /// A region: its address here, its segment (0: private memory) and its
  /// offset there.
  struct Piece {
    char *Base = nullptr;
    uint64_t Segment = 0;
    size_t Offset = 0;
    /// The pages have not been made yet (a spare's have, all of them).
    bool Fresh = true;
  };

  SegmentPool() = default;
  SegmentPool(const SegmentPool &) = delete;
  SegmentPool &operator=(const SegmentPool &) = delete;
  ~SegmentPool() { releaseAll(); }

  /// The transport's shared memory; null: private memory.
  void setSource(MemorySource *S) { Source = S ? S : &Private; }
  /// Length bytes, 64-byte aligned, not zeroed; Base is null when the
  /// memory is not there (more than the host has free: see memory_limit.h).
  Piece allocate(size_t Length);
  void release(const Piece &P);
  /// The mapping of segment Id (not 0), or null.
  const Region *segment(uint64_t Id) const;
  /// Unmaps every segment (before the transport goes away).
  void releaseAll();

  static constexpr size_t SegmentSize = size_t(4) << 20;
  /// Regions above this get a segment of their own.
  static constexpr size_t SharedMax = size_t(1) << 20;
  /// Regions from this size on are checked against the memory available.
  static constexpr size_t CheckedSize = size_t(16) << 20;
  /// Large segments kept after their region is freed, at most, and the
  /// largest waste of a reuse: a spare serves a region of at least half
  /// its size.
  static constexpr size_t MaxSpare = 2;
  /// Spare segments kept now (tests).
  size_t spares() const { return Spares.size(); }

private:
  struct Segment {
    Region Memory;
    size_t Used = 0;
    unsigned Live = 0;
    bool Reused = false; ///< a spare: its region made all its pages
    bool Shared = false; ///< small regions are carved from it
  };
  uint64_t newSegment(size_t Length);
  /// A spare of Length to 2 Length bytes (under its id), or 0.
  uint64_t reuseSpare(size_t Length);
  void dropSpares();

  std::unordered_map<uint64_t, Segment> Segments;
  uint64_t NextId = 1;
  uint64_t Current = 0; ///< the segment small regions are carved from
  /// Freed large segments and their ids, oldest first.
  std::vector<std::pair<uint64_t, Region>> Spares;
  PrivateMemory Private;
  MemorySource *Source = &Private;
};

} // namespace orbis::world

#endif
