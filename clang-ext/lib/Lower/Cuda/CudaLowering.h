/// \file
/// The CUDA lowering (EXTENSIONS.md section 2): every `parallel for
/// schedule(blocked)` nest becomes a kernel in a generated .cu file and, in
/// the user's file, a call that maps the data and launches it. Other nests
/// (`for schedule(blocked)` inside a `parallel` region) stay on the host.
///
/// The kernel runs persistent thread blocks that take tiles of the outermost
/// loop from an atomic ticket in increasing order, so a tile only ever waits
/// on tiles that are running or done (no deadlock, however many tiles). In a
/// block, thread 0 runs the inter-tile level (the pre/post-blocks as
/// written, on the loop's tiles); for each tile of the innermost level, every
/// thread runs the intra-tile level: the same nest on sub-tiles (one
/// outermost sub-tile per thread), with the pre/post-blocks copied, their
/// globals tile-local in shared memory, `single` once per tile, allocations
/// from the tile's shared-memory arena, and tile queries answering for
/// sub-tiles. The instruction block is unchanged.
#ifndef ORBIS_LOWER_CUDA_CUDALOWERING_H
#define ORBIS_LOWER_CUDA_CUDALOWERING_H

#include "orbis/Lower.h"

namespace orbis {

llvm::Expected<LowerResult>
lowerForCuda(const NestModel &Model,
             const std::vector<CollectedDirective> &Directives,
             clang::ASTContext &Ctx, const LowerOptions &Options);

} // namespace orbis

#endif // ORBIS_LOWER_CUDA_CUDALOWERING_H
