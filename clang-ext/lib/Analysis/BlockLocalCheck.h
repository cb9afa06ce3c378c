/// \file
/// Checks the `block_local(var, (i, j, ...), halo)` clauses of a tiled nest:
/// the variable is used in the nest, the listed names are loop variables of
/// the nest, and every subscript of `var` is `loop variable + constant` with
/// the constant within the halo (EXTENSIONS.md 1.8).
#ifndef ORBIS_ANALYSIS_BLOCKLOCALCHECK_H
#define ORBIS_ANALYSIS_BLOCKLOCALCHECK_H

#include "orbis/NestModel.h"

namespace orbis {

/// Also records each clause's evaluated halo in its loop (BlockedLoop::Halos).
std::vector<PendingDiag> checkBlockLocals(TiledNest &Nest,
                                          clang::ASTContext &Ctx);

} // namespace orbis

#endif // ORBIS_ANALYSIS_BLOCKLOCALCHECK_H
