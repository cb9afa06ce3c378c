/// \file
/// The trip count of a canonical loop `for (v = lb; v CMP ub; v += step)`,
/// computed as if in infinite precision (OpenMP's definition), without
/// overflow, in the signed or unsigned 64-bit domain.
#ifndef ORBIS_TILE_SRC_TRIP_COUNT_H
#define ORBIS_TILE_SRC_TRIP_COUNT_H

#include "export.h"
#include "status.h"

#include <orbis/tile.h>

namespace orbis::tile {

struct TripCount {
  Status St;      ///< Ok, NeverReachesBound, StepDoesNotDivide,
                  ///< TooManyIterations or UnknownOperator
  long long Trip; ///< iterations (>= 0) when St is Ok, else 0
};

/// With IsUnsigned, Lb and Ub are the bit patterns of unsigned long long
/// bounds; Step is always the signed increment per iteration. A loop whose
/// test fails at once has 0 trips whatever its step; otherwise the step must
/// move towards the bound (and divide the distance for `!=`).
ORBIS_TILE_TESTING_API TripCount computeTripCount(long long Lb, long long Ub,
                                                  long long Step, orbis_cmp Cmp,
                                                  bool IsUnsigned);

} // namespace orbis::tile

#endif // ORBIS_TILE_SRC_TRIP_COUNT_H
