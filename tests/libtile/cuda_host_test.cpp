/// \file
/// The parts of libtile's CUDA runtime that need no GPU: sub-tile counts,
/// the recorded sizes of a hoisted `single`'s allocations, the GPU settings
/// read from the environment, and the messages of their misuse.
#include "test_support.h"

#include <orbis/tile_cuda.h>

#include <cstdlib>

using namespace orbis_test;

namespace {

orbis_loop_t loopOf(long long Trip, long long Tile) {
  orbis_loop_t L{};
  L.trip = Trip;
  L.tile = Tile;
  L.num_tiles = Trip == 0 ? 0 : (Trip - 1) / Tile + 1;
  L.step = 1;
  return L;
}

TEST(CudaSubtileTest, CountsAlongTheLoop) {
  long long PerTile = 0, Count = 0;
  // 10 iterations in tiles of 4 (4, 4, 2), sub-tiles of 3: (3, 1) (3, 1) (2).
  orbis_loop_t L = loopOf(10, 4);
  orbis_cuda_subtile_counts(&L, 3, &PerTile, &Count);
  EXPECT_EQ(PerTile, 2);
  EXPECT_EQ(Count, 5);
  // Sub-tiles of one iteration: one per iteration.
  orbis_cuda_subtile_counts(&L, 1, &PerTile, &Count);
  EXPECT_EQ(PerTile, 4);
  EXPECT_EQ(Count, 10);
  // A sub-tile larger than the tile: one per tile.
  orbis_cuda_subtile_counts(&L, 64, &PerTile, &Count);
  EXPECT_EQ(PerTile, 1);
  EXPECT_EQ(Count, 3);
  // No iterations.
  orbis_loop_t Empty = loopOf(0, 4);
  orbis_cuda_subtile_counts(&Empty, 2, &PerTile, &Count);
  EXPECT_EQ(Count, 0);
}

TEST(CudaAllocationTest, SizesOfTheSinglesAllocations) {
  void *P = orbis_cuda_calloc(33, 64);
  void *Q = orbis_cuda_malloc(7);
  ASSERT_NE(P, nullptr);
  ASSERT_NE(Q, nullptr);
  EXPECT_EQ(orbis_cuda_allocation_size(P, "p", "t.c:1:1"), 33u * 64u);
  EXPECT_EQ(orbis_cuda_allocation_size(Q, "q", "t.c:1:1"), 7u);
  for (size_t I = 0; I < 33 * 64; ++I)
    ASSERT_EQ(static_cast<unsigned char *>(P)[I], 0);
  std::free(P);
  std::free(Q);
}

TEST(CudaAllocationDeathTest, UnknownPointerNamesIt) {
  static int NotRecorded;
  EXPECT_EXIT(orbis_cuda_allocation_size(&NotRecorded, "counters", "gs.c:41:1"),
              ::testing::ExitedWithCode(1),
              exactLine("orbis: gs.c:41:1: error: pointer 'counters' is used "
                        "on the GPU but was not allocated by malloc or calloc "
                        "in the outermost 'single'; add a 'map' clause with "
                        "its size"));
}

TEST(CudaSettingsTest, SubtilesAndArena) {
  {
    ScopedEnv Unset("ORBIS_GPU_SUBTILE", nullptr);
    EXPECT_EQ(orbis_cuda_subtile("t.c:1:1", 0), 1);
    EXPECT_EQ(orbis_cuda_subtile("t.c:1:1", 2), 1);
  }
  {
    ScopedEnv List("ORBIS_GPU_SUBTILE", "2,5");
    EXPECT_EQ(orbis_cuda_subtile("t.c:1:1", 0), 2);
    EXPECT_EQ(orbis_cuda_subtile("t.c:1:1", 1), 5);
    EXPECT_EQ(orbis_cuda_subtile("t.c:1:1", 2), 5); // the last one repeats
  }
  {
    ScopedEnv Unset("ORBIS_GPU_ARENA", nullptr);
    EXPECT_EQ(orbis_cuda_arena_bytes("t.c:1:1"), 16384u);
    ScopedEnv Set("ORBIS_GPU_ARENA", "4096");
    EXPECT_EQ(orbis_cuda_arena_bytes("t.c:1:1"), 4096u);
  }
}

TEST(CudaSettingsTest, RowsInLockstepWhenPossibleWantedAndWideEnough) {
  const char *Rows = "intra-tile schedule: rows in lockstep, lag 1";
  {
    ScopedEnv Unset("ORBIS_GPU_SCHEDULE", nullptr);
    EXPECT_EQ(orbis_cuda_rows_in_lockstep("t.c:1:1", 1, Rows, 64, 39), 1);
    EXPECT_EQ(orbis_cuda_rows_in_lockstep("t.c:1:1", 1, Rows, 38, 39), 0);
    EXPECT_EQ(orbis_cuda_rows_in_lockstep("t.c:1:1", 0, "copies", 64, 0), 0);
  }
  {
    ScopedEnv Set("ORBIS_GPU_SCHEDULE", "rows");
    EXPECT_EQ(orbis_cuda_rows_in_lockstep("t.c:1:1", 1, Rows, 64, 39), 1);
  }
  {
    ScopedEnv Set("ORBIS_GPU_SCHEDULE", "copies");
    EXPECT_EQ(orbis_cuda_rows_in_lockstep("t.c:1:1", 1, Rows, 64, 39), 0);
  }
}

TEST(CudaSettingsDeathTest, UnknownScheduleNamesIt) {
  ScopedEnv Set("ORBIS_GPU_SCHEDULE", "fast");
  EXPECT_EXIT(orbis_cuda_rows_in_lockstep("gs.c:41:1", 1, "rows", 64, 0),
              ::testing::ExitedWithCode(1),
              exactLine("orbis: gs.c:41:1: error: ORBIS_GPU_SCHEDULE 'fast' "
                        "must be 'rows' or 'copies'"));
}

TEST(CudaSettingsDeathTest, BadListsNameTheVariable) {
  for (const char *Bad : {"0", "-2", "2,x", "3,", "abc"}) {
    ScopedEnv List("ORBIS_GPU_SUBTILE", Bad);
    EXPECT_EXIT(orbis_cuda_subtile("gs.c:41:1", 0),
                ::testing::ExitedWithCode(1),
                exactLine(std::string("orbis: gs.c:41:1: error: "
                                      "ORBIS_GPU_SUBTILE '") +
                          Bad + "' must be a comma list of positive integers"))
        << Bad;
  }
}

} // namespace
