/// \file
/// orbis_loop_init: what one execution of a blocked loop needs before its
/// first tile (trip count, tile size, number of tiles). It is the C entry
/// point of the internals, so it is where their error statuses become a
/// message naming the loop's source location and the end of the program.
#include "env.h"
#include "export.h"
#include "size_policy.h"
#include "trip_count.h"
#include "verbose.h"

#include <orbis/tile.h>

#include <omp.h>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <string>

using namespace orbis::tile;

namespace {

const char *spelling(orbis_cmp Cmp) {
  switch (Cmp) {
  case ORBIS_CMP_LT:
    return "<";
  case ORBIS_CMP_LE:
    return "<=";
  case ORBIS_CMP_GT:
    return ">";
  case ORBIS_CMP_GE:
    return ">=";
  case ORBIS_CMP_NE:
    return "!=";
  }
  return "?";
}

/// A bound as the user's loop sees it: unsigned domains print unsigned.
std::string bound(long long V, bool IsUnsigned) {
  return IsUnsigned ? std::to_string(static_cast<unsigned long long>(V))
                    : std::to_string(V);
}

[[noreturn]] void failTripCount(const orbis_site_t &Site, Status St,
                                long long Lb, long long Ub, long long Step,
                                orbis_cmp Cmp, bool IsUnsigned) {
  // e.g. "step -1 from 0 with '< 10'": the values of this execution.
  std::string Loop = "step " + std::to_string(Step) + " from " +
                     bound(Lb, IsUnsigned) + " with '" + spelling(Cmp) + " " +
                     bound(Ub, IsUnsigned) + "'";
  std::string What;
  switch (St) {
  case Status::StepDoesNotDivide: {
    unsigned long long Dist = static_cast<unsigned long long>(Ub) -
                              static_cast<unsigned long long>(Lb);
    if (IsUnsigned ? static_cast<unsigned long long>(Lb) >
                         static_cast<unsigned long long>(Ub)
                   : Lb > Ub)
      Dist = 0ULL - Dist;
    What = "blocked loop never reaches its bound (" + Loop +
           ": the step does not divide the distance " + std::to_string(Dist) +
           ")";
    break;
  }
  case Status::TooManyIterations:
    What = "blocked loop has more than " + std::to_string(LLONG_MAX) +
           " iterations (" + Loop + ")";
    break;
  case Status::UnknownOperator:
    What = "blocked loop has an unknown comparison operator (" +
           std::to_string(static_cast<int>(Cmp)) + ")";
    break;
  default:
    What = "blocked loop never reaches its bound (" + Loop + ")";
    break;
  }
  orbis_tile_fatal(Site.where, What.c_str());
}

/// The nominal tile size before clamping, and (only when verbose, since
/// building it costs) where it came from.
struct TileChoice {
  long long Tile;
  std::string How;
};

TileChoice chooseTile(const orbis_site_t &Site, long long Trip,
                      long long Requested, long long OuterTileProduct,
                      bool Verbose) {
  // 1. The clause. A runtime size expression that evaluates to 0 cannot be
  //    told from "no size" (ORBIS_BLOCK_SIZE_AUTO); negative ones can.
  if (Requested > 0)
    return {Requested, Verbose ? "clause" : ""};
  if (Requested < 0) {
    std::string What = "tile size " + std::to_string(Requested) +
                       " requested by 'schedule(blocked)' must be positive";
    orbis_tile_fatal(Site.where, What.c_str());
  }

  // 2. The environment, re-read at every execution (see env.h).
  EnvBlockSize Env =
      blockSizeForLevel(std::getenv("OMP_BLOCK_SIZE"), Site.level);
  if (Env.St != Status::Ok) {
    // Digits alone that do not fit are too large, not "not positive".
    bool Digits = !Env.BadEntry.empty() &&
                  Env.BadEntry.find_first_not_of("0123456789") ==
                      std::string::npos &&
                  Env.BadEntry.find_first_not_of('0') != std::string::npos;
    std::string What = "OMP_BLOCK_SIZE entry '" + Env.BadEntry +
                       "' for nest level " + std::to_string(Env.BadLevel) +
                       (Digits ? " is too large (at most " +
                                     std::to_string(LLONG_MAX) + ")"
                               : " must be a positive integer");
    orbis_tile_fatal(Site.where, What.c_str());
  }
  if (Env.Size != ORBIS_BLOCK_SIZE_AUTO)
    return {Env.Size, Verbose ? "OMP_BLOCK_SIZE" : ""};

  // 3. The policy, given only the machine facts its level uses.
  SizePolicyInput In;
  In.Trip = Trip;
  In.Level = Site.level;
  In.ElemSize = Site.elem_size;
  In.OuterTileProduct = OuterTileProduct;
  In.Pipelined = Site.flags & ORBIS_SITE_PIPELINED;
  In.Innermost = Site.flags & ORBIS_SITE_INNERMOST;
  In.Gpu = Site.flags & ORBIS_SITE_GPU;
  In.GpuWarpRows = Site.flags & ORBIS_SITE_GPU_WARP_ROWS;
  In.GpuTallRows = Site.flags & ORBIS_SITE_GPU_TALL_ROWS;
  // ORBIS_GPU_ROW_WARPS=1 keeps one warp per 32 rows (and its chunk-wide
  // tiles); its other values are checked at the launch.
  const char *RowWarps = std::getenv("ORBIS_GPU_ROW_WARPS");
  In.GpuPairedRows = (Site.flags & ORBIS_SITE_GPU_PAIRED_ROWS) &&
                     !(RowWarps && std::strcmp(RowWarps, "1") == 0);
  In.WorldStaged = Site.flags & ORBIS_SITE_WORLD_STAGED;
  In.Lockstep = Site.flags & ORBIS_SITE_LOCKSTEP;
  std::string How;
  // ORBIS_L2_CACHE_SIZE serves one branch below, but a malformed value is
  // an error whichever loop runs first, not only where it is used.
  const char *Override = std::getenv("ORBIS_L2_CACHE_SIZE");
  CacheSize L2 = l2CacheBytes(Override);
  if (L2.St != Status::Ok) {
    std::string What = std::string("ORBIS_L2_CACHE_SIZE '") + Override +
                       "' must be a positive number of bytes";
    orbis_tile_fatal(Site.where, What.c_str());
  }
  if (In.WorldStaged) {
    In.Threads = policyThreads();
    if (Verbose)
      How = "auto: staged through world memory, " +
            std::to_string(In.Threads) + " threads, " +
            (Site.level <= 0
                 ? "at most " + std::to_string(WorldStagedRows) + " rows"
             : (Site.flags & ORBIS_SITE_INNERMOST)
                 ? "at least " + std::to_string(WorldStagedColumns) +
                       " columns"
                 : std::to_string(TilesPerThread) + " tiles per thread");
  } else if (In.Gpu) {
    if (Verbose)
      How = !In.GpuWarpRows ? "auto: GPU, " + std::to_string(GpuTileSize) +
                                  " per level"
            : Site.level <= 0
                ? "auto: GPU, " +
                      (In.GpuTallRows
                           ? std::to_string(GpuTallRows) +
                                 " rows in lockstep in three warps"
                           : std::to_string(GpuWarpRows) +
                                 " rows in lockstep in one warp")
            : In.GpuPairedRows
                ? "auto: GPU, " + std::to_string(GpuPairedRowColumns) +
                      " columns, two chunks of the rows in lockstep"
                : "auto: GPU, " + std::to_string(GpuWarpRowColumns) +
                      " columns, one chunk of the rows in lockstep";
  } else if (In.Lockstep) {
    In.Threads = policyThreads();
    if (Verbose)
      How = "auto: rows in lockstep, " + std::to_string(In.Threads) +
            " threads, " +
            (Site.level <= 0
                 ? std::to_string(LockstepMinRows) + " to " +
                       std::to_string(LockstepTileRows) +
                       " rows, whole groups of " +
                       std::to_string(ORBIS_LOCKSTEP_ROWS)
                 : std::to_string(LockstepMinColumns) + " to " +
                       std::to_string(LockstepColumns) + " columns");
  } else if (Site.level > 0 && In.Pipelined) {
    In.Threads = policyThreads();
    if (Verbose)
      How = "auto: pipelined, " + std::to_string(TilesPerThread) +
            " tiles per thread, " + std::to_string(In.Threads) + " threads" +
            (In.Innermost ? ", rows of at most " +
                                std::to_string(PipelinedRowBytes) + " bytes"
                          : "");
  } else if (Site.level <= 0) {
    In.Threads = policyThreads();
    if (Verbose)
      How = "auto: " + std::to_string(TilesPerThread) + " tiles per thread, " +
            std::to_string(In.Threads) + " threads";
  } else {
    In.L2Bytes = L2.Bytes;
    if (Verbose)
      How = "auto: L2 " + std::to_string(In.L2Bytes) + " bytes, " +
            std::to_string(Site.elem_size >= 1 ? Site.elem_size
                                               : DefaultElemSize) +
            "-byte elements, outer tiles " +
            std::to_string(std::max(OuterTileProduct, 1LL));
  }
  return {policyTileSize(In), How};
}

/// A worksharing blocked `for` reached inside a tile of a loop of the same
/// team (through a function the tile calls): OpenMP forbids worksharing
/// nested in worksharing, and libomp would abort with an assertion. A
/// blocked loop written inside the enclosing loop is part of its nest
/// instead and never gets here.
void failNestedWorksharing(const orbis_site_t &Site, int TeamLevel) {
  for (const orbis_tile_t *T = orbis_tile_current; T; T = T->parent)
    if (T->loop && T->loop->team_level == TeamLevel) {
      const char *Outer = T->loop->site ? T->loop->site->where : "?";
      std::string What =
          std::string("a worksharing 'for schedule(blocked)' runs inside a "
                      "tile of the blocked loop at ") +
          Outer +
          " in the same parallel region (called from its body): nested "
          "worksharing; write the loop inside the enclosing blocked loop "
          "(a nested blocked loop), or make it 'parallel for'";
      orbis_tile_fatal(Site.where, What.c_str());
    }
}

} // namespace

extern "C" ORBIS_TILE_API ORBIS_NOTHROW void
orbis_loop_init(orbis_loop_t *loop, const orbis_site_t *site, long long lb,
                long long ub, long long step, orbis_cmp cmp, int is_unsigned,
                long long requested, long long outer_tile_product,
                long long total) {
  static const orbis_site_t UnknownSite = {"<unknown blocked loop>", 0, 0};
  const orbis_site_t &Site = site ? *site : UnknownSite;

  // 1. Trip count.
  TripCount TC = computeTripCount(lb, ub, step, cmp, is_unsigned != 0);
  if (TC.St != Status::Ok)
    failTripCount(Site, TC.St, lb, ub, step, cmp, is_unsigned != 0);

  // 2. Tile size, clamped so that there is no empty tile and a zero-trip
  //    loop still has a valid (>= 1) nominal size.
  bool Verbose = verboseEnabled();
  TileChoice Choice =
      chooseTile(Site, TC.Trip, requested, outer_tile_product, Verbose);
  long long Tile = std::clamp(Choice.Tile, 1LL, std::max(TC.Trip, 1LL));

  loop->trip = TC.Trip;
  loop->tile = Tile;
  loop->num_tiles = TC.Trip == 0 ? 0 : (TC.Trip - 1) / Tile + 1;
  loop->step = step;
  // In an unsigned 64-bit domain a bound beyond LLONG_MAX arrives negative:
  // omp_total_size() saturates it rather than report a negative bound.
  loop->total = is_unsigned && total < 0 ? LLONG_MAX : total;
  loop->site = &Site;
  loop->team_level = omp_get_level() + ((Site.flags & ORBIS_SITE_PARALLEL) != 0);
  if (Site.flags & ORBIS_SITE_WORKSHARING)
    failNestedWorksharing(Site, loop->team_level);

  if (Verbose) {
    if (Tile != Choice.Tile)
      Choice.How +=
          " " + std::to_string(Choice.Tile) + ", clamped to the trip count";
    reportTileChoice(Site, *loop, Choice.How);
  }
}
