/// \file
/// Stopping a process (see stop.h).
#include "stop.h"

#include <orbis/world.h>

#include <cstdio>
#include <sys/mman.h>
#include <unistd.h>

namespace orbis::world {

void stopProcess(int Status) {
  char Name[64];
  std::snprintf(Name, sizeof Name, "/__KMP_REGISTERED_LIB_%d_%d",
                int(getpid()), int(getuid()));
  shm_unlink(Name); // absent when the program does not use OpenMP
  _exit(Status);
}

} // namespace orbis::world

#pragma GCC visibility push(default)
extern "C" void orbis_world_stop(int status) {
  orbis::world::stopProcess(status);
}
#pragma GCC visibility pop
