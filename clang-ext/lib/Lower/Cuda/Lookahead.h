/// \file
/// Whether the GPU leader may run the innermost pre-block of the next tile
/// before the post-block of the current one. On the CPU one thread runs
/// P(k), the tile's instruction blocks, Q(k), then P(k+1); on the GPU the
/// workers can only start tile k+1 after P(k+1), and Q(k) must wait until
/// they have all finished tile k, so with that order they drain the
/// pipeline at every tile. Running P(k+1) first is the same program when
/// the two touch different data: P only declares locals and polls memory
/// that Q does not write (Algorithm 1: P reads counters[b], Q adds to
/// counters[b + 1]) and nothing the instruction blocks write.
#ifndef ORBIS_LOWER_CUDA_LOOKAHEAD_H
#define ORBIS_LOWER_CUDA_LOOKAHEAD_H

#include "orbis/NestModel.h"

#include "clang/AST/ASTContext.h"

namespace orbis {

/// True when P(k+1) of the innermost loop `L` (not the outermost) may run
/// before Q(k): see the file comment for the conditions.
bool canRunNextPreBlockEarly(const TiledNest &Nest, const BlockedLoop &L,
                             clang::ASTContext &Ctx);

} // namespace orbis

#endif // ORBIS_LOWER_CUDA_LOOKAHEAD_H
