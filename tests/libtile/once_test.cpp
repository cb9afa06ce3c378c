/// \file
/// Call-once for `single` in blocked loops (EXTENSIONS.md 1.5): exactly one
/// thread runs the body, every other thread that reaches it waits for it to
/// complete and then sees its effects; with nowait they do not wait. Run for
/// 1 to 4 threads and oversubscribed (8 and 16 threads on the 2-core build
/// machine), where waiters must not starve the runner.
#include "test_support.h"

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

using namespace orbis_test;

namespace {

class OnceTest : public ::testing::TestWithParam<int> {};

TEST_P(OnceTest, ExactlyOneRunnerAndWaitersSeeItsEffects) {
  const int Threads = GetParam();
  constexpr int Rounds = 200;
  struct Round {
    orbis_once_t Once = ORBIS_ONCE_INIT;
    int Value = 0; // written by the runner only, plainly (not atomic)
    std::atomic<int> Runners{0};
    std::atomic<int> SawValue{0};
  };
  std::vector<Round> R(Rounds);
  auto Worker = [&] {
    for (Round &X : R) {
      if (orbis_once_begin(&X.Once, /*nowait=*/0)) {
        X.Runners.fetch_add(1);
        X.Value = 42;
        orbis_once_end(&X.Once);
      }
      // Runner and waiters alike: the body has completed.
      if (X.Value == 42)
        X.SawValue.fetch_add(1);
    }
  };
  std::vector<std::thread> Pool;
  for (int T = 0; T < Threads; ++T)
    Pool.emplace_back(Worker);
  for (std::thread &T : Pool)
    T.join();
  for (Round &X : R) {
    EXPECT_EQ(X.Runners.load(), 1);
    EXPECT_EQ(X.SawValue.load(), Threads);
    EXPECT_EQ(X.Once.state, 2);
  }
}

TEST_P(OnceTest, LongBodyWithOversubscribedWaiters) {
  const int Threads = GetParam();
  orbis_once_t Once = ORBIS_ONCE_INIT;
  std::atomic<int> Runners{0}, Done{0};
  long long Sum = 0;
  auto Worker = [&] {
    if (orbis_once_begin(&Once, 0)) {
      Runners.fetch_add(1);
      // Long enough for every waiter to reach its yielding phase.
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      for (int I = 1; I <= 1000; ++I)
        Sum += I;
      orbis_once_end(&Once);
    }
    EXPECT_EQ(Sum, 500500);
    Done.fetch_add(1);
  };
  std::vector<std::thread> Pool;
  for (int T = 0; T < Threads; ++T)
    Pool.emplace_back(Worker);
  for (std::thread &T : Pool)
    T.join();
  EXPECT_EQ(Runners.load(), 1);
  EXPECT_EQ(Done.load(), Threads);
}

TEST_P(OnceTest, SharedHeapOnceReleasedByEveryThread) {
  const int Threads = GetParam();
  orbis_once_t *Once = orbis_once_new(Threads);
  ASSERT_NE(Once, nullptr);
  EXPECT_EQ(Once->state, 0);
  EXPECT_EQ(Once->refs, Threads);
  std::atomic<int> Runners{0};
  auto Worker = [&] {
    if (orbis_once_begin(Once, 0)) {
      Runners.fetch_add(1);
      orbis_once_end(Once);
    }
    orbis_once_release(Once); // the last one frees it
  };
  std::vector<std::thread> Pool;
  for (int T = 0; T < Threads; ++T)
    Pool.emplace_back(Worker);
  for (std::thread &T : Pool)
    T.join();
  EXPECT_EQ(Runners.load(), 1);
}

INSTANTIATE_TEST_SUITE_P(Threads, OnceTest,
                         ::testing::Values(1, 2, 3, 4, 8, 16));

TEST(OnceSingleThreadTest, BeginAfterDoneReturnsAtOnce) {
  orbis_once_t Once = ORBIS_ONCE_INIT;
  EXPECT_EQ(orbis_once_begin(&Once, 0), 1);
  EXPECT_EQ(Once.state, 1);
  orbis_once_end(&Once);
  EXPECT_EQ(Once.state, 2);
  EXPECT_EQ(orbis_once_begin(&Once, 0), 0);
  EXPECT_EQ(orbis_once_begin(&Once, 1), 0);
}

TEST(OnceSingleThreadTest, NowaitDoesNotWaitForTheRunner) {
  orbis_once_t Once = ORBIS_ONCE_INIT;
  ASSERT_EQ(orbis_once_begin(&Once, 0), 1); // this thread runs the body...
  int Got = -1;
  // ...and another one, with nowait, returns while the body still runs.
  std::thread Other([&] { Got = orbis_once_begin(&Once, /*nowait=*/1); });
  Other.join();
  EXPECT_EQ(Got, 0);
  EXPECT_EQ(Once.state, 1);
  orbis_once_end(&Once);
}

TEST(OnceSingleThreadTest, WaiterWaitsUntilEnd) {
  orbis_once_t Once = ORBIS_ONCE_INIT;
  ASSERT_EQ(orbis_once_begin(&Once, 0), 1);
  std::atomic<bool> BodyDone{false}, Returned{false};
  bool SawBodyDone = false;
  std::thread Waiter([&] {
    EXPECT_EQ(orbis_once_begin(&Once, 0), 0);
    SawBodyDone = BodyDone.load();
    Returned.store(true);
  });
  // Whatever the timing, the waiter cannot return before orbis_once_end.
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_FALSE(Returned.load());
  BodyDone.store(true);
  orbis_once_end(&Once);
  Waiter.join();
  EXPECT_TRUE(Returned.load());
  EXPECT_TRUE(SawBodyDone);
}

TEST(OnceSingleThreadTest, NewAndRelease) {
  orbis_once_t *Once = orbis_once_new(3);
  EXPECT_EQ(Once->state, 0);
  EXPECT_EQ(Once->refs, 3);
  orbis_once_release(Once);
  EXPECT_EQ(Once->refs, 2);
  orbis_once_release(Once);
  EXPECT_EQ(Once->refs, 1);
  orbis_once_release(Once); // freed here
}

} // namespace
