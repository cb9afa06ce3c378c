/// \file
/// Whether the processes of the world on this host outnumber its cores:
/// then the process that will write what another waits for is often off
/// its core, and waiting must give the core away rather than spin
/// (WaitPolicy, and UCX's worker lock in transport.cpp). The host's online
/// cores, not this process's affinity: a launcher that binds each process
/// to a core of its own (mpirun -np 2 here) leaves one core per process.
#ifndef ORBIS_WORLD_SRC_OVERSUBSCRIBED_H
#define ORBIS_WORLD_SRC_OVERSUBSCRIBED_H

#include <unistd.h>

namespace orbis::world {

inline bool oversubscribed(int LocalProcesses) {
  long Cores = sysconf(_SC_NPROCESSORS_ONLN);
  return LocalProcesses > (Cores > 0 ? Cores : 1);
}

} // namespace orbis::world

#endif
