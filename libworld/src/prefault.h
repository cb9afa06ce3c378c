/// \file
/// Making the pages of a world region before it is used: one
/// MADV_POPULATE_WRITE, rather than a fault per page while storing (by the
/// owner of a region, and by a process that maps it). A fresh grid of
/// 128 MiB costs tens of milliseconds of the kernel's time, so a large
/// region is made by several threads at once, as many as this host's cores
/// shared among the world's processes on it give each (setPrefaultThreads,
/// at init).
#ifndef ORBIS_WORLD_SRC_PREFAULT_H
#define ORBIS_WORLD_SRC_PREFAULT_H

#include <cstddef>

namespace orbis::world {

/// Threads a prefault may use from now on (at least 1, at most 8).
void setPrefaultThreads(int Threads);
/// The pages of [Start, Start + Length), made and in this process's page
/// tables.
void prefault(char *Start, size_t Length);

} // namespace orbis::world

#endif
