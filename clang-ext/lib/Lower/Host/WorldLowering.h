/// \file
/// The lowering of `world_parallel for` (EXTENSIONS.md section 3), the
/// element path (docs/lowering.md, "World loops"): the iterations dealt
/// cyclically to the processes, the variables of `world(list)` in world
/// memory, and every access to world memory in ordinary syntax turned into
/// a typed accessor of <orbis/world_access.h> that names its source line.
#ifndef ORBIS_LOWER_HOST_WORLDLOWERING_H
#define ORBIS_LOWER_HOST_WORLDLOWERING_H

#include "orbis/Lower.h"

namespace orbis {

/// Adds to Result the edits of every world loop of Model (and the prologue
/// and library they need), or its diagnostics.
void lowerWorldLoops(const NestModel &Model, clang::ASTContext &Ctx,
                     LowerResult &Result);

} // namespace orbis

#endif
