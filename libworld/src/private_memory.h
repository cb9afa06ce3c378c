/// \file
/// Where a process with no transport (alone in its world) takes the
/// segments of its allocations: private anonymous mappings. Going through
/// the segment pool as shared memory does gives the same reuse of freed
/// large segments (a pipelined program alone used to unmap every step's
/// array and fault the next one in again: about 4 us a page on a virtual
/// machine, most of Algorithm 2's time alone), and large segments ask for
/// transparent huge pages, which private memory gets where the system
/// allows them on request (`enabled` = madvise) and shared memory does not.
#ifndef ORBIS_WORLD_SRC_PRIVATE_MEMORY_H
#define ORBIS_WORLD_SRC_PRIVATE_MEMORY_H

#include "memory_source.h"

#include <sys/mman.h>

namespace orbis::world {

class PrivateMemory final : public MemorySource {
public:
  bool map(size_t Length, Region &R) override {
    void *P = mmap(nullptr, Length, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (P == MAP_FAILED)
      return false;
    if (Length >= HugePageBytes)
      madvise(P, Length, MADV_HUGEPAGE); // a hint: refused is fine
    R.Base = static_cast<char *>(P);
    R.Length = Length;
    R.Handle = nullptr;
    R.Key.clear();
    return true;
  }
  void unmap(Region &R) override {
    if (R.Base)
      munmap(R.Base, R.Length);
    R.Base = nullptr;
    R.Length = 0;
  }
  /// Segments from this size on ask for huge pages.
  static constexpr size_t HugePageBytes = size_t(2) << 20;
  /// Private segments need no room in /dev/shm.
  bool shared() const override { return false; }
};

} // namespace orbis::world

#endif
