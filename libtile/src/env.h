/// \file
/// Parsing of libtile's environment variables. The functions take the
/// variable's text (null when unset) rather than reading the environment, so
/// that they are pure and tested directly; orbis_loop_init reads the
/// environment at each loop execution (once per loop, cheap) so that a
/// program, or a test, that changes it is obeyed.
#ifndef ORBIS_TILE_SRC_ENV_H
#define ORBIS_TILE_SRC_ENV_H

#include "export.h"
#include "status.h"

#include <string>
#include <string_view>

namespace orbis::tile {

/// Parses a positive decimal integer: digits only (no sign, no suffix), with
/// blanks around allowed, at most LLONG_MAX. Returns false otherwise.
ORBIS_TILE_TESTING_API bool parsePositiveInteger(std::string_view Text,
                                                 long long &Value);

struct EnvBlockSize {
  Status St;            ///< Ok or InvalidSize
  long long Size;       ///< the entry for the level; ORBIS_BLOCK_SIZE_AUTO (0)
                        ///< when there is none, so the policy chooses
  int BadLevel;         ///< InvalidSize: the level of the offending entry
  std::string BadEntry; ///< InvalidSize: the offending entry, unblanked
};

/// The tile size that OMP_BLOCK_SIZE (text `Value`, null when unset) gives
/// nest level `Level`. The variable is one value or a comma-separated list,
/// entry i for level i; an empty variable, an empty entry or a level beyond
/// the list means "no size given" (not an error). Every entry is checked, not
/// only the level's own, so a typo is reported whichever loop runs first.
ORBIS_TILE_TESTING_API EnvBlockSize blockSizeForLevel(const char *Value,
                                                      int Level);

/// Whether ORBIS_VERBOSE (text `Value`, null when unset) asks for the tile
/// sizes to be printed: any value other than empty or "0".
ORBIS_TILE_TESTING_API bool verboseRequested(const char *Value);

} // namespace orbis::tile

#endif // ORBIS_TILE_SRC_ENV_H
