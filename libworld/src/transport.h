/// \file
/// The UCX transport of libworld: one context and one worker per process in
/// UCS_THREAD_MODE_MULTI (any thread may send and progress), an endpoint to
/// every peer created from addresses exchanged at bootstrap, and active
/// messages only (a received active message is what wakes a worker sleeping
/// on its event fd; a put alone would not).
///
/// World allocations are mapped with ucp_mem_map(ALLOCATE): over shared
/// memory transports that is memory a process on the same host can map
/// (ucp_rkey_ptr) and write straight into (see region.h).
///
/// Progress design: a background thread progresses the worker and, when
/// there is nothing to do, sleeps on the worker's event fd, so that requests
/// from peers are served even while every user thread is busy or asleep
/// (over TCP, UCX needs the target to progress). Waiting user threads also
/// progress while they spin, which keeps latency low.
#ifndef ORBIS_WORLD_SRC_TRANSPORT_H
#define ORBIS_WORLD_SRC_TRANSPORT_H

#include "bootstrap.h"
#include "heap.h"

#include <ucp/api/ucp.h>

#include <atomic>
#include <thread>
#include <vector>

namespace orbis::world {

class Transport : public MemorySource {
public:
  /// Receives one whole message: called from progress, on any thread.
  using Receiver = void (*)(void *Ctx, unsigned Id, const void *Header,
                            size_t HeaderLength, const void *Data,
                            size_t Length);
  /// Where a large message's data may go directly (zero-copy), or null for
  /// a temporary buffer; called before the data is fetched.
  using Placer = void *(*)(void *Ctx, unsigned Id, const void *Header,
                           size_t HeaderLength, size_t Length);

  /// `AfterProgress` runs after each round of the progress thread, outside
  /// any UCX callback: where work queued by receivers (replies) is sent.
  /// A process that exits without finalizing leaves the progress thread to
  /// the exit (joining it then would wait on a finalized UCX).
  ~Transport() {
    if (Progress.joinable())
      Progress.detach();
  }

  /// Every message carries a token of the job (a hash of the PMIx
  /// namespace); a message with another token, from a process of another
  /// job, is rejected with a warning and never reaches the heap.
  orbis_status_t init(Bootstrap &B, Receiver R, void *Ctx,
                      const std::vector<unsigned> &Ids,
                      void (*AfterProgress)(void *), Placer Place);
  void finalize();
  /// Peers that go away from now on are leaving, not failing.
  void leaving() { Leaving.store(true); }

  /// Sends to `Peer` (not this process); returns when the buffers may be
  /// reused.
  orbis_status_t send(int Peer, unsigned Id, const void *Header,
                      size_t HeaderLength, const void *Data, size_t Length);
  /// Memory for an allocation, with the key peers map it with.
  bool map(size_t Length, Region &R) override;
  void unmap(Region &R) override;
  /// Maps Peer's region (packed key Key, at address Base there): the
  /// local address of Base, or null when Peer's memory cannot be mapped
  /// here (another host, TCP); `Handle` is what detach() releases.
  char *attach(int Peer, const std::vector<char> &Key, uint64_t Base,
               void *&Handle);
  void detach(void *Handle);

  /// Sends like send(), but returns at once: Header and Data are copied,
  /// and the message goes on, eagerly, while the caller continues (large
  /// stores to an owner that is not mapped here, pipelined). At most PostLimit bytes
  /// are in flight; flushPosted() waits until none is.
  orbis_status_t post(int Peer, unsigned Id, const void *Header,
                      size_t HeaderLength, const void *Data, size_t Length);
  void flushPosted();
  static constexpr size_t PostLimit = size_t(64) << 20;

  /// One round of progress; whether anything happened.
  bool progress();
  bool active() const { return Worker != nullptr; }
  /// Whether the caller is the progress thread (which must not sleep on
  /// what only its own progress brings).
  bool onProgressThread() const {
    return std::this_thread::get_id() == Progress.get_id();
  }

private:
  static ucs_status_t onMessage(void *Arg, const void *Header,
                                size_t HeaderLength, void *Data, size_t Length,
                                const ucp_am_recv_param_t *Param);
  void progressLoop();

  ucp_context_h Context = nullptr;
  ucp_worker_h Worker = nullptr;
  std::vector<ucp_ep_h> Endpoints;
  Receiver Deliver = nullptr;
  Placer Place = nullptr;
  void (*AfterProgress)(void *) = nullptr;
  void *DeliverCtx = nullptr;
  struct Handler {
    Transport *Self;
    unsigned Id;
  };
  std::vector<Handler> Handlers;
  uint64_t JobToken = 0;
  std::atomic<bool> WarnedForeign{false};
  std::atomic<size_t> Posted{0}; ///< bytes of posted messages in flight
  static void onPosted(void *Request, ucs_status_t Status, void *UserData);
  int Rank = 0;
  std::thread Progress;
  std::atomic<bool> Stop{false};
  /// Set when this process leaves the world: from then on, peers that go
  /// away are leaving too, not failing.
  std::atomic<bool> Leaving{false};
  static void onPeerError(void *Arg, ucp_ep_h Ep, ucs_status_t Status);
  std::vector<int> PeerRanks; ///< argument of each endpoint's error handler
  int EventFd = -1;
};

} // namespace orbis::world

#endif
