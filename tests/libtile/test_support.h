/// \file
/// Helpers shared by libtile's unit tests: a fixture that isolates the tests
/// from the environment they run in (libtile reads OMP_BLOCK_SIZE,
/// ORBIS_L2_CACHE_SIZE and ORBIS_VERBOSE), and exact-message matching for
/// death tests.
#ifndef ORBIS_TESTS_LIBTILE_TEST_SUPPORT_H
#define ORBIS_TESTS_LIBTILE_TEST_SUPPORT_H

#include "verbose.h"

#include <orbis/tile.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

namespace orbis_test {

/// Sets (or, with null, unsets) an environment variable for one scope.
class ScopedEnv {
public:
  ScopedEnv(const char *Name, const char *Value) : Name(Name) {
    if (const char *Old = std::getenv(Name))
      Saved = Old;
    set(Value);
  }
  ~ScopedEnv() { set(Saved ? Saved->c_str() : nullptr); }
  ScopedEnv(const ScopedEnv &) = delete;
  ScopedEnv &operator=(const ScopedEnv &) = delete;

  void set(const char *Value) {
    if (Value)
      setenv(Name.c_str(), Value, /*overwrite=*/1);
    else
      unsetenv(Name.c_str());
  }

private:
  std::string Name;
  std::optional<std::string> Saved;
};

/// Every libtile test starts from an environment with none of libtile's
/// variables set, whatever the environment ctest was run in.
class LibtileTest : public ::testing::Test {
protected:
  void SetUp() override { orbis::tile::resetVerboseForTesting(); }
  void TearDown() override { orbis::tile::resetVerboseForTesting(); }

  ScopedEnv BlockSize{"OMP_BLOCK_SIZE", nullptr};
  ScopedEnv L2Size{"ORBIS_L2_CACHE_SIZE", nullptr};
  ScopedEnv Verbose{"ORBIS_VERBOSE", nullptr};
};

/// Death tests re-execute the binary (threadsafe style) since other tests of
/// the binary start threads, and fork() with threads is unsafe.
class LibtileDeathTest : public LibtileTest {
protected:
  void SetUp() override {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    LibtileTest::SetUp();
  }
};

/// A POSIX extended regex matching exactly the text `Line` plus a newline and
/// nothing else: the whole of what the dying program printed.
inline std::string exactLine(const std::string &Line) {
  std::string Re = "^";
  for (char C : Line) {
    if (std::string(".[]{}()\\*+?^$|").find(C) != std::string::npos)
      Re += '\\';
    Re += C;
  }
  return Re + "\n$";
}

inline orbis_site_t site(int Level = 0, int ElemSize = 8,
                         const char *Where = "t.c:3:1") {
  return orbis_site_t{Where, Level, ElemSize};
}

/// orbis_loop_init with the arguments in loop order.
inline orbis_loop_t initLoop(long long Lb, orbis_cmp Cmp, long long Ub,
                             long long Step, long long Requested,
                             bool IsUnsigned = false,
                             const orbis_site_t &Site = site(),
                             long long Outer = 1, long long Total = 0) {
  orbis_loop_t L;
  orbis_loop_init(&L, &Site, Lb, Ub, Step, Cmp, IsUnsigned ? 1 : 0, Requested,
                  Outer, Total);
  return L;
}

/// (first, size) of every tile, as orbis_tile_enter() gives them.
inline std::vector<std::pair<long long, long long>>
tiles(const orbis_loop_t &L) {
  std::vector<std::pair<long long, long long>> R;
  for (long long N = 0; N < L.num_tiles; ++N) {
    orbis_tile_t T;
    orbis_tile_enter(&T, &L, N);
    R.emplace_back(T.first, T.size);
    orbis_tile_leave(&T);
  }
  return R;
}

} // namespace orbis_test

#endif // ORBIS_TESTS_LIBTILE_TEST_SUPPORT_H
