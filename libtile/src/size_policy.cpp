/// \file
/// The automatic tile size policy and the machine facts it needs (thread
/// count, L2 size). Deliberately simple and documented in size_policy.h: the
/// chosen sizes are printed with ORBIS_VERBOSE=1 and recorded by the
/// benchmarks, so a user can see and override (OMP_BLOCK_SIZE) what it does.
#include "size_policy.h"

#include "env.h"

#include <orbis/tile.h>

#include <omp.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <string>

namespace orbis::tile {

long long policyTileSize(const SizePolicyInput &In) {
  long long Trip = std::max(In.Trip, 0LL);
  long long Tile;
  long long Parts = TilesPerThread * std::max(In.Threads, 1);
  long long Shared = Trip == 0 ? 1 : (Trip - 1) / Parts + 1;
  if (In.Gpu) {
    Tile = !In.GpuWarpRows   ? GpuTileSize
           : In.Level <= 0   ? (In.GpuTallRows ? GpuTallRows : GpuWarpRows)
           : In.GpuPairedRows ? GpuPairedRowColumns
                             : GpuWarpRowColumns;
  } else if (In.WorldStaged) {
    Tile = In.Level <= 0    ? std::min(Shared, WorldStagedRows)
           : In.Innermost   ? std::max(Shared, WorldStagedColumns)
                            : Shared;
  } else if (In.Lockstep) {
    if (In.Level <= 0) {
      // Rounded up to whole groups: the tile count then stays at most
      // TilesPerThread * Threads, so the last round of tiles is not a few
      // tiles that leave most threads idle.
      Tile = std::clamp(Shared, std::min(LockstepMinRows, Trip),
                        LockstepTileRows);
      Tile = std::min((Tile + ORBIS_LOCKSTEP_ROWS - 1) / ORBIS_LOCKSTEP_ROWS *
                          ORBIS_LOCKSTEP_ROWS,
                      LockstepTileRows);
    } else {
      long long Threads = std::max(In.Threads, 1);
      Tile = std::clamp(Trip == 0 ? 1 : (Trip - 1) / Threads + 1,
                        LockstepMinColumns, LockstepColumns);
    }
  } else if (In.Level <= 0) {
    Tile = Shared;
  } else if (In.Pipelined) {
    long long Elem = In.ElemSize >= 1 ? In.ElemSize : DefaultElemSize;
    Tile = Shared;
    if (In.Innermost)
      Tile = std::min(Tile, std::max(PipelinedRowBytes / Elem, 1LL));
  } else {
    long long Elem = In.ElemSize >= 1 ? In.ElemSize : DefaultElemSize;
    long long Outer = std::max(In.OuterTileProduct, 1LL);
    long long L2 = In.L2Bytes >= 1 ? In.L2Bytes : DefaultL2Bytes;
    // Divided one factor at a time: the product could overflow, and
    // floor(floor(a/b)/c) == floor(a/(b*c)) for positive integers.
    Tile = L2 / 2 / Elem / Outer;
  }
  return std::clamp(Tile, 1LL, std::max(Trip, 1LL));
}

int policyThreads() {
  // omp_get_level, not omp_in_parallel: a team of one is an inactive region,
  // and omp_get_max_threads() there is the size of a team that never forms.
  return omp_get_level() > 0 ? omp_get_num_threads() : omp_get_max_threads();
}

namespace {

/// A sysfs cache size: "1024K", "2M" or plain bytes; 0 when unreadable.
long long readSysfsSize(const std::string &Path) {
  std::ifstream In(Path);
  std::string Text;
  if (!(In >> Text) || Text.empty())
    return 0;
  long long Scale = 1;
  switch (std::toupper(static_cast<unsigned char>(Text.back()))) {
  case 'K':
    Scale = 1LL << 10;
    break;
  case 'M':
    Scale = 1LL << 20;
    break;
  case 'G':
    Scale = 1LL << 30;
    break;
  }
  if (Scale != 1)
    Text.pop_back();
  long long V;
  return parsePositiveInteger(Text, V) ? V * Scale : 0;
}

long long detectL2Bytes() {
  long long Bytes = sysconf(_SC_LEVEL2_CACHE_SIZE);
  if (Bytes > 0)
    return Bytes;
  // Some C libraries (musl, glibc on non-x86) do not know; the kernel does.
  // The index of the L2 varies, so look for level 2 data or unified caches.
  for (int I = 0; I < 8; ++I) {
    std::string Dir =
        "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(I) + "/";
    std::ifstream Level(Dir + "level"), Type(Dir + "type");
    int L = 0;
    std::string T;
    if (!(Level >> L) || !(Type >> T))
      break;
    if (L == 2 && T != "Instruction")
      if (long long S = readSysfsSize(Dir + "size"))
        return S;
  }
  return DefaultL2Bytes;
}

} // namespace

CacheSize l2CacheBytes(const char *Override) {
  if (Override && *Override) {
    long long V;
    if (!parsePositiveInteger(Override, V))
      return {Status::InvalidSize, 0};
    return {Status::Ok, V};
  }
  // The hardware does not change while the program runs: detect once.
  static const long long Detected = detectL2Bytes();
  return {Status::Ok, Detected};
}

} // namespace orbis::tile
