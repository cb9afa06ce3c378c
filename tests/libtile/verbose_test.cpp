/// \file
/// ORBIS_VERBOSE=1 prints the chosen tile sizes (EXTENSIONS.md 1.7): one exact
/// line per distinct (loop, trip count, tile size), saying whether the size
/// came from the clause, OMP_BLOCK_SIZE or the policy, even when many threads
/// initialize the same loop at once.
#include "test_support.h"

#include <omp.h>

#include <thread>
#include <vector>

using namespace orbis_test;
using ::testing::internal::CaptureStderr;
using ::testing::internal::GetCapturedStderr;

namespace {

class VerboseTest : public LibtileTest {
protected:
  void SetUp() override {
    LibtileTest::SetUp();
    Verbose.set("1");
    orbis::tile::resetVerboseForTesting();
  }
};

TEST_F(VerboseTest, OncePerCombination) {
  orbis_site_t GS = site(0, 8, "gs.c:12:9");
  CaptureStderr();
  for (int I = 0; I < 3; ++I)
    initLoop(1, ORBIS_CMP_LT, 4095, 1, 512, false, GS);
  initLoop(1, ORBIS_CMP_LT, 4095, 1, 512, false, GS); // same again
  initLoop(1, ORBIS_CMP_LT, 2001, 1, 512, false, GS); // another trip count
  initLoop(1, ORBIS_CMP_LT, 4095, 1, 256, false, GS); // another tile size
  initLoop(1, ORBIS_CMP_LT, 4095, 1, 512, false, site(0, 8, "gs.c:14:11"));
  // The same loop through another copy of its site: not printed again.
  orbis_site_t Copy = GS;
  initLoop(1, ORBIS_CMP_LT, 4095, 1, 512, false, Copy);
  EXPECT_EQ(GetCapturedStderr(),
            "orbis: blocked loop at gs.c:12:9 level 0: 4094 iterations, tile "
            "512 (clause), 8 tiles\n"
            "orbis: blocked loop at gs.c:12:9 level 0: 2000 iterations, tile "
            "512 (clause), 4 tiles\n"
            "orbis: blocked loop at gs.c:12:9 level 0: 4094 iterations, tile "
            "256 (clause), 16 tiles\n"
            "orbis: blocked loop at gs.c:14:11 level 0: 4094 iterations, tile "
            "512 (clause), 8 tiles\n");
}

TEST_F(VerboseTest, SaysWhereTheSizeCameFrom) {
  int SavedThreads = omp_get_max_threads();
  omp_set_num_threads(2);
  BlockSize.set("64");
  L2Size.set("65536");
  CaptureStderr();
  initLoop(0, ORBIS_CMP_LT, 1000, 1, ORBIS_BLOCK_SIZE_AUTO, false,
           site(0, 8, "a.c:1:1"));
  initLoop(0, ORBIS_CMP_LT, 1000, 1, ORBIS_BLOCK_SIZE_AUTO, false,
           site(1, 8, "a.c:2:1"), 16);
  BlockSize.set(nullptr);
  initLoop(0, ORBIS_CMP_LT, 1000, 1, ORBIS_BLOCK_SIZE_AUTO, false,
           site(0, 8, "a.c:3:1"));
  initLoop(0, ORBIS_CMP_LE, 0, 1, 7, false, site(0, 8, "a.c:4:1"));
  initLoop(0, ORBIS_CMP_LT, 100, 1, 512, false, site(0, 8, "a.c:5:1"));
  BlockSize.set("500");
  initLoop(0, ORBIS_CMP_LT, 100, 1, ORBIS_BLOCK_SIZE_AUTO, false,
           site(0, 8, "a.c:6:1"));
  std::string Out = GetCapturedStderr();
  omp_set_num_threads(SavedThreads);
  EXPECT_EQ(Out,
            "orbis: blocked loop at a.c:1:1 level 0: 1000 iterations, tile 64 "
            "(OMP_BLOCK_SIZE), 16 tiles\n"
            "orbis: blocked loop at a.c:2:1 level 1: 1000 iterations, tile 256 "
            "(auto: L2 65536 bytes, 8-byte elements, outer tiles 16), 4 "
            "tiles\n"
            "orbis: blocked loop at a.c:3:1 level 0: 1000 iterations, tile 125 "
            "(auto: 4 tiles per thread, 2 threads), 8 tiles\n"
            "orbis: blocked loop at a.c:4:1 level 0: 1 iteration, tile 1 "
            "(clause 7, clamped to the trip count), 1 tile\n"
            "orbis: blocked loop at a.c:5:1 level 0: 100 iterations, tile 100 "
            "(clause 512, clamped to the trip count), 1 tile\n"
            "orbis: blocked loop at a.c:6:1 level 0: 100 iterations, tile 100 "
            "(OMP_BLOCK_SIZE 500, clamped to the trip count), 1 tile\n");
}

TEST_F(VerboseTest, ManyThreadsPrintOnce) {
  orbis_site_t S = site(0, 8, "mt.c:7:3");
  CaptureStderr();
  std::vector<std::thread> Pool;
  for (int T = 0; T < 4; ++T)
    Pool.emplace_back([&] {
      for (int I = 0; I < 100; ++I)
        initLoop(0, ORBIS_CMP_LT, 64, 1, 16, false, S);
    });
  for (std::thread &T : Pool)
    T.join();
  EXPECT_EQ(GetCapturedStderr(),
            "orbis: blocked loop at mt.c:7:3 level 0: 64 iterations, tile 16 "
            "(clause), 4 tiles\n");
}

TEST_F(VerboseTest, SilentUnlessAsked) {
  for (const char *Value : {static_cast<const char *>(nullptr), "", "0"}) {
    Verbose.set(Value);
    orbis::tile::resetVerboseForTesting();
    CaptureStderr();
    initLoop(0, ORBIS_CMP_LT, 64, 1, 16);
    EXPECT_EQ(GetCapturedStderr(), "");
  }
}

TEST_F(VerboseTest, ReadOnce) {
  // Turning ORBIS_VERBOSE off after the first loop changes nothing: the
  // report is decided once per program.
  CaptureStderr();
  initLoop(0, ORBIS_CMP_LT, 64, 1, 16);
  Verbose.set(nullptr);
  initLoop(0, ORBIS_CMP_LT, 32, 1, 16);
  EXPECT_EQ(GetCapturedStderr(),
            "orbis: blocked loop at t.c:3:1 level 0: 64 iterations, tile 16 "
            "(clause), 4 tiles\n"
            "orbis: blocked loop at t.c:3:1 level 0: 32 iterations, tile 16 "
            "(clause), 2 tiles\n");
}

} // namespace
