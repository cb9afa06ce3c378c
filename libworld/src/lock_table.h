/// \file
/// The world locks an owner keeps on its world integers: who holds each,
/// and who waits for it, served in the order their requests came. Plain
/// bookkeeping; the caller (World, under its mutex) sends the answers.
#ifndef ORBIS_WORLD_SRC_LOCK_TABLE_H
#define ORBIS_WORLD_SRC_LOCK_TABLE_H

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace orbis::world {

class LockTable {
public:
  /// A request to answer: rank and request token.
  struct Grant {
    int Rank;
    uint64_t Token;
  };

  /// Rank From asks for lock Index of allocation Id (request Token): the
  /// grant to answer now, or none when it must wait.
  std::optional<Grant> acquire(uint32_t Id, uint64_t Index, int From,
                               uint64_t Token) {
    Lock &L = Locks[{Id, Index}];
    if (L.Holder < 0) {
      L.Holder = From;
      return Grant{From, Token};
    }
    L.Waiting.push_back({From, Token});
    return std::nullopt;
  }

  /// Rank From releases the lock: the next waiter's grant, if any. Only the
  /// holder releases a lock (granting it to a waiter otherwise would let
  /// two ranks hold it): false, with Why, for any other rank.
  bool release(uint32_t Id, uint64_t Index, int From,
               std::optional<Grant> &Next, std::string &Why) {
    Next.reset();
    auto It = Locks.find({Id, Index});
    int Holder = It == Locks.end() ? -1 : It->second.Holder;
    if (Holder != From) {
      Why = "lock " + std::to_string(Index) + " of allocation " +
            std::to_string(Id) + " is " +
            (Holder < 0 ? std::string("not held")
                        : "held by rank " + std::to_string(Holder));
      return false;
    }
    Lock &L = It->second;
    if (L.Waiting.empty()) {
      Locks.erase(It);
      return true;
    }
    Next = L.Waiting.front();
    L.Waiting.erase(L.Waiting.begin());
    L.Holder = Next->Rank;
    return true;
  }

  /// Forgets the locks of allocation Id (freed): the requests still
  /// waiting, to be refused.
  std::vector<Grant> drop(uint32_t Id) {
    std::vector<Grant> Refused;
    auto It = Locks.lower_bound({Id, 0});
    while (It != Locks.end() && It->first.first == Id) {
      Refused.insert(Refused.end(), It->second.Waiting.begin(),
                     It->second.Waiting.end());
      It = Locks.erase(It);
    }
    return Refused;
  }

private:
  struct Lock {
    int Holder = -1;
    std::vector<Grant> Waiting; ///< first come, first served
  };
  std::map<std::pair<uint32_t, uint64_t>, Lock> Locks;
};

} // namespace orbis::world

#endif
