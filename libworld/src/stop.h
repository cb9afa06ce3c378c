/// \file
/// How libworld stops a process: at once, without exit handlers (they would
/// wait for a world that cannot finish), leaving nothing behind.
#ifndef ORBIS_WORLD_SRC_STOP_H
#define ORBIS_WORLD_SRC_STOP_H

namespace orbis::world {

/// Ends the process with `Status` now. What a normal exit would have
/// cleaned up and can be cleaned here is: libomp's record of the process
/// in /dev/shm (`__KMP_REGISTERED_LIB_<pid>_<uid>`, removed by its exit
/// handler), which every stopped process of an OpenMP program left behind.
[[noreturn]] void stopProcess(int Status);

} // namespace orbis::world

#endif // ORBIS_WORLD_SRC_STOP_H
