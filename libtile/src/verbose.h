/// \file
/// ORBIS_VERBOSE=1 makes the chosen tile sizes observable (EXTENSIONS.md
/// 1.7): one line on stderr per distinct (loop, trip count, tile size), saying
/// where the size came from.
#ifndef ORBIS_TILE_SRC_VERBOSE_H
#define ORBIS_TILE_SRC_VERBOSE_H

#include "export.h"

#include <orbis/tile.h>

#include <string>

namespace orbis::tile {

/// Whether ORBIS_VERBOSE asked for the report; read once, on first use.
bool verboseEnabled();

/// Prints, unless already printed for this combination:
/// \code
///   orbis: blocked loop at gs.c:12:9 level 0: 4094 iterations, tile 512
///   (auto: 4 tiles per thread, 2 threads), 8 tiles
/// \endcode
/// (one line). `How` is the parenthesized text: "clause", "OMP_BLOCK_SIZE" or
/// "auto: ...", possibly followed by a note about clamping. Thread-safe. A
/// loop is identified by its site's `where` and level, not by the site's
/// address, so that copies of one loop (an inline function in several
/// translation units) print once.
void reportTileChoice(const orbis_site_t &Site, const orbis_loop_t &Loop,
                      const std::string &How);

/// Forgets what was printed and reads ORBIS_VERBOSE again.
ORBIS_TILE_TESTING_API void resetVerboseForTesting();

} // namespace orbis::tile

#endif // ORBIS_TILE_SRC_VERBOSE_H
