/// \file
/// Allocations made by a `single` that runs on the host before a kernel
/// (see tile_cuda.h): their sizes, so that the pointers map without a clause.
#include "../export.h"

#include <orbis/tile.h>
#include <orbis/tile_cuda.h>

#include <cstdlib>
#include <mutex>
#include <string>
#include <unordered_map>

namespace {

std::mutex Lock;
std::unordered_map<const void *, size_t> &sizes() {
  static std::unordered_map<const void *, size_t> Sizes;
  return Sizes;
}

void *record(void *P, size_t Bytes) {
  if (P) {
    std::lock_guard<std::mutex> G(Lock);
    sizes()[P] = Bytes;
  }
  return P;
}

} // namespace

extern "C" ORBIS_TILE_API void *orbis_cuda_malloc(size_t bytes) {
  return record(std::malloc(bytes), bytes);
}

extern "C" ORBIS_TILE_API void *orbis_cuda_calloc(size_t count, size_t size) {
  // calloc checks count * size for overflow itself.
  return record(std::calloc(count, size), count * size);
}

extern "C" ORBIS_TILE_API size_t orbis_cuda_allocation_size(const void *p,
                                                            const char *name,
                                                            const char *where) {
  std::lock_guard<std::mutex> G(Lock);
  auto It = sizes().find(p);
  if (It != sizes().end())
    return It->second;
  std::string What = std::string("pointer '") + name +
                     "' is used on the GPU but was not allocated by malloc "
                     "or calloc in the outermost 'single'; add a 'map' "
                     "clause with its size";
  orbis_tile_fatal(where, What.c_str());
}
