/// \file
/// Cache of remote initialized elements (see cache.h).
#include "cache.h"

#include <algorithm>
#include <cstring>

namespace orbis::world {

void Cache::fill(const orbis_world_ptr_t &P, uint64_t First, uint64_t Count,
                 const void *Values) {
  Entry &E = Entries[{P.owner, P.id}];
  if (E.Count != P.count || E.ElemSize != P.elem_size) {
    E = Entry();
    E.Count = P.count;
    E.ElemSize = P.elem_size;
    E.PerBlock = std::max<uint64_t>(1, BlockBytes / P.elem_size);
  }
  const char *From = static_cast<const char *>(Values);
  for (uint64_t I = First; I < First + Count;) {
    uint64_t B = I / E.PerBlock, Offset = I - B * E.PerBlock;
    uint64_t N = std::min(E.PerBlock - Offset, First + Count - I);
    Block &Blk = E.Blocks[B];
    if (Blk.Valid.empty()) {
      Blk.Data.resize(E.PerBlock * E.ElemSize);
      Blk.Valid.assign(E.PerBlock, false);
    }
    std::memcpy(Blk.Data.data() + Offset * E.ElemSize, From, N * E.ElemSize);
    std::fill(Blk.Valid.begin() + Offset, Blk.Valid.begin() + Offset + N, true);
    From += N * E.ElemSize;
    I += N;
  }
}

bool Cache::lookup(const orbis_world_ptr_t &P, uint64_t First, uint64_t Count,
                   void *Values) const {
  auto It = Entries.find({P.owner, P.id});
  if (It == Entries.end() || It->second.Count != P.count ||
      It->second.ElemSize != P.elem_size)
    return false;
  const Entry &E = It->second;
  // Whole range first: a partial hit copies nothing.
  for (uint64_t I = First; I < First + Count;) {
    uint64_t B = I / E.PerBlock, Offset = I - B * E.PerBlock;
    uint64_t N = std::min(E.PerBlock - Offset, First + Count - I);
    auto Blk = E.Blocks.find(B);
    if (Blk == E.Blocks.end() ||
        std::find(Blk->second.Valid.begin() + Offset,
                  Blk->second.Valid.begin() + Offset + N,
                  false) != Blk->second.Valid.begin() + Offset + N)
      return false;
    I += N;
  }
  if (!Values)
    return true;
  char *To = static_cast<char *>(Values);
  for (uint64_t I = First; I < First + Count;) {
    uint64_t B = I / E.PerBlock, Offset = I - B * E.PerBlock;
    uint64_t N = std::min(E.PerBlock - Offset, First + Count - I);
    std::memcpy(To, E.Blocks.at(B).Data.data() + Offset * E.ElemSize,
                N * E.ElemSize);
    To += N * E.ElemSize;
    I += N;
  }
  return true;
}

size_t Cache::bytes() const {
  size_t Total = 0;
  for (const auto &[Key, E] : Entries)
    Total += E.Blocks.size() * E.PerBlock * E.ElemSize;
  return Total;
}

} // namespace orbis::world
