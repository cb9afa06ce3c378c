/// \file
/// Whether an allocation can have its memory: world allocations are made
/// present at once (their pages populated, so that stores received as
/// messages do not fault page by page), so one larger than the memory left
/// would not fail in malloc or mmap but later, in the OOM killer. Checked
/// against what the kernel says is available before anything is mapped.
#ifndef ORBIS_WORLD_SRC_MEMORY_LIMIT_H
#define ORBIS_WORLD_SRC_MEMORY_LIMIT_H

#include <cstddef>
#include <cstdio>
#include <cstring>
#include <sys/statvfs.h>
#include <unistd.h>

namespace orbis::world {

/// MemAvailable from /proc/meminfo in bytes (free pages where it is
/// missing).
inline size_t availableMemory() {
  if (std::FILE *F = std::fopen("/proc/meminfo", "r")) {
    char Line[256];
    unsigned long long KiB = 0;
    bool Found = false;
    while (!Found && std::fgets(Line, sizeof Line, F))
      Found = std::sscanf(Line, "MemAvailable: %llu kB", &KiB) == 1;
    std::fclose(F);
    if (Found)
      return size_t(KiB) * 1024;
  }
  long Pages = sysconf(_SC_AVPHYS_PAGES), Page = sysconf(_SC_PAGESIZE);
  return Pages > 0 && Page > 0 ? size_t(Pages) * size_t(Page) : ~size_t(0);
}

/// Whether Length bytes fit in the memory available now.
inline bool fitsMemory(size_t Length) { return Length <= availableMemory(); }

/// Whether Length bytes fit in the free space of /dev/shm, where shared
/// segments (UCX's posix transport) live; true where there is none.
inline bool fitsSharedMemory(size_t Length) {
  struct statvfs S;
  if (statvfs("/dev/shm", &S) != 0)
    return true;
  return Length <= size_t(S.f_bavail) * size_t(S.f_frsize);
}

} // namespace orbis::world

#endif
