/// \file
/// PMIx bootstrap (see bootstrap.h).
#include "bootstrap.h"
#include "stop.h"
#include "world_impl.h"

#include <pmix.h>

#include <cstdio>
#include <cstring>
#include <optional>
#include <unistd.h>

namespace orbis::world {
namespace {

constexpr const char *AddressKey = "orbis.world.address";
/// The kind of the fence a process reached (Bootstrap::fence).
constexpr const char *FenceKey = "orbis.world.fence";
pmix_proc_t Self;

pmix_proc_t wildcard() {
  pmix_proc_t P;
  PMIX_PROC_CONSTRUCT(&P);
  std::strncpy(P.nspace, Self.nspace, PMIX_MAX_NSLEN);
  P.rank = PMIX_RANK_WILDCARD;
  return P;
}

/// A process of the job ended while this one runs: stop at once, naming it,
/// rather than wait forever for data it would have written.
void onProcessEnded(size_t, pmix_status_t Status, const pmix_proc_t *Source,
                    pmix_info_t Info[], size_t NumInfo, pmix_info_t *, size_t,
                    pmix_event_notification_cbfunc_fn_t Done, void *DoneData) {
  long Dead = Source ? long(Source->rank) : -1;
  for (size_t I = 0; I < NumInfo; ++I)
    if (PMIX_CHECK_KEY(&Info[I], PMIX_EVENT_AFFECTED_PROC) &&
        Info[I].value.type == PMIX_PROC && Info[I].value.data.proc)
      Dead = long(Info[I].value.data.proc->rank);
  if (Dead >= 0 && Dead != long(Self.rank)) {
    std::fflush(stdout);
    std::fprintf(stderr,
                 "orbis: rank %u: rank %ld of the world died (%s); stopping\n",
                 unsigned(Self.rank), Dead, PMIx_Error_string(Status));
    std::fflush(stderr);
    stopProcess(1);
  }
  if (Done)
    Done(PMIX_EVENT_ACTION_COMPLETE, nullptr, 0, nullptr, nullptr, DoneData);
}

} // namespace

orbis_status_t Bootstrap::init() {
  if (PMIx_Init(&Self, nullptr, 0) != PMIX_SUCCESS)
    return ORBIS_OK; // no launcher: a world of one
  UnderLauncher = true;
  Rank = int(Self.rank);
  Namespace = Self.nspace;
  pmix_proc_t Job = wildcard();
  pmix_value_t *Value = nullptr;
  if (PMIx_Get(&Job, PMIX_JOB_SIZE, nullptr, 0, &Value) != PMIX_SUCCESS ||
      !Value)
    return ORBIS_ERR_BOOTSTRAP;
  Size = int(Value->data.uint32);
  PMIX_VALUE_RELEASE(Value);
  Value = nullptr;
  if (PMIx_Get(&Job, PMIX_LOCAL_SIZE, nullptr, 0, &Value) == PMIX_SUCCESS &&
      Value && Value->type == PMIX_UINT32)
    LocalSize = int(Value->data.uint32);
  if (Value)
    PMIX_VALUE_RELEASE(Value);
  pmix_status_t Codes[] = {PMIX_EVENT_PROC_TERMINATED, PMIX_ERR_PROC_ABORTED,
                           PMIX_ERR_PROC_TERM_WO_SYNC};
  PMIx_Register_event_handler(Codes, 3, nullptr, 0, &onProcessEnded, nullptr,
                              nullptr);
  return Size >= 1 && Rank < Size ? ORBIS_OK : ORBIS_ERR_BOOTSTRAP;
}

void Bootstrap::finalize() {
  if (UnderLauncher)
    PMIx_Finalize(nullptr, 0);
  UnderLauncher = false;
}

orbis_status_t Bootstrap::allGather(const std::vector<char> &Blob,
                                    std::vector<std::vector<char>> &All) {
  All.assign(Size, {});
  if (!UnderLauncher) {
    All[0] = Blob;
    return ORBIS_OK;
  }
  pmix_value_t Value;
  pmix_byte_object_t Bytes;
  Bytes.bytes = const_cast<char *>(Blob.data());
  Bytes.size = Blob.size();
  PMIX_VALUE_LOAD(&Value, &Bytes, PMIX_BYTE_OBJECT);
  if (PMIx_Put(PMIX_GLOBAL, AddressKey, &Value) != PMIX_SUCCESS ||
      PMIx_Commit() != PMIX_SUCCESS)
    return ORBIS_ERR_BOOTSTRAP;
  PMIX_VALUE_DESTRUCT(&Value);
  pmix_proc_t Job = wildcard();
  if (orbis_status_t S = collectiveFence("the world's start"))
    return LastFence == PMIX_ERR_TIMEOUT ? S : ORBIS_ERR_BOOTSTRAP;
  for (int R = 0; R < Size; ++R) {
    pmix_proc_t Peer = Job;
    Peer.rank = pmix_rank_t(R);
    pmix_value_t *Got = nullptr;
    if (PMIx_Get(&Peer, AddressKey, nullptr, 0, &Got) != PMIX_SUCCESS || !Got ||
        Got->type != PMIX_BYTE_OBJECT)
      return ORBIS_ERR_BOOTSTRAP;
    All[R].assign(Got->data.bo.bytes, Got->data.bo.bytes + Got->data.bo.size);
    PMIX_VALUE_RELEASE(Got);
  }
  return ORBIS_OK;
}

orbis_status_t Bootstrap::collectiveFence(const char *Kind) {
  pmix_proc_t Job = wildcard();
  pmix_info_t Info[2];
  bool Collect = true;
  PMIX_INFO_LOAD(&Info[0], PMIX_COLLECT_DATA, &Collect, PMIX_BOOL);
  size_t N = 1;
  if (Timeout > 0) {
    PMIX_INFO_LOAD(&Info[1], PMIX_TIMEOUT, &Timeout, PMIX_INT);
    N = 2;
  }
  LastFence = PMIx_Fence(&Job, 1, Info, N);
  for (size_t I = 0; I < N; ++I)
    PMIX_INFO_DESTRUCT(&Info[I]);
  if (LastFence == PMIX_SUCCESS)
    return ORBIS_OK;
  if (LastFence == PMIX_ERR_TIMEOUT)
    return failWith(ORBIS_ERR_PEER_FAILED,
                    std::string("not every process of the world reached ") +
                        Kind + " within " + std::to_string(Timeout) +
                        " s: a process ended without reaching it, or is "
                        "still on its way (ORBIS_WORLD_TIMEOUT)");
  return ORBIS_ERR_BOOTSTRAP;
}

/// The string `Key` rank `R` put before the last fence, or nullopt.
static std::optional<std::string> peerString(int R, const std::string &Key) {
  pmix_proc_t Peer = wildcard();
  Peer.rank = pmix_rank_t(R);
  pmix_value_t *Got = nullptr;
  std::optional<std::string> Out;
  if (PMIx_Get(&Peer, Key.c_str(), nullptr, 0, &Got) == PMIX_SUCCESS && Got &&
      Got->type == PMIX_STRING)
    Out = Got->data.string;
  if (Got)
    PMIX_VALUE_RELEASE(Got);
  return Out;
}

orbis_status_t Bootstrap::fence(const std::string &Kind,
                                const std::string &Where) {
  if (!UnderLauncher)
    return ORBIS_OK;
  // "kind|place": the kinds are compared, the places named. A key per
  // fence: a peer that has gone on to its next fence may have put its next
  // kind already, and a Get returns the newest value of a key.
  std::string Tag = Kind + "|" + Where;
  std::string Key = std::string(FenceKey) + "." + std::to_string(++Fences);
  pmix_value_t Value;
  PMIX_VALUE_LOAD(&Value, Tag.c_str(), PMIX_STRING);
  pmix_status_t Put = PMIx_Put(PMIX_GLOBAL, Key.c_str(), &Value);
  PMIX_VALUE_DESTRUCT(&Value);
  if (Put != PMIX_SUCCESS || PMIx_Commit() != PMIX_SUCCESS)
    return failWith(ORBIS_ERR_BOOTSTRAP, "PMIx_Put of the fence's kind failed");
  orbis_status_t Fenced = collectiveFence(Kind.c_str());
  if (LastFence == PMIX_ERR_TIMEOUT)
    return Fenced;
  if (LastFence != PMIX_SUCCESS) {
    // Once the world runs, a fence fails because a process ended: the
    // launcher's event (onProcessEnded) names it and stops this process;
    // give it a moment to arrive before saying less.
    for (int Wait = 0; Wait < 100; ++Wait)
      usleep(10000);
    return failWith(ORBIS_ERR_PEER_FAILED,
                    std::string("a process of the world ended before reaching "
                                "it (PMIx_Fence: ") +
                        PMIx_Error_string(LastFence) + ")");
  }
  auto Named = [](const std::string &K, const std::string &At) {
    return At.empty() ? K : K + " at " + At;
  };
  for (int R = 0; R < Size; ++R) {
    if (R == Rank)
      continue;
    std::optional<std::string> Theirs = peerString(R, Key);
    if (!Theirs)
      return failWith(ORBIS_ERR_BOOTSTRAP, "PMIx_Get of rank " +
                                               std::to_string(R) +
                                               "'s fence kind failed");
    size_t Bar = Theirs->find('|');
    std::string TheirKind = Theirs->substr(0, Bar);
    if (TheirKind == Kind)
      continue;
    std::string TheirPlace =
        Bar == std::string::npos ? "" : Theirs->substr(Bar + 1);
    return failWith(ORBIS_ERR_INVALID,
                    "the processes did not reach the same barrier: this "
                    "process reached its " + Named(Kind, Where) + ", rank " +
                        std::to_string(R) + " its " +
                        Named(TheirKind, TheirPlace) +
                        " (every process must reach the same world "
                        "constructs' ends, barriers and finalize, in order)");
  }
  return ORBIS_OK;
}

} // namespace orbis::world
