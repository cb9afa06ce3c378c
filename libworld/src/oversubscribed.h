/// \file
/// Whether the processes of the world on this host outnumber its cores:
/// then the process that will write what another waits for is often off
/// its core, and waiting must give the core away rather than spin
/// (WaitPolicy, and UCX's worker lock in transport.cpp). The host's online
/// cores, not this process's affinity: a launcher that binds each process
/// to a core of its own (mpirun -np 2 here) leaves one core per process.
#ifndef ORBIS_WORLD_SRC_OVERSUBSCRIBED_H
#define ORBIS_WORLD_SRC_OVERSUBSCRIBED_H

#include <cstring>
#include <unistd.h>

namespace orbis::world {

inline bool oversubscribed(int LocalProcesses, long Cores) {
  return LocalProcesses > (Cores > 0 ? Cores : 1);
}
inline bool oversubscribed(int LocalProcesses) {
  return oversubscribed(LocalProcesses, sysconf(_SC_NPROCESSORS_ONLN));
}

/// Whether UCX's worker lock should be a mutex rather than a spin lock
/// (transport.cpp says why): when the processes on this host outnumber its
/// cores, or when TCP may carry data (`Tls`: UCX_TLS, null when unset: TCP
/// then only between hosts) and the threads that take the lock, each
/// process's own and its progress thread, outnumber the cores.
inline bool workerLockSleeps(const char *Tls, int LocalProcesses,
                             int Processes, long Cores) {
  bool MayUseTcp = Tls ? std::strstr(Tls, "tcp") || std::strstr(Tls, "all") ||
                             Tls[0] == '^'
                       : LocalProcesses < Processes;
  return oversubscribed(LocalProcesses, Cores) ||
         (MayUseTcp && oversubscribed(2 * LocalProcesses, Cores));
}

} // namespace orbis::world

#endif
