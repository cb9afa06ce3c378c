/// \file
/// Data movement of a GPU region (orbis_cuda_region_enter/exit): sections
/// are grouped by overlap on the host, so that two pointers into one array
/// point into one device buffer, and each group is one allocation and one
/// copy each way.
#include "../export.h"
#include "checks.h"

#include <orbis/tile.h>
#include <orbis/tile_cuda.h>

#include <cuda_runtime_api.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace {

struct Group {
  uintptr_t Begin = 0, End = 0; ///< host bytes [Begin, End)
  int Kind = 0;                 ///< union of the members' kinds
  void *Device = nullptr;
};

/// The groups of the current region, in the order region_enter made them;
/// regions do not nest (a GPU nest inside a GPU nest stays on the host).
thread_local std::vector<Group> Groups;

uintptr_t address(const void *P) { return reinterpret_cast<uintptr_t>(P); }

} // namespace

extern "C" ORBIS_TILE_API void
orbis_cuda_region_enter(const char *where, orbis_cuda_map_t *maps, int count) {
  orbis::tile::cudaEnsureDevice(where);
  std::vector<int> Order(count);
  for (int I = 0; I < count; ++I)
    Order[I] = I;
  std::sort(Order.begin(), Order.end(), [&](int A, int B) {
    return address(maps[A].begin) < address(maps[B].begin);
  });
  Groups.clear();
  std::vector<size_t> GroupOf(count);
  for (int I : Order) {
    uintptr_t Begin = address(maps[I].begin);
    uintptr_t End = Begin + maps[I].bytes;
    if (Groups.empty() || Begin >= Groups.back().End)
      Groups.push_back({Begin, End, maps[I].kind, nullptr});
    Group &G = Groups.back();
    G.End = std::max(G.End, End);
    G.Kind |= maps[I].kind;
    GroupOf[I] = Groups.size() - 1;
  }
  for (Group &G : Groups) {
    if (G.End == G.Begin)
      continue;
    orbis_cuda_check(cudaMalloc(&G.Device, G.End - G.Begin), "cudaMalloc",
                     where);
    if (G.Kind & ORBIS_MAP_TO)
      orbis_cuda_check(cudaMemcpy(G.Device, reinterpret_cast<void *>(G.Begin),
                                  G.End - G.Begin, cudaMemcpyHostToDevice),
                       "cudaMemcpy (to the device)", where);
  }
  for (int I = 0; I < count; ++I) {
    const Group &G = Groups[GroupOf[I]];
    // The device value keeps the pointer's offset from its section (the
    // pointer may point before the section, as p = A - 1 with map(p[1:n])).
    intptr_t Offset = static_cast<intptr_t>(address(maps[I].value) - G.Begin);
    maps[I].device_value = reinterpret_cast<void *>(
        reinterpret_cast<uintptr_t>(G.Device) + Offset);
  }
}

extern "C" ORBIS_TILE_API void
orbis_cuda_region_exit(const char *where, orbis_cuda_map_t *, int) {
  for (Group &G : Groups) {
    if (!G.Device)
      continue;
    if (G.Kind & ORBIS_MAP_FROM)
      orbis_cuda_check(cudaMemcpy(reinterpret_cast<void *>(G.Begin), G.Device,
                                  G.End - G.Begin, cudaMemcpyDeviceToHost),
                       "cudaMemcpy (from the device)", where);
    orbis_cuda_check(cudaFree(G.Device), "cudaFree", where);
  }
  Groups.clear();
}
