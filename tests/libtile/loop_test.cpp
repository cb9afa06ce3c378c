/// \file
/// Trip counts of every canonical loop form (computeTripCount, checked
/// against hand-counted loops and against a brute-force run of the loop in
/// 128-bit arithmetic) and the tiles orbis_loop_init() and orbis_tile_enter()
/// make of them.
#include "test_support.h"
#include "trip_count.h"

#include <climits>

using namespace orbis::tile;
using namespace orbis_test;

namespace orbis::tile {
// Readable failures: print statuses by name.
void PrintTo(Status S, std::ostream *OS) { *OS << statusString(S); }
} // namespace orbis::tile

namespace {

constexpr unsigned long long U64Max = ULLONG_MAX;
constexpr unsigned long long TwoTo63 = 1ULL << 63;
constexpr long long TwoTo62 = 1LL << 62;

/// Bit pattern of an unsigned bound, as generated code passes it.
long long u(unsigned long long V) { return static_cast<long long>(V); }

void expectTrip(long long Lb, orbis_cmp Cmp, long long Ub, long long Step,
                bool IsUnsigned, long long Expected) {
  TripCount TC = computeTripCount(Lb, Ub, Step, Cmp, IsUnsigned);
  EXPECT_EQ(TC.St, Status::Ok);
  EXPECT_EQ(TC.Trip, Expected);
}

void expectError(long long Lb, orbis_cmp Cmp, long long Ub, long long Step,
                 bool IsUnsigned, Status Expected) {
  TripCount TC = computeTripCount(Lb, Ub, Step, Cmp, IsUnsigned);
  EXPECT_EQ(TC.St, Expected);
  EXPECT_EQ(TC.Trip, 0);
}

TEST(TripCountTest, LessThan) {
  expectTrip(0, ORBIS_CMP_LT, 10, 1, false, 10);
  expectTrip(0, ORBIS_CMP_LT, 10, 3, false, 4);   // 0 3 6 9
  expectTrip(0, ORBIS_CMP_LT, 9, 3, false, 3);    // 0 3 6
  expectTrip(-10, ORBIS_CMP_LT, -2, 2, false, 4); // -10 -8 -6 -4
  expectTrip(-3, ORBIS_CMP_LT, 3, 100, false, 1);
  expectTrip(0, ORBIS_CMP_LT, LLONG_MAX, 1, false, LLONG_MAX);
}

TEST(TripCountTest, LessEqual) {
  expectTrip(0, ORBIS_CMP_LE, 10, 1, false, 11);
  expectTrip(0, ORBIS_CMP_LE, 10, 3, false, 4); // 0 3 6 9
  expectTrip(0, ORBIS_CMP_LE, 9, 3, false, 4);  // 0 3 6 9
  expectTrip(0, ORBIS_CMP_LE, 12, 3, false, 5); // 0 3 6 9 12
  expectTrip(-7, ORBIS_CMP_LE, -7, 5, false, 1);
  expectTrip(0, ORBIS_CMP_LE, LLONG_MAX - 1, 1, false, LLONG_MAX);
  // LLONG_MIN, -1, LLONG_MAX-1: the distance 2^64-1 exceeds LLONG_MAX.
  expectTrip(LLONG_MIN, ORBIS_CMP_LE, LLONG_MAX, LLONG_MAX, false, 3);
}

TEST(TripCountTest, GreaterThan) {
  expectTrip(10, ORBIS_CMP_GT, 0, -1, false, 10);
  expectTrip(10, ORBIS_CMP_GT, 0, -3, false, 4);   // 10 7 4 1
  expectTrip(-5, ORBIS_CMP_GT, -20, -4, false, 4); // -5 -9 -13 -17
  expectTrip(5, ORBIS_CMP_GT, -5, -10, false, 1);
  // LLONG_MAX, -1: a step of -2^63 is exact too.
  expectTrip(LLONG_MAX, ORBIS_CMP_GT, LLONG_MIN, LLONG_MIN, false, 2);
}

TEST(TripCountTest, GreaterEqual) {
  expectTrip(10, ORBIS_CMP_GE, 0, -1, false, 11);
  expectTrip(10, ORBIS_CMP_GE, 0, -3, false, 4);  // 10 7 4 1
  expectTrip(9, ORBIS_CMP_GE, 0, -3, false, 4);   // 9 6 3 0
  expectTrip(-1, ORBIS_CMP_GE, -9, -2, false, 5); // -1 -3 -5 -7 -9
  expectTrip(4, ORBIS_CMP_GE, 4, -1, false, 1);
}

TEST(TripCountTest, NotEqual) {
  expectTrip(0, ORBIS_CMP_NE, 12, 3, false, 4);  // 0 3 6 9
  expectTrip(12, ORBIS_CMP_NE, 0, -4, false, 3); // 12 8 4
  expectTrip(-6, ORBIS_CMP_NE, 6, 1, false, 12);
  expectTrip(5, ORBIS_CMP_NE, 5, 0, false, 0);
  expectError(0, ORBIS_CMP_NE, 10, 3, false, Status::StepDoesNotDivide);
  expectError(10, ORBIS_CMP_NE, 0, -4, false, Status::StepDoesNotDivide);
  expectError(0, ORBIS_CMP_NE, 10, -1, false, Status::NeverReachesBound);
  expectError(10, ORBIS_CMP_NE, 0, 1, false, Status::NeverReachesBound);
  expectError(0, ORBIS_CMP_NE, 10, 0, false, Status::NeverReachesBound);
}

TEST(TripCountTest, ZeroTripsWhateverTheStep) {
  for (long long Step : {-3LL, -1LL, 0LL, 1LL, 3LL}) {
    SCOPED_TRACE(Step);
    expectTrip(10, ORBIS_CMP_LT, 5, Step, false, 0);
    expectTrip(10, ORBIS_CMP_LT, 10, Step, false, 0);
    expectTrip(5, ORBIS_CMP_LE, 4, Step, false, 0);
    expectTrip(5, ORBIS_CMP_GT, 10, Step, false, 0);
    expectTrip(5, ORBIS_CMP_GT, 5, Step, false, 0);
    expectTrip(4, ORBIS_CMP_GE, 5, Step, false, 0);
    expectTrip(-5, ORBIS_CMP_NE, -5, Step, false, 0);
    expectTrip(u(7), ORBIS_CMP_LT, u(3), Step, true, 0);
  }
}

TEST(TripCountTest, WrongDirectionNeverReachesBound) {
  expectError(0, ORBIS_CMP_LT, 10, -1, false, Status::NeverReachesBound);
  expectError(0, ORBIS_CMP_LT, 10, 0, false, Status::NeverReachesBound);
  expectError(0, ORBIS_CMP_LE, 0, 0, false, Status::NeverReachesBound);
  expectError(10, ORBIS_CMP_GT, 0, 1, false, Status::NeverReachesBound);
  expectError(10, ORBIS_CMP_GE, 0, 0, false, Status::NeverReachesBound);
  expectError(u(5), ORBIS_CMP_GT, u(0), 2, true, Status::NeverReachesBound);
}

TEST(TripCountTest, TooManyIterations) {
  // 2^64-1 and 2^63 iterations.
  expectError(LLONG_MIN, ORBIS_CMP_LT, LLONG_MAX, 1, false,
              Status::TooManyIterations);
  expectError(LLONG_MIN, ORBIS_CMP_LT, LLONG_MAX, 2, false,
              Status::TooManyIterations);
  expectError(0, ORBIS_CMP_LE, LLONG_MAX, 1, false, Status::TooManyIterations);
  expectError(u(0), ORBIS_CMP_LT, u(TwoTo63), 1, true,
              Status::TooManyIterations);
  expectError(u(0), ORBIS_CMP_LE, u(U64Max), 1, true,
              Status::TooManyIterations);
  expectError(u(U64Max), ORBIS_CMP_GT, u(0), -1, true,
              Status::TooManyIterations);
  // Just fits: 2^62.
  expectTrip(LLONG_MIN, ORBIS_CMP_LT, LLONG_MAX, 4, false, TwoTo62);
}

TEST(TripCountTest, UnsignedDomainAboveLLongMax) {
  // As signed values these bounds would be negative: the domain matters.
  expectTrip(u(10), ORBIS_CMP_LT, u(TwoTo63 + 10), TwoTo62, true, 2);
  expectTrip(10, ORBIS_CMP_LT, u(TwoTo63 + 10), TwoTo62, false, 0);
  expectTrip(u(0), ORBIS_CMP_LT, u(U64Max), 4, true, TwoTo62);
  expectTrip(u(0), ORBIS_CMP_LT, u(TwoTo63 + 1), 2, true, TwoTo62 + 1);
  expectTrip(u(U64Max - 5), ORBIS_CMP_LE, u(U64Max), 1, true, 6);
  expectTrip(u(U64Max - 5), ORBIS_CMP_LE, u(U64Max), 2, true, 3);
  // 2^64-1, 3*2^62-1, 2^63-1, 2^62-1.
  expectTrip(u(U64Max), ORBIS_CMP_GT, u(0), -TwoTo62, true, 4);
  expectTrip(u(TwoTo63 + 1), ORBIS_CMP_GE, u(TwoTo63 - 1), -1, true, 3);
  expectTrip(u(TwoTo63 + 1), ORBIS_CMP_GE, u(TwoTo63 - 1), -1, false, 0);
  expectTrip(u(TwoTo63 - 2), ORBIS_CMP_NE, u(TwoTo63 + 4), 2, true, 3);
  expectTrip(u(U64Max), ORBIS_CMP_NE, u(U64Max - 9), -3, true, 3);
  expectError(u(U64Max), ORBIS_CMP_NE, u(U64Max - 9), -2, true,
              Status::StepDoesNotDivide);
  // An unsigned `!=` loop going past the bound would wrap around in C; in
  // infinite precision (OpenMP's trip count) it never reaches it.
  expectError(u(U64Max), ORBIS_CMP_NE, u(0), 1, true,
              Status::NeverReachesBound);
}

TEST(TripCountTest, SignedDomainNegativeBounds) {
  expectTrip(-100, ORBIS_CMP_LT, -1, 33, false, 3);  // -100 -67 -34
  expectTrip(-1, ORBIS_CMP_GE, -100, -33, false, 4); // -1 -34 -67 -100
  expectTrip(LLONG_MIN, ORBIS_CMP_LE, LLONG_MIN + 6, 3, false, 3);
  expectTrip(LLONG_MIN + 6, ORBIS_CMP_NE, LLONG_MIN, -2, false, 3);
}

TEST(TripCountTest, UnknownOperator) {
  expectError(0, static_cast<orbis_cmp>(7), 10, 1, false,
              Status::UnknownOperator);
}

/// Runs the loop in 128-bit arithmetic (so nothing wraps): its trip count, or
/// -1 when it has not ended after `Cap` iterations.
long long simulate(long long Lb, orbis_cmp Cmp, long long Ub, long long Step,
                   bool IsUnsigned, long long Cap) {
  using I128 = __int128;
  I128 V = IsUnsigned ? I128(static_cast<unsigned long long>(Lb)) : I128(Lb);
  I128 B = IsUnsigned ? I128(static_cast<unsigned long long>(Ub)) : I128(Ub);
  for (long long N = 0; N <= Cap; ++N, V += Step) {
    bool Pass = Cmp == ORBIS_CMP_LT   ? V < B
                : Cmp == ORBIS_CMP_LE ? V <= B
                : Cmp == ORBIS_CMP_GT ? V > B
                : Cmp == ORBIS_CMP_GE ? V >= B
                                      : V != B;
    if (!Pass)
      return N;
  }
  return -1;
}

TEST(TripCountTest, AgreesWithRunningTheLoop) {
  // Windows of 13 values around the interesting points of both domains: any
  // loop inside one has at most 13 iterations, so one that runs past 100
  // never ends.
  struct Window {
    unsigned long long Center;
    bool IsUnsigned;
  };
  const Window Windows[] = {
      {0, false},
      {static_cast<unsigned long long>(LLONG_MIN) + 6, false},
      {static_cast<unsigned long long>(LLONG_MAX) - 6, false},
      {6, true},
      {TwoTo63, true}, // crosses the sign bit
      {U64Max - 6, true},
  };
  const orbis_cmp Cmps[] = {ORBIS_CMP_LT, ORBIS_CMP_LE, ORBIS_CMP_GT,
                            ORBIS_CMP_GE, ORBIS_CMP_NE};
  int Checked = 0;
  for (const Window &W : Windows)
    for (int DL = -6; DL <= 6; ++DL)
      for (int DU = -6; DU <= 6; ++DU)
        for (long long Step = -5; Step <= 5; ++Step)
          for (orbis_cmp Cmp : Cmps) {
            long long Lb = u(W.Center + DL), Ub = u(W.Center + DU);
            long long Expected = simulate(Lb, Cmp, Ub, Step, W.IsUnsigned, 100);
            TripCount TC = computeTripCount(Lb, Ub, Step, Cmp, W.IsUnsigned);
            SCOPED_TRACE(::testing::Message()
                         << "lb " << Lb << " ub " << Ub << " step " << Step
                         << " cmp " << Cmp << " unsigned " << W.IsUnsigned);
            if (Expected >= 0) {
              ASSERT_EQ(TC.St, Status::Ok);
              ASSERT_EQ(TC.Trip, Expected);
            } else {
              bool RightWay =
                  (Step > 0) == (W.IsUnsigned
                                     ? static_cast<unsigned long long>(Lb) <
                                           static_cast<unsigned long long>(Ub)
                                     : Lb < Ub);
              ASSERT_EQ(TC.St, Cmp == ORBIS_CMP_NE && Step != 0 && RightWay
                                   ? Status::StepDoesNotDivide
                                   : Status::NeverReachesBound);
            }
            ++Checked;
          }
  EXPECT_EQ(Checked, 6 * 13 * 13 * 11 * 5);
}

// orbis_loop_init and orbis_tile_enter: the tiles of a loop.

using LoopTest = LibtileTest;

TEST_F(LoopTest, FillsEveryField) {
  orbis_loop_t L = initLoop(0, ORBIS_CMP_LT, 10, 3, 2, false, site(), 1, 10);
  EXPECT_EQ(L.trip, 4);
  EXPECT_EQ(L.tile, 2);
  EXPECT_EQ(L.num_tiles, 2);
  EXPECT_EQ(L.step, 3);
  EXPECT_EQ(L.total, 10);
}

TEST_F(LoopTest, TileDividesTripCount) {
  orbis_loop_t L = initLoop(0, ORBIS_CMP_LT, 12, 1, 4);
  EXPECT_EQ(L.num_tiles, 3);
  using P = std::pair<long long, long long>;
  EXPECT_EQ(tiles(L), (std::vector<P>{{0, 4}, {4, 4}, {8, 4}}));
}

TEST_F(LoopTest, LastTileSmaller) {
  orbis_loop_t L = initLoop(0, ORBIS_CMP_LT, 10, 1, 3);
  EXPECT_EQ(L.num_tiles, 4);
  using P = std::pair<long long, long long>;
  EXPECT_EQ(tiles(L), (std::vector<P>{{0, 3}, {3, 3}, {6, 3}, {9, 1}}));
}

TEST_F(LoopTest, TilesOfADescendingLoopWithSteps) {
  // for (i = 100; i >= -100; i -= 7): 29 iterations, tiles of 8.
  orbis_loop_t L = initLoop(100, ORBIS_CMP_GE, -100, -7, 8);
  EXPECT_EQ(L.trip, 29);
  using P = std::pair<long long, long long>;
  EXPECT_EQ(tiles(L), (std::vector<P>{{0, 8}, {8, 8}, {16, 8}, {24, 5}}));
}

TEST_F(LoopTest, TileLargerThanTripCountIsClamped) {
  orbis_loop_t L = initLoop(0, ORBIS_CMP_LE, 9, 1, 25);
  EXPECT_EQ(L.trip, 10);
  EXPECT_EQ(L.tile, 10);
  EXPECT_EQ(L.num_tiles, 1);
  using P = std::pair<long long, long long>;
  EXPECT_EQ(tiles(L), (std::vector<P>{{0, 10}}));
}

TEST_F(LoopTest, ZeroTripLoopHasNoTiles) {
  orbis_loop_t L = initLoop(5, ORBIS_CMP_LT, 5, 1, 4, false, site(), 1, 5);
  EXPECT_EQ(L.trip, 0);
  EXPECT_EQ(L.tile, 1);
  EXPECT_EQ(L.num_tiles, 0);
  EXPECT_EQ(L.total, 5);
  orbis_loop_t A = initLoop(5, ORBIS_CMP_LT, 5, 1, ORBIS_BLOCK_SIZE_AUTO);
  EXPECT_EQ(A.tile, 1);
  EXPECT_EQ(A.num_tiles, 0);
}

TEST_F(LoopTest, HugeLoop) {
  orbis_loop_t L = initLoop(0, ORBIS_CMP_LT, LLONG_MAX, 1, TwoTo62);
  EXPECT_EQ(L.num_tiles, 2);
  using P = std::pair<long long, long long>;
  EXPECT_EQ(tiles(L),
            (std::vector<P>{{0, TwoTo62}, {TwoTo62, LLONG_MAX - TwoTo62}}));
}

TEST_F(LoopTest, EveryTripAndTileSize) {
  for (long long Trip = 0; Trip <= 40; ++Trip)
    for (long long Tile = 1; Tile <= 45; ++Tile) {
      SCOPED_TRACE(::testing::Message() << "trip " << Trip << " tile " << Tile);
      orbis_loop_t L = initLoop(0, ORBIS_CMP_LT, Trip, 1, Tile);
      long long Nominal = Trip == 0 ? 1 : std::min(Tile, Trip);
      ASSERT_EQ(L.tile, Nominal);
      ASSERT_EQ(L.num_tiles, (Trip + Nominal - 1) / Nominal);
      auto Ts = tiles(L);
      for (size_t N = 0; N < Ts.size(); ++N) {
        ASSERT_EQ(Ts[N].first, static_cast<long long>(N) * Nominal);
        long long Size = N + 1 < Ts.size() ? Nominal : Trip - Ts[N].first;
        ASSERT_EQ(Ts[N].second, Size);
        ASSERT_GE(Ts[N].second, 1);
      }
    }
}

} // namespace

// omp_total_size() reports the bound as written; an unsigned 64-bit bound
// beyond LLONG_MAX saturates instead of turning negative.
TEST(LoopInitTest, TotalOfHugeUnsignedBoundSaturates) {
  orbis_site_t Site = {"total.c:1:1", 0, 8};
  orbis_loop_t L;
  orbis_loop_init(&L, &Site, 0, -1 /* ULLONG_MAX */, 1ll << 62, ORBIS_CMP_LT,
                  /*is_unsigned=*/1, 1, 1, /*total=*/-1);
  EXPECT_EQ(L.total, LLONG_MAX);
  EXPECT_EQ(L.trip, 4);
  orbis_loop_init(&L, &Site, 0, 10, 1, ORBIS_CMP_LT, /*is_unsigned=*/0, 1, 1,
                  /*total=*/-7);
  EXPECT_EQ(L.total, -7);
}
