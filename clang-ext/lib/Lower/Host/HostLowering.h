/// \file
/// The CPU lowering of tiled nests (EXTENSIONS.md section 1) to standard
/// OpenMP plus libtile calls, as text edits on the user's source.
///
/// For a nest `x` (outermost, `parallel for`) / `y` (innermost) the shape is:
/// \code
///   { <evaluate x's bounds once; orbis_loop_init(&L0, ...)>
///   #pragma omp parallel for <user clauses> schedule(monotonic: dynamic, 1) ...
///   for (long long t0 = 0; t0 < L0.num_tiles; ++t0)
///   { orbis_tile_enter(&c0, &L0, t0); int x = <tile's first x>; do {
///       <pre-block of x>
///       { <evaluate y's bounds; orbis_loop_init(&L1, ...)>
///       for (long long t1 = 0; t1 < L1.num_tiles; ++t1)
///       { orbis_tile_enter(&c1, &L1, t1); int y = <tile's first y>; do {
///           <pre-block of y>
///           for (x over the x tile) for (y over the y tile) <instruction block>
///           <post-block of y>
///       } while (0); orbis_tile_leave(&c1); } }
///       <post-block of x>
///   } while (0); orbis_tile_leave(&c0); } }
/// \endcode
/// The `do ... while (0)` keeps a `continue` in a pre/post-block from skipping
/// the leave. Tile queries lexically inside the nest read the loop's own
/// variables; `single` becomes a call-once, `atomic` gets `seq_cst`.
#ifndef ORBIS_LOWER_HOST_HOSTLOWERING_H
#define ORBIS_LOWER_HOST_HOSTLOWERING_H

#include "WorldLowering.h"
#include "orbis/Lower.h"

namespace orbis {

/// The CPU backend of lower() (see Lower.h): edits that turn every nest into
/// standard OpenMP plus libtile calls.
llvm::Expected<LowerResult>
lowerForHost(const NestModel &Model,
             const std::vector<CollectedDirective> &Directives,
             clang::ASTContext &Ctx, const LowerOptions &Options);

/// One nest on the host (the CUDA backend keeps the nests it does not
/// offload there), with its staged tile when it lies in a world loop, and
/// the text a file with host nests starts with.
void lowerNestForHost(const TiledNest &Nest,
                      const std::vector<CollectedDirective> &Directives,
                      clang::ASTContext &Ctx, const LowerOptions &Options,
                      EditList &Edits,
                      const StagedTilePlan *Staged = nullptr);
llvm::StringRef hostPrologue();
/// The orbis_cmp enumerator libtile takes for a loop's comparison.
const char *compareName(LoopCompare Compare);
/// What `orbis_loop_init` is asked for by `schedule(blocked[, size])`:
/// ORBIS_BLOCK_SIZE_AUTO without a size, the value of a constant one, else
/// the expression checked by orbis_block_size_arg (naming `SiteVar`) at
/// run time. Such an expression is first the braced initializer of an
/// `__int128` named `SizeVar`, declared at the end of `Declarations`,
/// placed at the user's line and column (clang's messages about it quote
/// the expression at the pragma) with a floating value made an error.
std::string requestedBlockSize(const std::optional<BlockSizeArg> &Size,
                               const std::string &SizeVar,
                               const std::string &SiteVar,
                               const clang::SourceManager &SM,
                               std::string &Declarations);

} // namespace orbis

#endif // ORBIS_LOWER_HOST_HOSTLOWERING_H
