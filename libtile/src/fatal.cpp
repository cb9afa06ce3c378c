/// \file
/// How libtile stops a program: a misuse found at run time (a loop that never
/// reaches its bound, a tile size below 1, a malformed OMP_BLOCK_SIZE) is a
/// user error, not a crash, so it ends with a one-line message and exit
/// status 1 rather than abort() and a core dump.
#include "export.h"

#include <orbis/tile.h>

#include <cstdio>
#include <cstdlib>
#include <sys/mman.h>
#include <unistd.h>

extern "C" ORBIS_TILE_API ORBIS_NOTHROW void orbis_tile_fatal(const char *where,
                                                const char *what) {
  // The user's own output comes first, as it would have without the error.
  std::fflush(stdout);
  // One fprintf, so that the line is not interleaved with other threads'.
  if (where && *where)
    std::fprintf(stderr, "orbis: %s: error: %s\n", where, what);
  else
    std::fprintf(stderr, "orbis: error: %s\n", what);
  std::fflush(stderr);
  // _Exit, not exit: other threads may still be running tiles, and static
  // destructors or atexit handlers run under their feet could crash or hang
  // instead of reporting the error.
  // libomp records the process in /dev/shm and removes the record in its
  // exit handler, which _Exit skips: remove it here (libworld's stop does
  // the same), or every stopped program leaves a file behind.
  char Name[64];
  std::snprintf(Name, sizeof Name, "/__KMP_REGISTERED_LIB_%d_%d",
                int(getpid()), int(getuid()));
  shm_unlink(Name);
  std::_Exit(1);
}

extern "C" ORBIS_TILE_API ORBIS_NOTHROW void
orbis_block_size_fatal(long long size, const orbis_site_t *site) {
  char What[128];
  std::snprintf(What, sizeof What,
                "argument to 'schedule(blocked)' must be a positive integer, "
                "not %lld",
                size);
  orbis_tile_fatal(site ? site->where : nullptr, What);
}
