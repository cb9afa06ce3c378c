/// \file
/// The cache of initialized elements of other processes' allocations. World
/// memory is write-once, so an element seen initialized keeps its value
/// until the allocation is freed (its owner then tells the processes that
/// loaded from it, which forget it): a second load of the same range costs
/// no message. Elements are kept in blocks of about 4 KiB, made as loads
/// fill them: one element of a large allocation costs one block, not the
/// allocation.
#ifndef ORBIS_WORLD_SRC_CACHE_H
#define ORBIS_WORLD_SRC_CACHE_H

#include <orbis/world.h>

#include <cstdint>
#include <map>
#include <unordered_map>
#include <utility>
#include <vector>

namespace orbis::world {

class Cache {
public:
  /// Records the values of [First, First + Count) of allocation P.
  void fill(const orbis_world_ptr_t &P, uint64_t First, uint64_t Count,
            const void *Values);
  /// Copies [First, First + Count) of P into Values (if not null) when all
  /// of it is cached.
  bool lookup(const orbis_world_ptr_t &P, uint64_t First, uint64_t Count,
              void *Values) const;
  /// Drops what is cached of allocation (Owner, Id).
  void forget(uint32_t Owner, uint32_t Id) { Entries.erase({Owner, Id}); }
  /// Bytes of element data held (for tests).
  size_t bytes() const;

  static constexpr size_t BlockBytes = 4096;

private:
  struct Block {
    std::vector<char> Data;
    std::vector<bool> Valid;
  };
  struct Entry {
    uint64_t Count = 0;    ///< of the allocation, as loads said
    uint32_t ElemSize = 0;
    uint64_t PerBlock = 1; ///< elements per block
    std::unordered_map<uint64_t, Block> Blocks;
  };
  std::map<std::pair<uint32_t, uint32_t>, Entry> Entries;
};

} // namespace orbis::world

#endif
