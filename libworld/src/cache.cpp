/// \file
/// Cache of remote initialized elements (see cache.h).
#include "cache.h"

#include <cstring>

namespace orbis::world {

void Cache::fill(const orbis_world_ptr_t &P, uint64_t First, uint64_t Count,
                 const void *Values) {
  Entry &E = Entries[{P.owner, P.id}];
  if (E.Valid.size() != P.count) {
    E.Data.assign(P.count * P.elem_size, 0);
    E.Valid.assign(P.count, false);
  }
  std::memcpy(E.Data.data() + First * P.elem_size, Values,
              Count * P.elem_size);
  for (uint64_t I = First; I < First + Count; ++I)
    E.Valid[I] = true;
}

bool Cache::lookup(const orbis_world_ptr_t &P, uint64_t First, uint64_t Count,
                   void *Values) const {
  auto It = Entries.find({P.owner, P.id});
  if (It == Entries.end() || It->second.Valid.size() != P.count)
    return false;
  const Entry &E = It->second;
  for (uint64_t I = First; I < First + Count; ++I)
    if (!E.Valid[I])
      return false;
  if (Values)
    std::memcpy(Values, E.Data.data() + First * P.elem_size,
                Count * P.elem_size);
  return true;
}

} // namespace orbis::world
