/// \file
/// The threads of this process that wait (for world memory, in a barrier
/// or finalize) and where: what the deadlock probe counts as suspended and
/// what deadlock and timeout reports print. Owns its list; the caller holds
/// the world's lock around every call (it is read together with the rest
/// of the world's state).
#ifndef ORBIS_WORLD_WAIT_REGISTRY_H
#define ORBIS_WORLD_WAIT_REGISTRY_H

#include <orbis/world.h>

#include <algorithm>
#include <string>
#include <vector>

namespace orbis::world {

/// The calling thread's place in its source (orbis_world_set_site).
extern thread_local const char *CallerFile;
extern thread_local unsigned CallerLine;

/// What one waiting thread waits for, and where it called from.
struct WaitSite {
  const char *Call;
  orbis_world_ptr_t Ptr; ///< elem_size 0: a fence of the whole job
  uint64_t First, Count;
  const char *File = CallerFile;
  unsigned Line = CallerLine;

  /// "world load", or "world load at file.c:12" where the caller said.
  std::string call() const {
    return File ? std::string(Call) + " at " + File + ":" + std::to_string(Line)
                : std::string(Call);
  }
  /// "element 5 of allocation 2 owned by rank 0", or, for a fence,
  /// "every process to reach it".
  std::string what() const {
    if (Ptr.elem_size == 0)
      return "every process to reach it";
    std::string S = Count == 1
                        ? "element " + std::to_string(First)
                        : "elements [" + std::to_string(First) + ", " +
                              std::to_string(First + Count) + ")";
    return S + " of allocation " + std::to_string(Ptr.id) + " owned by rank " +
           std::to_string(Ptr.owner);
  }
};

class WaitRegistry {
public:
  void add(const WaitSite *Site) { Sites.push_back(Site); }
  void remove(const WaitSite *Site) {
    auto It = std::find(Sites.begin(), Sites.end(), Site);
    if (It != Sites.end())
      Sites.erase(It);
  }
  /// No thread of this process waits.
  bool empty() const { return Sites.empty(); }
  /// One line per waiting thread, in the order they began to wait:
  /// "orbis: deadlock: rank R: world load at f.c:3 waits for element ...".
  std::vector<std::string> reportLines(int Rank) const {
    std::vector<std::string> Lines;
    for (const WaitSite *Site : Sites)
      Lines.push_back("orbis: deadlock: rank " + std::to_string(Rank) + ": " +
                      Site->call() + " waits for " + Site->what());
    return Lines;
  }

private:
  std::vector<const WaitSite *> Sites;
};

} // namespace orbis::world

#endif
