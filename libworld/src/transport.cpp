/// \file
/// UCX transport (see transport.h).
#include "transport.h"
#include "stop.h"

#include "oversubscribed.h"

#include <poll.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

namespace orbis::world {
namespace {

/// A large message arrives as a rendezvous descriptor: its data is fetched
/// into this buffer, and delivered when the fetch completes.
struct RendezvousData {
  Transport::Receiver Deliver;
  void *Ctx;
  unsigned Id;
  std::vector<char> Header;
  std::unique_ptr<char[]> Buffer; ///< when not received in place
  char *Data;                     ///< where the data goes
  size_t Length;
};

void rendezvousDone(void *Request, ucs_status_t Status, size_t,
                    void *UserData) {
  std::unique_ptr<RendezvousData> R(static_cast<RendezvousData *>(UserData));
  if (Status == UCS_OK)
    R->Deliver(R->Ctx, R->Id, R->Header.data(), R->Header.size(),
               R->Data, R->Length);
  if (Request)
    ucp_request_free(Request);
}

/// FNV-1a: a stable 64-bit token of the job's namespace.
uint64_t tokenOf(const std::string &Namespace) {
  uint64_t H = 1469598103934665603ull;
  for (unsigned char C : Namespace)
    H = (H ^ C) * 1099511628211ull;
  return H;
}

/// The largest header a message carries after the job token.
constexpr size_t MaxHeader = 64;

void waitRequest(ucp_worker_h Worker, void *Request) {
  while (ucp_request_check_status(Request) == UCS_INPROGRESS)
    ucp_worker_progress(Worker);
}

} // namespace

/// The error handler of an endpoint gets only its peer's rank; a process
/// has one world, hence one transport.
static Transport *TheTransport = nullptr;

orbis_status_t Transport::init(Bootstrap &B, Receiver R, void *Ctx,
                               const std::vector<unsigned> &Ids,
                               void (*After)(void *), Placer P) {
  Deliver = R;
  Place = P;
  AfterProgress = After;
  JobToken = tokenOf(B.jobNamespace());
  Rank = B.rank();
  DeliverCtx = Ctx;
  // Peer failures are detected by UCX: endpoints use error handling mode
  // PEER, which over shared memory needs UCX_POSIX/SYSV_ERROR_HANDLING
  // (without it UCX would silently fall back to TCP), and keepalive must
  // notice a dead peer well within 10 s. The user's settings win.
  // UCX warns about a setting no transport uses: set the POSIX one only when
  // shared memory may be in use.
  const char *Tls = std::getenv("UCX_TLS");
  if (!Tls || std::strstr(Tls, "shm") || std::strstr(Tls, "sm") ||
      std::strstr(Tls, "posix") ||
      std::strstr(Tls, "all") || Tls[0] == '^')
  {
    setenv("UCX_POSIX_ERROR_HANDLING", "y", 0);
    setenv("UCX_SYSV_ERROR_HANDLING", "y", 0);
  }
  setenv("UCX_KEEPALIVE_INTERVAL", "1s", 0);
  // The worker is shared by the progress thread and the user's threads: a
  // spin lock held by a thread the kernel took off its core makes the
  // others spin through their time slices when processes outnumber cores
  // (46% of the CPU in pthread_spin_lock; the pipelined Gauss-Seidel over
  // TCP 44-83 s instead of 5). A mutex sleeps instead. Also when TCP may
  // carry the data and the threads that take the lock (a process's own and
  // its progress thread) outnumber the cores: TCP's progress holds the lock
  // through system calls, and Algorithm 2 at P = 2 on 2 cores spent half
  // its time spinning for it (orbis-world 0.017 GCUP/s with the spin lock,
  // 0.062 with the mutex at N = 4096). Otherwise the spin lock: its wake-up
  // is quicker (WLAT over TCP 6 us against 20), and over shared memory the
  // lock is held briefly (the same run 0.31 against 0.28 GCUP/s).
  if (workerLockSleeps(Tls, B.localSize(), B.size(),
                       sysconf(_SC_NPROCESSORS_ONLN)))
    setenv("UCX_USE_MT_MUTEX", "y", 0);
  ucp_config_t *Config = nullptr;
  if (ucp_config_read(nullptr, nullptr, &Config) != UCS_OK)
    return ORBIS_ERR_TRANSPORT;
  ucp_params_t Params = {};
  Params.field_mask = UCP_PARAM_FIELD_FEATURES | UCP_PARAM_FIELD_MT_WORKERS_SHARED;
  Params.features = UCP_FEATURE_AM | UCP_FEATURE_RMA | UCP_FEATURE_WAKEUP;
  Params.mt_workers_shared = 1;
  ucs_status_t St = ucp_init(&Params, Config, &Context);
  ucp_config_release(Config);
  if (St != UCS_OK)
    return ORBIS_ERR_TRANSPORT;

  ucp_worker_params_t WParams = {};
  WParams.field_mask = UCP_WORKER_PARAM_FIELD_THREAD_MODE;
  WParams.thread_mode = UCS_THREAD_MODE_MULTI;
  if (ucp_worker_create(Context, &WParams, &Worker) != UCS_OK)
    return ORBIS_ERR_TRANSPORT;
  if (ucp_worker_get_efd(Worker, &EventFd) != UCS_OK)
    return ORBIS_ERR_TRANSPORT;

  Handlers.reserve(Ids.size());
  for (unsigned Id : Ids) {
    Handlers.push_back({this, Id});
    ucp_am_handler_param_t HParams = {};
    HParams.field_mask = UCP_AM_HANDLER_PARAM_FIELD_ID |
                         UCP_AM_HANDLER_PARAM_FIELD_CB |
                         UCP_AM_HANDLER_PARAM_FIELD_ARG |
                         UCP_AM_HANDLER_PARAM_FIELD_FLAGS;
    HParams.id = Id;
    HParams.cb = &Transport::onMessage;
    HParams.arg = &Handlers.back();
    HParams.flags = UCP_AM_FLAG_WHOLE_MSG;
    if (ucp_worker_set_am_recv_handler(Worker, &HParams) != UCS_OK)
      return ORBIS_ERR_TRANSPORT;
  }

  ucp_address_t *Address = nullptr;
  size_t Length = 0;
  if (ucp_worker_get_address(Worker, &Address, &Length) != UCS_OK)
    return ORBIS_ERR_TRANSPORT;
  std::vector<char> Mine(reinterpret_cast<char *>(Address),
                         reinterpret_cast<char *>(Address) + Length);
  // For tests of the job check: where an outsider can find this worker.
  if (const char *File = std::getenv("ORBIS_WORLD_ADDRESS_FILE"))
    if (B.rank() == 0)
      if (FILE *F = std::fopen(File, "wb")) {
        std::fwrite(Mine.data(), 1, Mine.size(), F);
        std::fclose(F);
      }
  ucp_worker_release_address(Worker, Address);
  std::vector<std::vector<char>> All;
  if (orbis_status_t S = B.allGather(Mine, All))
    return S;

  Endpoints.assign(B.size(), nullptr);
  PeerRanks.resize(B.size());
  for (int Peer = 0; Peer < B.size(); ++Peer) {
    if (Peer == B.rank())
      continue;
    PeerRanks[Peer] = Peer;
    ucp_ep_params_t EParams = {};
    EParams.field_mask = UCP_EP_PARAM_FIELD_REMOTE_ADDRESS |
                         UCP_EP_PARAM_FIELD_ERR_HANDLING_MODE |
                         UCP_EP_PARAM_FIELD_ERR_HANDLER;
    EParams.address = reinterpret_cast<const ucp_address_t *>(All[Peer].data());
    EParams.err_mode = UCP_ERR_HANDLING_MODE_PEER;
    EParams.err_handler.cb = &Transport::onPeerError;
    EParams.err_handler.arg = &PeerRanks[Peer];
    if (ucp_ep_create(Worker, &EParams, &Endpoints[Peer]) != UCS_OK)
      return ORBIS_ERR_TRANSPORT;
  }
  TheTransport = this;
  Progress = std::thread([this] { progressLoop(); });
  return ORBIS_OK;
}

void Transport::progressLoop() {
  while (!Stop.load(std::memory_order_acquire)) {
    while (ucp_worker_progress(Worker)) {
    }
    AfterProgress(DeliverCtx);
    ucs_status_t St = ucp_worker_arm(Worker);
    if (St == UCS_ERR_BUSY)
      continue; // events arrived meanwhile
    if (St != UCS_OK)
      break;
    pollfd P = {EventFd, POLLIN, 0};
    poll(&P, 1, 100);
  }
}

void Transport::onPeerError(void *Arg, ucp_ep_h, ucs_status_t Status) {
  if (!TheTransport || TheTransport->Leaving.load())
    return;
  std::fflush(stdout);
  std::fprintf(stderr, "orbis: rank %d: rank %d of the world died (%s); "
                       "stopping\n",
               TheTransport->Rank, *static_cast<int *>(Arg),
               ucs_status_string(Status));
  std::fflush(stderr);
  stopProcess(1);
}

bool Transport::map(size_t Length, Region &R) {
  if (!Context)
    return false;
  ucp_mem_map_params_t Params = {};
  Params.field_mask = UCP_MEM_MAP_PARAM_FIELD_ADDRESS |
                      UCP_MEM_MAP_PARAM_FIELD_LENGTH |
                      UCP_MEM_MAP_PARAM_FIELD_FLAGS;
  Params.address = nullptr;
  Params.length = Length;
  Params.flags = UCP_MEM_MAP_ALLOCATE;
  ucp_mem_h Memh;
  if (ucp_mem_map(Context, &Params, &Memh) != UCS_OK)
    return false;
  ucp_mem_attr_t Attr = {};
  Attr.field_mask = UCP_MEM_ATTR_FIELD_ADDRESS;
  void *Key = nullptr;
  size_t KeyLength = 0;
  if (ucp_mem_query(Memh, &Attr) != UCS_OK ||
      ucp_rkey_pack(Context, Memh, &Key, &KeyLength) != UCS_OK) {
    ucp_mem_unmap(Context, Memh);
    return false;
  }
  R.Base = static_cast<char *>(Attr.address);
  R.Length = Length;
  R.Handle = Memh;
  R.Key.assign(static_cast<char *>(Key), static_cast<char *>(Key) + KeyLength);
  ucp_rkey_buffer_release(Key);
  return true;
}

void Transport::unmap(Region &R) {
  if (Context && R.Handle)
    ucp_mem_unmap(Context, static_cast<ucp_mem_h>(R.Handle));
}

char *Transport::attach(int Peer, const std::vector<char> &Key, uint64_t Base,
                        void *&Handle) {
  Handle = nullptr;
  if (!Worker || Peer < 0 || size_t(Peer) >= Endpoints.size() ||
      !Endpoints[Peer])
    return nullptr;
  ucp_rkey_h Rkey;
  if (ucp_ep_rkey_unpack(Endpoints[Peer], Key.data(), &Rkey) != UCS_OK)
    return nullptr;
  void *Local = nullptr;
  if (ucp_rkey_ptr(Rkey, Base, &Local) != UCS_OK) {
    ucp_rkey_destroy(Rkey);
    return nullptr;
  }
  Handle = Rkey;
  return static_cast<char *>(Local);
}

void Transport::detach(void *Handle) {
  if (Handle)
    ucp_rkey_destroy(static_cast<ucp_rkey_h>(Handle));
}

bool Transport::progress() { return ucp_worker_progress(Worker) != 0; }

ucs_status_t Transport::onMessage(void *Arg, const void *Header,
                                  size_t HeaderLength, void *Data,
                                  size_t Length,
                                  const ucp_am_recv_param_t *Param) {
  auto *H = static_cast<Handler *>(Arg);
  Transport *T = H->Self;
  uint64_t Token = 0;
  if (HeaderLength >= sizeof Token)
    std::memcpy(&Token, Header, sizeof Token);
  if (HeaderLength < sizeof Token || Token != T->JobToken) {
    if (!T->WarnedForeign.exchange(true))
      std::fprintf(stderr,
                   "orbis: rank %d: rejected a message from a process of "
                   "another job\n",
                   T->Rank);
    return UCS_OK; // dropped: rendezvous data is released by UCX
  }
  Header = static_cast<const char *>(Header) + sizeof Token;
  HeaderLength -= sizeof Token;
  if (!(Param->recv_attr & UCP_AM_RECV_ATTR_FLAG_RNDV)) {
    T->Deliver(T->DeliverCtx, H->Id, Header, HeaderLength, Data, Length);
    return UCS_OK;
  }
  auto *R = new RendezvousData{T->Deliver, T->DeliverCtx, H->Id,
                               std::vector<char>(static_cast<const char *>(Header),
                                                 static_cast<const char *>(Header) +
                                                     HeaderLength),
                               nullptr, nullptr, Length};
  R->Data = static_cast<char *>(
      T->Place ? T->Place(T->DeliverCtx, H->Id, Header, HeaderLength, Length)
               : nullptr);
  if (!R->Data) {
    R->Buffer.reset(new char[Length]); // not zeroed: the fetch fills it
    R->Data = R->Buffer.get();
  }
  ucp_request_param_t RParams = {};
  RParams.op_attr_mask = UCP_OP_ATTR_FIELD_CALLBACK |
                         UCP_OP_ATTR_FIELD_USER_DATA |
                         UCP_OP_ATTR_FLAG_NO_IMM_CMPL;
  RParams.cb.recv_am = &rendezvousDone;
  RParams.user_data = R;
  ucs_status_ptr_t Req = ucp_am_recv_data_nbx(T->Worker, Data, R->Data,
                                              Length, &RParams);
  if (UCS_PTR_IS_ERR(Req)) {
    delete R;
    return UCS_PTR_STATUS(Req);
  }
  return UCS_INPROGRESS; // the descriptor is released by the fetch
}

orbis_status_t Transport::send(int Peer, unsigned Id, const void *Header,
                               size_t HeaderLength, const void *Data,
                               size_t Length) {
  if (HeaderLength > MaxHeader)
    return ORBIS_ERR_INVALID;
  char Framed[sizeof(uint64_t) + MaxHeader];
  std::memcpy(Framed, &JobToken, sizeof JobToken);
  std::memcpy(Framed + sizeof JobToken, Header, HeaderLength);
  ucp_request_param_t Params = {};
  Params.op_attr_mask = UCP_OP_ATTR_FIELD_FLAGS;
  Params.flags = UCP_AM_SEND_FLAG_REPLY;
  ucs_status_ptr_t Req =
      ucp_am_send_nbx(Endpoints[Peer], Id, Framed, sizeof JobToken + HeaderLength,
                      Data, Length, &Params);
  if (UCS_PTR_IS_ERR(Req))
    return ORBIS_ERR_TRANSPORT;
  if (Req) {
    waitRequest(Worker, Req);
    ucs_status_t St = ucp_request_check_status(Req);
    ucp_request_free(Req);
    if (St != UCS_OK)
      return ORBIS_ERR_TRANSPORT;
  }
  return ORBIS_OK;
}

namespace {
/// A posted message: the framed header and the data, kept until sent.
struct PostedMessage {
  Transport *Owner;
  std::atomic<size_t> *Counter;
  std::unique_ptr<char[]> Bytes;
  size_t Length;
};
} // namespace

void Transport::onPosted(void *Request, ucs_status_t, void *UserData) {
  // A failed send needs nothing more here: a dead peer stops the job
  // through onPeerError.
  std::unique_ptr<PostedMessage> M(static_cast<PostedMessage *>(UserData));
  M->Counter->fetch_sub(M->Length);
  if (Request)
    ucp_request_free(Request);
}

orbis_status_t Transport::post(int Peer, unsigned Id, const void *Header,
                               size_t HeaderLength, const void *Data,
                               size_t Length) {
  if (HeaderLength > MaxHeader)
    return ORBIS_ERR_INVALID;
  while (Posted.load() > PostLimit)
    ucp_worker_progress(Worker);
  size_t Framed = sizeof JobToken + HeaderLength;
  auto *M = new PostedMessage{this, &Posted,
                              std::unique_ptr<char[]>(new char[Framed + Length]),
                              Framed + Length};
  std::memcpy(M->Bytes.get(), &JobToken, sizeof JobToken);
  std::memcpy(M->Bytes.get() + sizeof JobToken, Header, HeaderLength);
  std::memcpy(M->Bytes.get() + Framed, Data, Length);
  Posted.fetch_add(M->Length);
  ucp_request_param_t Params = {};
  Params.op_attr_mask = UCP_OP_ATTR_FIELD_FLAGS | UCP_OP_ATTR_FIELD_CALLBACK |
                        UCP_OP_ATTR_FIELD_USER_DATA;
  // Eager: the copy is ours already, and a rendezvous would add a round
  // trip per message (over TCP, 64 KiB posted stores: 3-3.6 GB/s eager,
  // 0.8-1 GB/s by rendezvous).
  Params.flags = UCP_AM_SEND_FLAG_REPLY | UCP_AM_SEND_FLAG_EAGER;
  Params.cb.send = &Transport::onPosted;
  Params.user_data = M;
  ucs_status_ptr_t Req = ucp_am_send_nbx(Endpoints[Peer], Id, M->Bytes.get(),
                                         Framed, M->Bytes.get() + Framed,
                                         Length, &Params);
  if (UCS_PTR_IS_ERR(Req)) {
    onPosted(nullptr, UCS_PTR_STATUS(Req), M);
    return ORBIS_ERR_TRANSPORT;
  }
  if (!Req) // sent already: no callback comes
    onPosted(nullptr, UCS_OK, M);
  return ORBIS_OK;
}

void Transport::flushPosted() {
  while (Worker && Posted.load())
    ucp_worker_progress(Worker);
}

void Transport::finalize() {
  if (!Worker)
    return;
  Stop.store(true, std::memory_order_release);
  ucp_worker_signal(Worker);
  if (Progress.joinable())
    Progress.join();
  for (ucp_ep_h &Ep : Endpoints) {
    if (!Ep)
      continue;
    ucp_request_param_t Params = {};
    Params.op_attr_mask = UCP_OP_ATTR_FIELD_FLAGS;
    Params.flags = UCP_EP_CLOSE_FLAG_FORCE;
    ucs_status_ptr_t Req = ucp_ep_close_nbx(Ep, &Params);
    if (Req && !UCS_PTR_IS_ERR(Req)) {
      waitRequest(Worker, Req);
      ucp_request_free(Req);
    }
    Ep = nullptr;
  }
  ucp_worker_destroy(Worker);
  ucp_cleanup(Context);
  Worker = nullptr;
  Context = nullptr;
}

} // namespace orbis::world
