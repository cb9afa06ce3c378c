/// \file
/// Deadlock detection: rank 0 probes every process; when all are suspended
/// on world memory with no data in flight, each prints what it waits for
/// and the job stops.
#include "world_impl.h"
#include "stop.h"

#include <cstring>

namespace orbis::world {

orbis_status_t World::fenceWaiting(const char *Call) {
  WaitSite Site{Call, orbis_world_ptr_t{}, 0, 0};
  {
    std::lock_guard<std::mutex> L(M);
    Waits.add(&Site);
  }
  // Barriers counted apart from finalize: a process that runs one more
  // world construct than another meets the other's finalize with its
  // barrier, and both must see it.
  // Finalize runs at exit, where the caller's place is the last one set
  // (a construct already left): it has none.
  bool Finalize = std::strcmp(Call, "world finalize") == 0;
  std::string Kind = Call;
  if (!Finalize)
    Kind += " " + std::to_string(++Barriers);
  std::string Where = Site.File && !Finalize ? std::string(Site.File) + ":" +
                                                   std::to_string(Site.Line)
                                             : std::string();
  orbis_status_t S = Boot.fence(Kind, Where);
  std::lock_guard<std::mutex> L(M);
  Waits.remove(&Site);
  return S;
}

ProbeState World::probeStateLocked(uint32_t Round) {
  bool Idle = Activity.idleSinceLast();
  return ProbeState{uint32_t(rank()), Round,
                    uint32_t(!Waits.empty() && Idle), 0, DataSent.load(),
                    DataReceived.load()};
}

void World::watchdogRound(std::unique_lock<std::mutex> &L) {
  // Evaluate the previous round, whose replies have had an interval to
  // come back.
  if (Probes.deadlocked(size())) {
    uint32_t Round = Probes.round();
    L.unlock();
    for (int Peer = 1; Peer < size(); ++Peer)
      send(Peer, MsgDeadlock, &Round, sizeof Round, nullptr, 0);
    reportDeadlockAndStop();
  }
  // Start the next round: our own state, and a probe to the others.
  uint32_t Round = Probes.start(probeStateLocked(Probes.round() + 1));
  L.unlock();
  for (int Peer = 1; Peer < size(); ++Peer)
    send(Peer, MsgProbe, &Round, sizeof Round, nullptr, 0);
  L.lock();
}

void World::reportDeadlockAndStop() {
  std::lock_guard<std::mutex> L(M);
  std::fflush(stdout);
  if (rank() == 0)
    std::fprintf(stderr, "orbis: deadlock: every process of the world waits, "
                         "for world memory that no process writes or in a "
                         "barrier or finalize that not every process "
                         "reaches\n");
  for (const std::string &Line : Waits.reportLines(rank()))
    std::fprintf(stderr, "%s\n", Line.c_str());
  std::fflush(stderr);
  // Give the other processes a moment to print their part.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  stopProcess(1);
}

} // namespace orbis::world
