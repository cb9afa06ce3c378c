/// \file
/// Run-time misuses stop the program with exit status 1 and one exact line on
/// stderr naming the loop's source location: sizes below 1 (from the clause
/// or OMP_BLOCK_SIZE), loops that never reach their bound, loops too long to
/// count.
#include "test_support.h"

#include <climits>

using namespace orbis_test;

namespace {

using FatalDeathTest = LibtileDeathTest;

#define EXPECT_FATAL(Statement, Message)                                       \
  EXPECT_EXIT(Statement, ::testing::ExitedWithCode(1), exactLine(Message))

TEST_F(FatalDeathTest, FatalItself) {
  EXPECT_FATAL(orbis_tile_fatal("a.c:1:2", "something is wrong"),
               "orbis: a.c:1:2: error: something is wrong");
  EXPECT_FATAL(orbis_tile_fatal(nullptr, "no location"),
               "orbis: error: no location");
}

TEST_F(FatalDeathTest, NegativeRequestedSize) {
  EXPECT_FATAL(initLoop(0, ORBIS_CMP_LT, 10, 1, -1),
               "orbis: t.c:3:1: error: tile size -1 requested by "
               "'schedule(blocked)' must be positive");
  EXPECT_FATAL(
      initLoop(0, ORBIS_CMP_LT, 10, 1, -3, false, site(1, 8, "gs.c:12:9")),
      "orbis: gs.c:12:9: error: tile size -3 requested by "
      "'schedule(blocked)' must be positive");
}

TEST_F(FatalDeathTest, NegativeRequestedSizeEvenForZeroTrips) {
  EXPECT_FATAL(initLoop(5, ORBIS_CMP_LT, 0, 1, LLONG_MIN),
               "orbis: t.c:3:1: error: tile size -9223372036854775808 "
               "requested by 'schedule(blocked)' must be positive");
}

TEST_F(FatalDeathTest, BlockSizeZero) {
  BlockSize.set("0");
  EXPECT_FATAL(initLoop(0, ORBIS_CMP_LT, 10, 1, ORBIS_BLOCK_SIZE_AUTO),
               "orbis: t.c:3:1: error: OMP_BLOCK_SIZE entry '0' for nest "
               "level 0 must be a positive integer");
}

TEST_F(FatalDeathTest, BlockSizeNotANumber) {
  BlockSize.set("abc");
  EXPECT_FATAL(initLoop(0, ORBIS_CMP_LT, 10, 1, ORBIS_BLOCK_SIZE_AUTO),
               "orbis: t.c:3:1: error: OMP_BLOCK_SIZE entry 'abc' for nest "
               "level 0 must be a positive integer");
}

TEST_F(FatalDeathTest, BlockSizeBadEntryOfAnotherLevel) {
  BlockSize.set("64, -2");
  EXPECT_FATAL(initLoop(0, ORBIS_CMP_LT, 10, 1, ORBIS_BLOCK_SIZE_AUTO),
               "orbis: t.c:3:1: error: OMP_BLOCK_SIZE entry '-2' for nest "
               "level 1 must be a positive integer");
}

TEST_F(FatalDeathTest, BadL2CacheSizeOverride) {
  L2Size.set("1M");
  EXPECT_FATAL(
      initLoop(0, ORBIS_CMP_LT, 10, 1, ORBIS_BLOCK_SIZE_AUTO, false, site(1)),
      "orbis: t.c:3:1: error: ORBIS_L2_CACHE_SIZE '1M' must be a "
      "positive number of bytes");
}

TEST_F(FatalDeathTest, NeverReachesBound) {
  EXPECT_FATAL(initLoop(0, ORBIS_CMP_LT, 10, -1, 4),
               "orbis: t.c:3:1: error: blocked loop never reaches its bound "
               "(step -1 from 0 with '< 10')");
  EXPECT_FATAL(initLoop(0, ORBIS_CMP_LE, 10, 0, 4),
               "orbis: t.c:3:1: error: blocked loop never reaches its bound "
               "(step 0 from 0 with '<= 10')");
  EXPECT_FATAL(initLoop(-1, ORBIS_CMP_GT, -10, 2, 4),
               "orbis: t.c:3:1: error: blocked loop never reaches its bound "
               "(step 2 from -1 with '> -10')");
  EXPECT_FATAL(initLoop(-1, ORBIS_CMP_GE, -10, 0, ORBIS_BLOCK_SIZE_AUTO),
               "orbis: t.c:3:1: error: blocked loop never reaches its bound "
               "(step 0 from -1 with '>= -10')");
  // Unsigned bounds print unsigned.
  EXPECT_FATAL(initLoop(-1, ORBIS_CMP_GT, 0, 1, 4, true),
               "orbis: t.c:3:1: error: blocked loop never reaches its bound "
               "(step 1 from 18446744073709551615 with '> 0')");
  EXPECT_FATAL(initLoop(0, ORBIS_CMP_NE, 10, -2, 4),
               "orbis: t.c:3:1: error: blocked loop never reaches its bound "
               "(step -2 from 0 with '!= 10')");
}

TEST_F(FatalDeathTest, NotEqualStepDoesNotDivide) {
  EXPECT_FATAL(initLoop(0, ORBIS_CMP_NE, 10, 3, 4),
               "orbis: t.c:3:1: error: blocked loop never reaches its bound "
               "(step 3 from 0 with '!= 10': the step does not divide the "
               "distance 10)");
  EXPECT_FATAL(initLoop(-1, ORBIS_CMP_NE, -8, -2, 4),
               "orbis: t.c:3:1: error: blocked loop never reaches its bound "
               "(step -2 from -1 with '!= -8': the step does not divide the "
               "distance 7)");
  EXPECT_FATAL(initLoop(-1, ORBIS_CMP_NE, -10, -2, 4, true),
               "orbis: t.c:3:1: error: blocked loop never reaches its bound "
               "(step -2 from 18446744073709551615 with '!= "
               "18446744073709551606': the step does not divide the distance "
               "9)");
}

TEST_F(FatalDeathTest, TooManyIterations) {
  EXPECT_FATAL(initLoop(0, ORBIS_CMP_LE, -1, 1, 4, true),
               "orbis: t.c:3:1: error: blocked loop has more than "
               "9223372036854775807 iterations (step 1 from 0 with '<= "
               "18446744073709551615')");
}

TEST_F(FatalDeathTest, UnknownOperator) {
  // 7: the largest value a C++ orbis_cmp can hold (its enumerators need 3
  // bits); beyond, merely passing it would be undefined behaviour.
  EXPECT_FATAL(initLoop(0, static_cast<orbis_cmp>(7), 10, 1, 4),
               "orbis: t.c:3:1: error: blocked loop has an unknown comparison "
               "operator (7)");
}

TEST_F(FatalDeathTest, OnceForNoThreads) {
  EXPECT_FATAL(orbis_once_new(0),
               "orbis: orbis_once_new: error: team size 0 must be positive");
}

} // namespace
