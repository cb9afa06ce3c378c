/// \file
/// Data movement of GPU regions (see tile_cuda.h). A region's sections are
/// grouped by overlap on the host, so that two pointers into one array point
/// into one device buffer, and each group is one allocation and one copy
/// each way. Sections inside data that a `target data` region (the data
/// environment) holds on the device are present: the region uses them in
/// place and copies nothing, as OpenMP specifies.
#include "../export.h"
#include "checks.h"

#include <orbis/tile.h>
#include <orbis/tile_cuda.h>

#include <cuda_runtime_api.h>

#include <algorithm>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace {

uintptr_t address(const void *P) { return reinterpret_cast<uintptr_t>(P); }

/// Host bytes [Begin, End) held on the device at Device.
struct Group {
  uintptr_t Begin = 0, End = 0;
  int Kind = 0; ///< union of the members' map kinds
  void *Device = nullptr;
  int Refs = 0; ///< data environment: `target data` regions holding it
};

/// Groups the sections `Maps[I]` for I in `Members` by overlap, allocates
/// and copies each group in; GroupOf[I] is the index in `Out`.
void mapGroups(const char *Where, const orbis_cuda_map_t *Maps,
               std::vector<int> Members, std::vector<Group> &Out,
               std::vector<size_t> &GroupOf) {
  std::sort(Members.begin(), Members.end(), [&](int A, int B) {
    return address(Maps[A].begin) < address(Maps[B].begin);
  });
  size_t First = Out.size();
  for (int I : Members) {
    uintptr_t Begin = address(Maps[I].begin);
    uintptr_t End = Begin + Maps[I].bytes;
    if (Out.size() == First || Begin >= Out.back().End)
      Out.push_back({Begin, End, Maps[I].kind, nullptr, 0});
    Group &G = Out.back();
    G.End = std::max(G.End, End);
    G.Kind |= Maps[I].kind;
    GroupOf[I] = Out.size() - 1;
  }
  for (size_t K = First; K < Out.size(); ++K) {
    Group &G = Out[K];
    if (G.End == G.Begin)
      continue;
    orbis_cuda_check(cudaMalloc(&G.Device, G.End - G.Begin), "cudaMalloc",
                     Where);
    if (G.Kind & ORBIS_MAP_TO)
      orbis_cuda_check(cudaMemcpy(G.Device, reinterpret_cast<void *>(G.Begin),
                                  G.End - G.Begin, cudaMemcpyHostToDevice),
                       "cudaMemcpy (to the device)", Where);
  }
}

void unmapGroup(const char *Where, Group &G) {
  if (!G.Device)
    return;
  if (G.Kind & ORBIS_MAP_FROM)
    orbis_cuda_check(cudaMemcpy(reinterpret_cast<void *>(G.Begin), G.Device,
                                G.End - G.Begin, cudaMemcpyDeviceToHost),
                     "cudaMemcpy (from the device)", Where);
  orbis_cuda_check(cudaFree(G.Device), "cudaFree", Where);
  G.Device = nullptr;
}

/// The device value of a pointer whose section lies in group G.
void *deviceValue(const Group &G, const orbis_cuda_map_t &M) {
  // The pointer may point before its section (p = A - 1 with map(p[1:n])).
  intptr_t Offset = static_cast<intptr_t>(address(M.value) - G.Begin);
  return reinterpret_cast<void *>(reinterpret_cast<uintptr_t>(G.Device) +
                                  Offset);
}

std::mutex Lock;
/// The data environment of `target data` regions, process-wide.
std::vector<Group> Present;
/// The groups of the region being run (regions do not nest: a GPU nest
/// inside a GPU nest stays on the host).
thread_local std::vector<Group> RegionGroups;

/// The present group holding all of M's section, if any.
const Group *presentFor(const orbis_cuda_map_t &M) {
  uintptr_t Begin = address(M.begin), End = Begin + M.bytes;
  for (const Group &G : Present)
    if (G.Device && Begin >= G.Begin && End <= G.End)
      return &G;
  return nullptr;
}

} // namespace

bool orbis::tile::presentExtent(const void *Begin, size_t Bytes,
                                uintptr_t &ExtentBegin, uintptr_t &ExtentEnd) {
  std::lock_guard<std::mutex> Guard(Lock);
  orbis_cuda_map_t M{};
  M.begin = Begin;
  M.bytes = Bytes;
  const Group *G = presentFor(M);
  if (!G)
    return false;
  ExtentBegin = G->Begin;
  ExtentEnd = G->End;
  return true;
}

extern "C" ORBIS_TILE_API void
orbis_cuda_region_enter(const char *where, orbis_cuda_map_t *maps, int count) {
  orbis::tile::cudaEnsureDevice(where);
  std::lock_guard<std::mutex> Guard(Lock);
  std::vector<int> Missing;
  for (int I = 0; I < count; ++I)
    if (const Group *G = presentFor(maps[I]))
      maps[I].device_value = deviceValue(*G, maps[I]);
    else
      Missing.push_back(I);
  RegionGroups.clear();
  std::vector<size_t> GroupOf(count);
  mapGroups(where, maps, Missing, RegionGroups, GroupOf);
  for (int I : Missing)
    maps[I].device_value = deviceValue(RegionGroups[GroupOf[I]], maps[I]);
}

extern "C" ORBIS_TILE_API void
orbis_cuda_region_exit(const char *where, orbis_cuda_map_t *, int) {
  for (Group &G : RegionGroups)
    unmapGroup(where, G);
  RegionGroups.clear();
}

extern "C" ORBIS_TILE_API void
orbis_cuda_data_begin(const char *where, orbis_cuda_map_t *maps, int count) {
  orbis::tile::cudaEnsureDevice(where);
  std::lock_guard<std::mutex> Guard(Lock);
  std::vector<int> Missing;
  for (int I = 0; I < count; ++I)
    if (const Group *G = presentFor(maps[I]))
      ++const_cast<Group *>(G)->Refs;
    else
      Missing.push_back(I);
  std::vector<Group> Added;
  std::vector<size_t> GroupOf(count);
  mapGroups(where, maps, Missing, Added, GroupOf);
  for (Group &G : Added) {
    G.Refs = 1;
    Present.push_back(G);
  }
}

extern "C" ORBIS_TILE_API void
orbis_cuda_data_end(const char *where, orbis_cuda_map_t *maps, int count) {
  std::lock_guard<std::mutex> Guard(Lock);
  for (int I = count; I-- > 0;) {
    const Group *G = presentFor(maps[I]);
    if (!G)
      continue; // part of a group this region released already
    Group &Held = *const_cast<Group *>(G);
    if (--Held.Refs <= 0)
      unmapGroup(where, Held);
  }
  Present.erase(std::remove_if(Present.begin(), Present.end(),
                               [](const Group &G) { return !G.Device; }),
                Present.end());
}
