/// \file
/// The orphaned tile queries of <omp_blocked.h> (EXTENSIONS.md 1.6): they bind
/// to the innermost tile active on the calling thread, and return 1, 0, 1, 1
/// outside any.
#include "test_support.h"

#include <omp_blocked.h>

#include <array>
#include <atomic>
#include <climits>
#include <thread>

using namespace orbis_test;

namespace {

using Queries = std::array<int, 4>;

/// What a function called from inside a tile would see. noinline: the calls
/// must be orphaned, out of sight of any enclosing loop.
__attribute__((noinline)) Queries queries() {
  return {omp_num_blocks(), omp_block_num(), omp_block_size(),
          omp_total_size()};
}

const Queries Outside = {1, 0, 1, 1};

using QueryTest = LibtileTest;

TEST_F(QueryTest, OutsideAnyTile) {
  EXPECT_EQ(orbis_tile_current, nullptr);
  EXPECT_EQ(queries(), Outside);
}

TEST_F(QueryTest, InnermostTileBindsAndLeavingRestoresOuter) {
  // for (y = 1; y < 11; ++y) blocked(3), total 11: tiles of 3 3 3 1.
  orbis_loop_t Outer =
      initLoop(1, ORBIS_CMP_LT, 11, 1, 3, false, site(0), 1, 11);
  // for (x = 40; x > 30; x -= 2) blocked(2), total 30: 5 iterations.
  orbis_loop_t Inner =
      initLoop(40, ORBIS_CMP_GT, 30, -2, 2, false, site(1), 3, 30);
  orbis_tile_t OT;
  orbis_tile_enter(&OT, &Outer, 2);
  EXPECT_EQ(queries(), (Queries{4, 2, 3, 11}));
  {
    orbis_tile_t IT;
    orbis_tile_enter(&IT, &Inner, 2);
    EXPECT_EQ(orbis_tile_current, &IT);
    EXPECT_EQ(queries(), (Queries{3, 2, 1, 30}));
    orbis_tile_leave(&IT);
  }
  EXPECT_EQ(orbis_tile_current, &OT);
  EXPECT_EQ(queries(), (Queries{4, 2, 3, 11}));
  orbis_tile_leave(&OT);
  EXPECT_EQ(queries(), Outside);
}

TEST_F(QueryTest, EveryTileOfALoop) {
  orbis_loop_t L = initLoop(0, ORBIS_CMP_LE, 9, 1, 4, false, site(), 1, 9);
  const int Sizes[] = {4, 4, 2};
  for (int N = 0; N < 3; ++N) {
    orbis_tile_t T;
    orbis_tile_enter(&T, &L, N);
    EXPECT_EQ(queries(), (Queries{3, N, Sizes[N], 9}));
    orbis_tile_leave(&T);
  }
  EXPECT_EQ(queries(), Outside);
}

TEST_F(QueryTest, TotalIsTheBoundAsWritten) {
  orbis_loop_t L = initLoop(0, ORBIS_CMP_LT, 10, 1, 5, false, site(), 1, -3);
  orbis_tile_t T;
  orbis_tile_enter(&T, &L, 0);
  EXPECT_EQ(omp_total_size(), -3);
  orbis_tile_leave(&T);
}

TEST_F(QueryTest, ValuesBeyondIntSaturate) {
  orbis_loop_t L =
      initLoop(0, ORBIS_CMP_LT, LLONG_MAX, 1, 1, false, site(), 1, LLONG_MIN);
  orbis_tile_t T;
  orbis_tile_enter(&T, &L, 5000000000LL);
  EXPECT_EQ(queries(), (Queries{INT_MAX, INT_MAX, 1, INT_MIN}));
  orbis_tile_leave(&T);
}

TEST_F(QueryTest, EachThreadSeesItsOwnTile) {
  orbis_loop_t L = initLoop(0, ORBIS_CMP_LT, 100, 1, 30, false, site(), 1, 100);
  std::atomic<int> Arrived{0};
  std::atomic<bool> MainChecked{false};
  Queries Seen[2];
  auto Worker = [&](int Id) {
    EXPECT_EQ(queries(), Outside); // a new thread starts outside any tile
    orbis_tile_t T;
    orbis_tile_enter(&T, &L, Id == 0 ? 1 : 3);
    // Both threads are inside their tile before either looks.
    Arrived.fetch_add(1);
    while (Arrived.load() < 2)
      std::this_thread::yield();
    Seen[Id] = queries();
    Arrived.fetch_add(1);
    while (!MainChecked.load())
      std::this_thread::yield();
    orbis_tile_leave(&T);
    EXPECT_EQ(queries(), Outside);
  };
  std::thread A(Worker, 0), B(Worker, 1);
  while (Arrived.load() < 4)
    std::this_thread::yield();
  EXPECT_EQ(queries(), Outside); // the main thread entered nothing
  MainChecked.store(true);
  A.join();
  B.join();
  EXPECT_EQ(Seen[0], (Queries{4, 1, 30, 100}));
  EXPECT_EQ(Seen[1], (Queries{4, 3, 10, 100}));
}

} // namespace
