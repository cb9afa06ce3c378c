/// \file
/// Deadlock detection: rank 0 probes every process; when all are suspended
/// on world memory with no data in flight, each prints what it waits for
/// and the job stops.
#include "world_impl.h"

namespace orbis::world {

orbis_status_t World::fenceWaiting(const char *Call) {
  WaitSite Site{Call, orbis_world_ptr_t{}, 0, 0};
  {
    std::lock_guard<std::mutex> L(M);
    Waits.push_back(&Site);
  }
  orbis_status_t S = Boot.fence();
  std::lock_guard<std::mutex> L(M);
  Waits.erase(std::find(Waits.begin(), Waits.end(), &Site));
  return S;
}

std::string World::describeLocked(const WaitSite &Site) const {
  if (Site.Ptr.elem_size == 0) // a fence: no address
    return "every process to reach it";
  std::string S = Site.Count == 1
                      ? "element " + std::to_string(Site.First)
                      : "elements [" + std::to_string(Site.First) + ", " +
                            std::to_string(Site.First + Site.Count) + ")";
  return S + " of allocation " + std::to_string(Site.Ptr.id) +
         " owned by rank " + std::to_string(Site.Ptr.owner);
}

ProbeState World::probeStateLocked(uint32_t Round) {
  rusage Usage;
  getrusage(RUSAGE_SELF, &Usage);
  double Cpu = Usage.ru_utime.tv_sec + Usage.ru_utime.tv_usec * 1e-6 +
               Usage.ru_stime.tv_sec + Usage.ru_stime.tv_usec * 1e-6;
  auto Now = std::chrono::steady_clock::now();
  double Elapsed = std::chrono::duration<double>(Now - LastProbe).count();
  // A computing thread uses CPU; waiting ones sleep (the spinning phase
  // lasts milliseconds), so less than 5% of a core means nobody computes.
  bool Idle = Elapsed > 0 && (Cpu - LastCpuSeconds) < 0.05 * Elapsed;
  LastCpuSeconds = Cpu;
  LastProbe = Now;
  return ProbeState{uint32_t(rank()), Round,
                    uint32_t(!Waits.empty() && Idle), 0, DataSent.load(),
                    DataReceived.load()};
}

void World::watchdog() {
  std::unique_lock<std::mutex> L(M);
  LastProbe = std::chrono::steady_clock::now();
  while (!StopWatchdog.load()) {
    WatchdogWake.wait_for(L, ProbeInterval);
    if (StopWatchdog.load())
      break;
    // Evaluate the previous round, whose replies have had an interval to
    // come back.
    if (ProbeRound > 0 && int(Replies.size()) == size()) {
      bool All = true;
      uint64_t Sent = 0, Received = 0;
      for (const ProbeState &P : Replies) {
        All = All && P.Suspended;
        Sent += P.Sent;
        Received += P.Received;
      }
      bool Quiet = Sent == Received && Sent == LastSent &&
                   Received == LastReceived;
      Stable = All && Quiet ? Stable + 1 : 0;
      LastSent = Sent;
      LastReceived = Received;
      if (Stable >= StableProbes) {
        L.unlock();
        for (int Peer = 1; Peer < size(); ++Peer) {
          uint32_t Round = ProbeRound;
          send(Peer, MsgDeadlock, &Round, sizeof Round, nullptr, 0);
        }
        reportDeadlockAndStop();
      }
    }
    // Start the next round: our own state, and a probe to the others.
    ++ProbeRound;
    Replies.clear();
    Replies.push_back(probeStateLocked(ProbeRound));
    uint32_t Round = ProbeRound;
    L.unlock();
    for (int Peer = 1; Peer < size(); ++Peer)
      send(Peer, MsgProbe, &Round, sizeof Round, nullptr, 0);
    L.lock();
  }
}

void World::reportDeadlockAndStop() {
  std::lock_guard<std::mutex> L(M);
  std::fflush(stdout);
  if (rank() == 0)
    std::fprintf(stderr, "orbis: deadlock: every process of the world waits, "
                         "for world memory that no process writes or in a "
                         "barrier or finalize that not every process "
                         "reaches\n");
  for (const WaitSite *Site : Waits)
    std::fprintf(stderr, "orbis: deadlock: rank %d: %s waits for %s\n",
                 rank(), Site->call().c_str(), describeLocked(*Site).c_str());
  std::fflush(stderr);
  // Give the other processes a moment to print their part.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  _exit(1);
}

} // namespace orbis::world
