/// \file
/// The out-of-line half of orbis_spin_pause() (see <orbis/tile.h>): user
/// spin-waits in pre/post-blocks yield the core every 256 turns, so that
/// waiting threads leave time to the threads they wait for when there are
/// more threads than cores.
#include "export.h"

#include <orbis/tile.h>

#include <sched.h>

extern "C" {

ORBIS_TILE_API __thread unsigned orbis_spin_count = 0;

ORBIS_TILE_API ORBIS_NOTHROW void orbis_spin_yield(void) { sched_yield(); }

} // extern "C"
