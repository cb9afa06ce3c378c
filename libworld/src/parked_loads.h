/// \file
/// Loads of this process's memory that other processes wait on: a request
/// for a range not initialized yet is parked here and answered by the store
/// that completes it, so a suspended reader costs no messages while it
/// waits. Parked by allocation, so that a store looks only at the loads of
/// the allocation it wrote. Plain bookkeeping, used under World's mutex.
#ifndef ORBIS_WORLD_SRC_PARKED_LOADS_H
#define ORBIS_WORLD_SRC_PARKED_LOADS_H

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace orbis::world {

class ParkedLoads {
public:
  /// One contiguous run of a load of several (a staged tile's rows).
  struct Run {
    uint64_t First, Count;
  };
  struct Load {
    int From;
    uint32_t Id;
    uint64_t First, Count, Token;
    uint64_t Next; ///< initialized up to here (see Heap::readyFrom)
    /// A load of several runs (MsgLoadRuns), answered in one reply: its
    /// runs, and the one Next lies in. Empty: [First, First + Count).
    std::vector<Run> Runs = {};
    size_t At = 0;
  };

  void park(const Load &L) { ByAllocation[L.Id].push_back(L); }

  /// The loads of allocation Id that Ready(Load &) finds complete (it may
  /// advance Load::Next), no longer parked.
  template <class F> std::vector<Load> takeReady(uint32_t Id, F Ready) {
    std::vector<Load> Done;
    auto It = ByAllocation.find(Id);
    if (It == ByAllocation.end())
      return Done;
    std::vector<Load> &Loads = It->second;
    for (size_t I = 0; I < Loads.size();) {
      if (Ready(Loads[I])) {
        Done.push_back(Loads[I]);
        Loads[I] = Loads.back();
        Loads.pop_back();
      } else {
        ++I;
      }
    }
    if (Loads.empty())
      ByAllocation.erase(It);
    return Done;
  }

  /// Every load parked on allocation Id (freed), no longer parked.
  std::vector<Load> takeAll(uint32_t Id) {
    std::vector<Load> All;
    auto It = ByAllocation.find(Id);
    if (It != ByAllocation.end()) {
      All.swap(It->second);
      ByAllocation.erase(It);
    }
    return All;
  }

private:
  std::unordered_map<uint32_t, std::vector<Load>> ByAllocation;
};

} // namespace orbis::world

#endif
