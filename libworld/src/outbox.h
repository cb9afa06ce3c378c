/// \file
/// Messages queued to be sent later: receivers (which run inside UCX's
/// progress) and code holding World's mutex must not send, since sending
/// progresses UCX, which may run a receiver that takes the mutex. They
/// queue here; World::flushOutbox sends outside both. Its own lock.
#ifndef ORBIS_WORLD_SRC_OUTBOX_H
#define ORBIS_WORLD_SRC_OUTBOX_H

#include <mutex>
#include <vector>

namespace orbis::world {

struct Outgoing {
  int Peer;
  unsigned Id; ///< the message kind
  std::vector<char> Header, Data;
};

class Outbox {
public:
  void push(Outgoing Message) {
    std::lock_guard<std::mutex> L(M);
    Queued.push_back(std::move(Message));
  }
  /// A message whose header is the object H, with no data.
  template <class Header> void push(int Peer, unsigned Id, const Header &H) {
    const char *Bytes = reinterpret_cast<const char *>(&H);
    push(Outgoing{Peer, Id, std::vector<char>(Bytes, Bytes + sizeof H), {}});
  }
  /// Everything queued, in order; the queue is left empty.
  std::vector<Outgoing> take() {
    std::vector<Outgoing> All;
    std::lock_guard<std::mutex> L(M);
    All.swap(Queued);
    return All;
  }

private:
  std::mutex M;
  std::vector<Outgoing> Queued;
};

} // namespace orbis::world

#endif
