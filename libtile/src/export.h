/// \file
/// Symbol visibility of liborbis_tile. The library is built with hidden
/// visibility so that only the C interface of <orbis/tile.h> and
/// <omp_blocked.h> is exported (user programs link it and must not clash with
/// its C++ internals); the few internal functions that the unit tests call
/// directly are exported too, marked as such.
#ifndef ORBIS_TILE_SRC_EXPORT_H
#define ORBIS_TILE_SRC_EXPORT_H

/// A function or variable of the public C interface.
#define ORBIS_TILE_API __attribute__((visibility("default")))

/// An internal function exported only so that tests/libtile can call it.
#define ORBIS_TILE_TESTING_API __attribute__((visibility("default")))

#endif // ORBIS_TILE_SRC_EXPORT_H
