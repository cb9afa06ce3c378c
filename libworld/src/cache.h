/// \file
/// The cache of initialized elements of other processes' allocations. World
/// memory is write-once, so an element seen initialized keeps its value
/// forever: entries never need invalidation, and a second load of the same
/// range costs no message.
#ifndef ORBIS_WORLD_SRC_CACHE_H
#define ORBIS_WORLD_SRC_CACHE_H

#include <orbis/world.h>

#include <cstdint>
#include <map>
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

private:
  struct Entry {
    std::vector<char> Data;
    std::vector<bool> Valid;
  };
  std::map<std::pair<uint32_t, uint32_t>, Entry> Entries;
};

} // namespace orbis::world

#endif
