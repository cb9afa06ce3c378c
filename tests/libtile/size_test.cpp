/// \file
/// Where a blocked loop's tile size comes from (EXTENSIONS.md 1.7): the
/// clause, then OMP_BLOCK_SIZE, then the cache/thread policy, whose exact
/// values are checked for given cache sizes, thread counts and element sizes.
#include "env.h"
#include "size_policy.h"
#include "test_support.h"

#include <omp.h>
#include <unistd.h>

#include <climits>

using namespace orbis::tile;
using namespace orbis_test;

namespace {

// Parsing of the environment.

TEST(EnvParseTest, PositiveIntegers) {
  long long V = -1;
  EXPECT_TRUE(parsePositiveInteger("1", V));
  EXPECT_EQ(V, 1);
  EXPECT_TRUE(parsePositiveInteger(" 512\t", V));
  EXPECT_EQ(V, 512);
  EXPECT_TRUE(parsePositiveInteger("9223372036854775807", V));
  EXPECT_EQ(V, LLONG_MAX);
  V = 7;
  for (const char *Bad : {"", " ", "0", "000", "-1", "+4", "12x", "x12", "1 2",
                          "0x10", "4K", "9223372036854775808"}) {
    SCOPED_TRACE(Bad);
    EXPECT_FALSE(parsePositiveInteger(Bad, V));
    EXPECT_EQ(V, 7);
  }
}

TEST(EnvParseTest, BlockSizeSingleValue) {
  EnvBlockSize E = blockSizeForLevel("64", 0);
  EXPECT_EQ(E.St, Status::Ok);
  EXPECT_EQ(E.Size, 64);
  // One value is the entry of level 0 only.
  EXPECT_EQ(blockSizeForLevel("64", 1).Size, ORBIS_BLOCK_SIZE_AUTO);
}

TEST(EnvParseTest, BlockSizeList) {
  const char *List = "64, 8 ,\t16";
  EXPECT_EQ(blockSizeForLevel(List, 0).Size, 64);
  EXPECT_EQ(blockSizeForLevel(List, 1).Size, 8);
  EXPECT_EQ(blockSizeForLevel(List, 2).Size, 16);
  EXPECT_EQ(blockSizeForLevel(List, 3).Size, ORBIS_BLOCK_SIZE_AUTO);
  EXPECT_EQ(blockSizeForLevel(List, 3).St, Status::Ok);
}

TEST(EnvParseTest, BlockSizeMissingEntries) {
  EXPECT_EQ(blockSizeForLevel(nullptr, 0).Size, ORBIS_BLOCK_SIZE_AUTO);
  EXPECT_EQ(blockSizeForLevel("", 0).Size, ORBIS_BLOCK_SIZE_AUTO);
  EXPECT_EQ(blockSizeForLevel(" ", 0).Size, ORBIS_BLOCK_SIZE_AUTO);
  EXPECT_EQ(blockSizeForLevel("64,,16", 1).Size, ORBIS_BLOCK_SIZE_AUTO);
  EXPECT_EQ(blockSizeForLevel("64,,16", 2).Size, 16);
  EXPECT_EQ(blockSizeForLevel(",32", 0).Size, ORBIS_BLOCK_SIZE_AUTO);
  EXPECT_EQ(blockSizeForLevel(",32", 1).Size, 32);
  EXPECT_EQ(blockSizeForLevel("32,", 1).Size, ORBIS_BLOCK_SIZE_AUTO);
  EXPECT_EQ(blockSizeForLevel("32,", 1).St, Status::Ok);
}

TEST(EnvParseTest, BlockSizeInvalidEntries) {
  struct Case {
    const char *Value;
    int Level;
    int BadLevel;
    const char *BadEntry;
  } Cases[] = {
      {"0", 0, 0, "0"},
      {"abc", 0, 0, "abc"},
      {"-4", 0, 0, "-4"},
      {"12x", 0, 0, "12x"},
      {"64, abc ", 0, 1, "abc"}, // checked even when level 0 is fine
      {"64,8,0", 1, 2, "0"},
      {"99999999999999999999", 0, 0, "99999999999999999999"},
  };
  for (const Case &C : Cases) {
    SCOPED_TRACE(C.Value);
    EnvBlockSize E = blockSizeForLevel(C.Value, C.Level);
    EXPECT_EQ(E.St, Status::InvalidSize);
    EXPECT_EQ(E.Size, ORBIS_BLOCK_SIZE_AUTO);
    EXPECT_EQ(E.BadLevel, C.BadLevel);
    EXPECT_EQ(E.BadEntry, C.BadEntry);
  }
}

TEST(EnvParseTest, Verbose) {
  EXPECT_FALSE(verboseRequested(nullptr));
  EXPECT_FALSE(verboseRequested(""));
  EXPECT_FALSE(verboseRequested("0"));
  EXPECT_TRUE(verboseRequested("1"));
  EXPECT_TRUE(verboseRequested("yes"));
}

// The policy, with explicit machine facts.

SizePolicyInput policyInput(long long Trip, int Level, int ElemSize,
                            long long Outer, int Threads, long long L2) {
  SizePolicyInput In;
  In.Trip = Trip;
  In.Level = Level;
  In.ElemSize = ElemSize;
  In.OuterTileProduct = Outer;
  In.Threads = Threads;
  In.L2Bytes = L2;
  return In;
}

TEST(SizePolicyTest, GpuTilesAreFixedAndOneWarpTallForLockstepRows) {
  // On a GPU the trip count and the threads play no part; a nest whose
  // rows run in lockstep in one warp gets 32 rows at level 0 and one
  // 16-column chunk at the inner levels the compiler flags (and no tile
  // exceeds the trip count).
  for (long long Trip : {64LL, 4094LL, 1LL << 20}) {
    SizePolicyInput In = policyInput(Trip, 0, 8, 1, 16, 1 << 20);
    In.Gpu = true;
    EXPECT_EQ(policyTileSize(In), 64) << Trip;
    In.GpuWarpRows = true;
    EXPECT_EQ(policyTileSize(In), 32) << Trip;
    In.Level = 1;
    In.Innermost = In.Pipelined = true;
    EXPECT_EQ(policyTileSize(In), 16) << Trip;
    In.GpuWarpRows = false;
    EXPECT_EQ(policyTileSize(In), 64) << Trip;
  }
  SizePolicyInput Short = policyInput(10, 1, 8, 1, 16, 1 << 20);
  Short.Gpu = Short.GpuWarpRows = true;
  EXPECT_EQ(policyTileSize(Short), 10);
}

TEST(SizePolicyTest, GpuRowsLaggingByOneGetThreeWarpsAtLevelZeroOnly) {
  // Rows that lag by at most one iteration: three warps' rows at level 0,
  // the chunk at inner levels as before; the flag means nothing without
  // the warp rows, and no tile exceeds the trip count.
  for (long long Trip : {4094LL, 1LL << 20}) {
    SizePolicyInput In = policyInput(Trip, 0, 8, 1, 16, 1 << 20);
    In.Gpu = In.GpuWarpRows = In.GpuTallRows = true;
    EXPECT_EQ(policyTileSize(In), 96) << Trip;
    In.Level = 1;
    In.Innermost = In.Pipelined = true;
    EXPECT_EQ(policyTileSize(In), 16) << Trip;
    In.Level = 0;
    In.Innermost = In.Pipelined = false;
    In.GpuWarpRows = false;
    EXPECT_EQ(policyTileSize(In), 64) << Trip;
  }
  SizePolicyInput Short = policyInput(50, 0, 8, 1, 16, 1 << 20);
  Short.Gpu = Short.GpuWarpRows = Short.GpuTallRows = true;
  EXPECT_EQ(policyTileSize(Short), 50);
}

TEST(SizePolicyTest, GpuPairedRowsGetTwoChunksAtInnerLevelsOnly) {
  // Two warps per 32 rows taking alternate chunks: inner tiles of two
  // 16-column chunks; level 0 as without the flag, which means nothing
  // without the warp rows; no tile exceeds the trip count.
  for (long long Trip : {4094LL, 1LL << 20}) {
    SizePolicyInput In = policyInput(Trip, 1, 8, 1, 16, 1 << 20);
    In.Gpu = In.GpuWarpRows = In.GpuPairedRows = true;
    In.Innermost = In.Pipelined = true;
    EXPECT_EQ(policyTileSize(In), 32) << Trip;
    In.GpuPairedRows = false;
    EXPECT_EQ(policyTileSize(In), 16) << Trip;
    In.GpuPairedRows = true;
    In.GpuWarpRows = false;
    EXPECT_EQ(policyTileSize(In), 64) << Trip;
    In.Level = 0;
    In.Innermost = false;
    In.GpuWarpRows = In.GpuTallRows = true;
    EXPECT_EQ(policyTileSize(In), 96) << Trip;
  }
  SizePolicyInput Short = policyInput(20, 1, 8, 1, 16, 1 << 20);
  Short.Gpu = Short.GpuWarpRows = Short.GpuPairedRows = true;
  EXPECT_EQ(policyTileSize(Short), 20);
}

TEST(SizePolicyTest, LockstepRowsGetMultiplesOfTheGroupAndWideRows) {
  auto Lockstep = [](long long Trip, int Level, int Threads) {
    SizePolicyInput In = policyInput(Trip, Level, 8, 192, Threads, 1 << 20);
    In.Lockstep = In.Pipelined = true;
    In.Innermost = Level > 0;
    return policyTileSize(In);
  };
  // Level 0: four tiles per thread within 24 to 126 rows, rounded up to a
  // multiple of the 6 rows a core advances together (so at most four tiles
  // per thread), at most the trip count.
  EXPECT_EQ(Lockstep(4094, 0, 2), 126);
  EXPECT_EQ(Lockstep(2046, 0, 2), 126);
  EXPECT_EQ(Lockstep(4094, 0, 16), 66);
  EXPECT_EQ(Lockstep(4094, 0, 4), 126);
  EXPECT_EQ(Lockstep(8190, 0, 16), 126);
  EXPECT_EQ(Lockstep(1600, 0, 4), 102); // ceil(1600 / 16) = 100, then 102
  EXPECT_EQ(Lockstep(1022, 0, 16), 24);
  EXPECT_EQ(Lockstep(20, 0, 2), 20);
  EXPECT_EQ(Lockstep(5, 0, 2), 5);
  EXPECT_EQ(Lockstep(0, 0, 2), 1);
  // Inner level: a row per thread, within 64 to 512 columns, at most the
  // trip count.
  EXPECT_EQ(Lockstep(4094, 1, 2), 512);
  EXPECT_EQ(Lockstep(4094, 1, 16), 256);
  EXPECT_EQ(Lockstep(2046, 1, 16), 128);
  EXPECT_EQ(Lockstep(1022, 1, 16), 64);
  EXPECT_EQ(Lockstep(900, 1, 4), 225);
  EXPECT_EQ(Lockstep(600, 1, 32), 64);
  EXPECT_EQ(Lockstep(50, 1, 2), 50);
  EXPECT_EQ(Lockstep(0, 1, 2), 1);
}

TEST(SizePolicyTest, OutermostLevelGivesFourTilesPerThread) {
  // ceil(trip / (4 * threads)); the cache plays no part.
  EXPECT_EQ(policyTileSize(policyInput(4094, 0, 8, 1, 2, 1 << 20)), 512);
  EXPECT_EQ(policyTileSize(policyInput(4096, 0, 8, 1, 2, 1 << 20)), 512);
  EXPECT_EQ(policyTileSize(policyInput(4097, 0, 8, 1, 2, 1 << 20)), 513);
  EXPECT_EQ(policyTileSize(policyInput(1000, 0, 8, 1, 4, 1 << 10)), 63);
  EXPECT_EQ(policyTileSize(policyInput(1000, 0, 1, 1, 1, 1 << 30)), 250);
  EXPECT_EQ(policyTileSize(policyInput(9, 0, 8, 1, 2, 1 << 20)), 2);
  EXPECT_EQ(policyTileSize(policyInput(8, 0, 8, 1, 2, 1 << 20)), 1);
  EXPECT_EQ(policyTileSize(policyInput(3, 0, 8, 1, 16, 1 << 20)), 1);
  EXPECT_EQ(policyTileSize(policyInput(0, 0, 8, 1, 2, 1 << 20)), 1);
  // No thread count (0) counts as one thread.
  EXPECT_EQ(policyTileSize(policyInput(100, 0, 8, 1, 0, 1 << 20)), 25);
}

// Pipelined nests (with `omp block`): inner levels keep at least four tiles
// per thread, and the innermost one rows of at most 256 bytes; the cache
// rule is not used.
TEST(SizePolicyTest, PipelinedInnerLevels) {
  auto Pipelined = [](long long Trip, int Level, int Elem, int Threads,
                      bool Innermost) {
    SizePolicyInput In = policyInput(Trip, Level, Elem, 512, Threads, 1 << 20);
    In.Pipelined = true;
    In.Innermost = Innermost;
    return policyTileSize(In);
  };
  EXPECT_EQ(Pipelined(4094, 1, 8, 2, true), 32);   // 256 B of doubles
  EXPECT_EQ(Pipelined(4094, 1, 4, 2, true), 64);   // 256 B of floats
  EXPECT_EQ(Pipelined(4094, 1, 8, 16, true), 32);
  EXPECT_EQ(Pipelined(100, 1, 8, 2, true), 13);    // ceil(100 / 8) < 32
  EXPECT_EQ(Pipelined(100, 1, 1024, 2, true), 1);  // rows never below 1
  EXPECT_EQ(Pipelined(4094, 1, 8, 2, false), 512); // a middle level
  EXPECT_EQ(Pipelined(4094, 2, 8, 4, false), 256);
  EXPECT_EQ(Pipelined(0, 1, 8, 2, true), 1);
  // Level 0 is the same as for plain tiling.
  EXPECT_EQ(Pipelined(4094, 0, 8, 2, false), 512);
}

TEST(SizePolicyTest, ThreadCountsOneToFour) {
  for (int Threads = 1; Threads <= 4; ++Threads) {
    SCOPED_TRACE(Threads);
    long long Tile = policyTileSize(policyInput(1200, 0, 8, 1, Threads, 0));
    EXPECT_EQ(Tile, 1200 / (4 * Threads));
  }
}

TEST(SizePolicyTest, InnerLevelsFillHalfTheL2) {
  // L2 / (2 * elem_size * outer_tile_product), clamped to [1, trip].
  EXPECT_EQ(policyTileSize(policyInput(4094, 1, 8, 512, 2, 1 << 20)), 128);
  EXPECT_EQ(policyTileSize(policyInput(100000, 1, 8, 1, 2, 1 << 20)), 65536);
  EXPECT_EQ(policyTileSize(policyInput(100000, 1, 4, 64, 2, 1 << 20)), 2048);
  EXPECT_EQ(policyTileSize(policyInput(100000, 2, 8, 16 * 16, 2, 65536)), 16);
  EXPECT_EQ(policyTileSize(policyInput(100000, 1, 8, 1, 2, 1000)), 62);
  EXPECT_EQ(policyTileSize(policyInput(100000, 1, 3, 1, 2, 1000)), 166);
  // The thread count plays no part below level 0.
  EXPECT_EQ(policyTileSize(policyInput(100000, 1, 8, 1, 64, 1000)), 62);
}

TEST(SizePolicyTest, InnerLevelWhoseDataFitsIsOneTile) {
  EXPECT_EQ(policyTileSize(policyInput(100, 1, 8, 512, 2, 1 << 20)), 100);
  EXPECT_EQ(policyTileSize(policyInput(128, 1, 8, 512, 2, 1 << 20)), 128);
  EXPECT_EQ(policyTileSize(policyInput(0, 1, 8, 512, 2, 1 << 20)), 1);
}

TEST(SizePolicyTest, InnerLevelNeverBelowOne) {
  EXPECT_EQ(policyTileSize(policyInput(1000, 1, 8, 1LL << 40, 2, 1 << 20)), 1);
  EXPECT_EQ(policyTileSize(policyInput(1000, 1, 8, LLONG_MAX, 2, 1 << 20)), 1);
  EXPECT_EQ(policyTileSize(policyInput(1000, 1, 1 << 30, 1, 2, 1 << 20)), 1);
}

TEST(SizePolicyTest, UnknownElementSizeAndOuterProduct) {
  // Element size < 1: 8 bytes; outer product < 1: 1; L2 < 1: 1 MiB.
  EXPECT_EQ(policyTileSize(policyInput(100000, 1, 0, 1, 2, 1 << 16)), 4096);
  EXPECT_EQ(policyTileSize(policyInput(100000, 1, 8, 0, 2, 1 << 16)), 4096);
  EXPECT_EQ(policyTileSize(policyInput(100000, 1, 8, 1, 2, 0)), 65536);
}

TEST(SizePolicyTest, L2CacheSize) {
  CacheSize C = l2CacheBytes("4096");
  EXPECT_EQ(C.St, Status::Ok);
  EXPECT_EQ(C.Bytes, 4096);
  EXPECT_EQ(l2CacheBytes("4K").St, Status::InvalidSize);
  EXPECT_EQ(l2CacheBytes("0").St, Status::InvalidSize);
  CacheSize Machine = l2CacheBytes(nullptr);
  EXPECT_EQ(Machine.St, Status::Ok);
  long long Sys = sysconf(_SC_LEVEL2_CACHE_SIZE);
  if (Sys > 0)
    EXPECT_EQ(Machine.Bytes, Sys);
  else
    EXPECT_GE(Machine.Bytes, 1);
  EXPECT_EQ(l2CacheBytes("").Bytes, Machine.Bytes);
}

// The order of the sources, through orbis_loop_init.

using TileSizeTest = LibtileTest;

TEST_F(TileSizeTest, ClauseWinsOverEnvironment) {
  BlockSize.set("7");
  EXPECT_EQ(initLoop(0, ORBIS_CMP_LT, 100, 1, 5).tile, 5);
  BlockSize.set("abc"); // not even read
  EXPECT_EQ(initLoop(0, ORBIS_CMP_LT, 100, 1, 5).tile, 5);
}

TEST_F(TileSizeTest, EnvironmentSingleValue) {
  BlockSize.set("7");
  orbis_loop_t L = initLoop(0, ORBIS_CMP_LT, 100, 1, ORBIS_BLOCK_SIZE_AUTO);
  EXPECT_EQ(L.tile, 7);
  EXPECT_EQ(L.num_tiles, 15);
}

TEST_F(TileSizeTest, EnvironmentIsReadAtEveryLoop) {
  BlockSize.set("7");
  EXPECT_EQ(initLoop(0, ORBIS_CMP_LT, 100, 1, ORBIS_BLOCK_SIZE_AUTO).tile, 7);
  BlockSize.set("9");
  EXPECT_EQ(initLoop(0, ORBIS_CMP_LT, 100, 1, ORBIS_BLOCK_SIZE_AUTO).tile, 9);
}

TEST_F(TileSizeTest, EnvironmentListPerLevel) {
  BlockSize.set("64,8,16");
  L2Size.set("1048576");
  for (int Level = 0; Level <= 3; ++Level) {
    SCOPED_TRACE(Level);
    orbis_loop_t L = initLoop(0, ORBIS_CMP_LT, 100000, 1, ORBIS_BLOCK_SIZE_AUTO,
                              false, site(Level, 8), 4);
    // Level 3 is not in the list: 1 MiB / (2 * 8 * 4).
    EXPECT_EQ(L.tile, Level == 0   ? 64
                      : Level == 1 ? 8
                      : Level == 2 ? 16
                                   : 16384);
  }
}

TEST_F(TileSizeTest, EnvironmentMissingLevelFallsBackToPolicy) {
  BlockSize.set("32");
  L2Size.set("65536");
  orbis_loop_t L = initLoop(0, ORBIS_CMP_LT, 1000, 1, ORBIS_BLOCK_SIZE_AUTO,
                            false, site(1, 8), 16);
  EXPECT_EQ(L.tile, 256); // 65536 / (2 * 8 * 16)
  EXPECT_EQ(L.num_tiles, 4);
  BlockSize.set("32,,4");
  EXPECT_EQ(initLoop(0, ORBIS_CMP_LT, 1000, 1, ORBIS_BLOCK_SIZE_AUTO, false,
                     site(1, 8), 16)
                .tile,
            256);
  BlockSize.set("");
  EXPECT_EQ(initLoop(0, ORBIS_CMP_LT, 1000, 1, ORBIS_BLOCK_SIZE_AUTO, false,
                     site(1, 8), 16)
                .tile,
            256);
}

TEST_F(TileSizeTest, EnvironmentSizeIsClampedToTripCount) {
  BlockSize.set("500");
  orbis_loop_t L = initLoop(0, ORBIS_CMP_LT, 100, 1, ORBIS_BLOCK_SIZE_AUTO);
  EXPECT_EQ(L.tile, 100);
  EXPECT_EQ(L.num_tiles, 1);
}

/// The level-0 policy plans for the team that shares the tiles: the next
/// team outside a parallel region, the current one inside.
class PolicyThreadsTest : public LibtileTest,
                          public ::testing::WithParamInterface<int> {
protected:
  void SetUp() override {
    LibtileTest::SetUp();
    SavedThreads = omp_get_max_threads();
  }
  void TearDown() override {
    omp_set_num_threads(SavedThreads);
    LibtileTest::TearDown();
  }
  int SavedThreads = 1;
};

TEST_P(PolicyThreadsTest, OutsideParallel) {
  int Threads = GetParam();
  omp_set_num_threads(Threads);
  orbis_loop_t L = initLoop(0, ORBIS_CMP_LT, 1200, 1, ORBIS_BLOCK_SIZE_AUTO);
  EXPECT_EQ(L.tile, 1200 / (4 * Threads));
  EXPECT_EQ(L.num_tiles, 4 * Threads);
}

TEST_P(PolicyThreadsTest, InsideParallel) {
  int Threads = GetParam();
  omp_set_num_threads(7); // the next team's size must not matter
  long long Tiles[8] = {};
  int TeamSize = 0;
#pragma omp parallel num_threads(Threads)
  {
    orbis_loop_t L = initLoop(0, ORBIS_CMP_LT, 1200, 1, ORBIS_BLOCK_SIZE_AUTO);
    Tiles[omp_get_thread_num()] = L.tile;
#pragma omp single
    TeamSize = omp_get_num_threads();
  }
  ASSERT_EQ(TeamSize, Threads);
  for (int T = 0; T < Threads; ++T)
    EXPECT_EQ(Tiles[T], 1200 / (4 * Threads));
}

INSTANTIATE_TEST_SUITE_P(Threads, PolicyThreadsTest,
                         ::testing::Values(1, 2, 3, 4));

} // namespace
