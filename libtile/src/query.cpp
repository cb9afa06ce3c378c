/// \file
/// The per-thread stack of active tiles and the out-of-line tile queries of
/// <omp_blocked.h>. Calls lexically inside a blocked loop are replaced by the
/// compiler; these definitions serve orphaned calls, which bind to the
/// innermost tile active on the calling thread (EXTENSIONS.md 1.6), and calls
/// outside any blocked loop, which get 1, 0, 1, 1.
#include "export.h"

#include <orbis/tile.h>

#include <climits>

// The head of the stack that orbis_tile_enter()/orbis_tile_leave() (inline,
// in generated code) push and pop; defined here once for the whole program.
extern "C" ORBIS_TILE_API __thread const orbis_tile_t *orbis_tile_current =
    nullptr;

namespace {

/// The queries return int (the proposal's signature) while loops are counted
/// in 64 bits; values beyond int saturate instead of wrapping to nonsense.
int toInt(long long V) {
  if (V > INT_MAX)
    return INT_MAX;
  if (V < INT_MIN)
    return INT_MIN;
  return static_cast<int>(V);
}

} // namespace

extern "C" {

ORBIS_TILE_API ORBIS_NOTHROW int omp_num_blocks(void) {
  const orbis_tile_t *T = orbis_tile_current;
  return T ? toInt(T->loop->num_tiles) : 1;
}

ORBIS_TILE_API ORBIS_NOTHROW int omp_block_num(void) {
  const orbis_tile_t *T = orbis_tile_current;
  return T ? toInt(T->num) : 0;
}

ORBIS_TILE_API ORBIS_NOTHROW int omp_block_size(void) {
  const orbis_tile_t *T = orbis_tile_current;
  return T ? toInt(T->size) : 1;
}

ORBIS_TILE_API ORBIS_NOTHROW int omp_total_size(void) {
  const orbis_tile_t *T = orbis_tile_current;
  return T ? toInt(T->loop->total) : 1;
}

} // extern "C"
