/// \file
/// Where the segment pool (segment_pool.h) maps segments from: the
/// transport's shared memory, or private memory when there is none
/// (private_memory.h).
#ifndef ORBIS_WORLD_SRC_MEMORY_SOURCE_H
#define ORBIS_WORLD_SRC_MEMORY_SOURCE_H

#include "region.h"

#include <cstddef>

namespace orbis::world {

class MemorySource {
public:
  virtual ~MemorySource() = default;
  virtual bool map(size_t Length, Region &R) = 0;
  virtual void unmap(Region &R) = 0;
  /// Its segments live in /dev/shm (checked for room before mapping).
  virtual bool shared() const { return true; }
};

} // namespace orbis::world

#endif
