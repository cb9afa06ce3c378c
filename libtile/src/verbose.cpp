/// \file
/// The ORBIS_VERBOSE report of chosen tile sizes. A loop runs many times
/// (every time its enclosing code does), so each combination is printed once;
/// the set of printed combinations is small (one per loop and trip count) and
/// guarded by a mutex, since all threads of a team may initialize the same
/// loop at once.
#include "verbose.h"

#include "env.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <set>
#include <tuple>

namespace orbis::tile {

namespace {

/// -1: ORBIS_VERBOSE not read yet; else 0 or 1.
std::atomic<int> VerboseState{-1};

using Key = std::tuple<std::string, int, long long, long long>;

/// "1 tile", "8 tiles".
std::string count(long long N, const char *Noun) {
  return std::to_string(N) + " " + Noun + (N == 1 ? "" : "s");
}

struct Printed {
  std::mutex Lock;
  std::set<Key> Seen;
};

Printed &printed() {
  // Never destroyed: threads may still report while the program exits.
  static Printed *P = new Printed;
  return *P;
}

} // namespace

bool verboseEnabled() {
  int State = VerboseState.load(std::memory_order_relaxed);
  if (State < 0) {
    // Benign race: concurrent first readers all compute the same value.
    State = verboseRequested(std::getenv("ORBIS_VERBOSE")) ? 1 : 0;
    VerboseState.store(State, std::memory_order_relaxed);
  }
  return State == 1;
}

void reportTileChoice(const orbis_site_t &Site, const orbis_loop_t &Loop,
                      const std::string &How) {
  const char *Where = Site.where ? Site.where : "<unknown>";
  Printed &P = printed();
  std::lock_guard<std::mutex> Guard(P.Lock);
  if (!P.Seen.emplace(Where, Site.level, Loop.trip, Loop.tile).second)
    return;
  std::fprintf(stderr,
               "orbis: blocked loop at %s level %d: %s, tile %lld (%s), %s%s%s\n",
               Where, Site.level, count(Loop.trip, "iteration").c_str(),
               Loop.tile, How.c_str(), count(Loop.num_tiles, "tile").c_str(),
               Site.order ? "; in a tile: " : "", Site.order ? Site.order : "");
}

void resetVerboseForTesting() {
  Printed &P = printed();
  std::lock_guard<std::mutex> Guard(P.Lock);
  P.Seen.clear();
  VerboseState.store(-1, std::memory_order_relaxed);
}

} // namespace orbis::tile
