/// \file
/// The lowering of `world_parallel for` (EXTENSIONS.md section 3): the
/// iterations dealt cyclically to the processes, the variables of
/// `world(list)` in world memory, every access to world memory in ordinary
/// syntax turned into a typed accessor of <orbis/world_access.h> that names
/// its source line (the element path), and, for blocked nests inside world
/// loops whose world subscripts are loop variable plus constant, staged
/// tiles (docs/lowering.md, "World loops").
#ifndef ORBIS_LOWER_HOST_WORLDLOWERING_H
#define ORBIS_LOWER_HOST_WORLDLOWERING_H

#include "orbis/Lower.h"

#include <map>

namespace orbis {

/// Around the code the lowering writes into the user's file, the warnings
/// its own code raises are off (-Werror builds failed on code the user did
/// not write): the markers are macros of <orbis/tile.h>, which lists the
/// warnings and why. The edit list puts every edit between them
/// (EditList::setGeneratedCodeMarkers), so the user's statements between
/// the edits keep the warnings the build asks for.
inline constexpr const char *GeneratedCodeBegin = " __orbis_generated_begin ";
inline constexpr const char *GeneratedCodeEnd = " __orbis_generated_end ";


/// The world memory one staged tile copies: one world pointer (`Vs[t]`)
/// with the same invariant subscripts, read at constant offsets from the
/// nest's loop variables and written at most at one.
struct StagedGroup {
  std::string Pointer; ///< the world pointer's expression (an accessor call)
  std::string Scalar;  ///< the element type
  std::string Base;    ///< linear index of the leading subscripts
  /// The box's dimensions (the subscripts from the first loop variable on):
  /// the stride of each in elements, the nest level whose variable it
  /// follows (-1: invariant in the nest), and an invariant one's value.
  std::vector<std::string> Strides;
  std::vector<int> Levels;
  std::vector<std::string> Values;
  std::vector<std::vector<long long>> Reads; ///< distinct offsets read
  std::vector<long long> Write; ///< the offset written (empty: read only)
  std::vector<long long> Min, Max; ///< per dimension, over every offset
};

/// The world write of a staged instruction block, as the tile's buffers
/// see it: what rows in lockstep need to keep the values the block writes
/// in registers (LockstepCarry.h) on the staged tile too.
struct StagedWrite {
  std::string Target; ///< the written element: `__orbis_sb0[...]`
  std::string Value;  ///< the assigned value, its world reads rewritten
  /// Where the value lies in the plan's Body (npos: no world write).
  size_t ValueAt = std::string::npos;
  /// Each world read in the value: its characters in the file and in Value.
  struct Read {
    unsigned FileBegin, FileEnd;
    size_t Offset, Length;
  };
  std::vector<Read> Reads;
};

/// What the host lowering puts in front of a blocked nest's element loops
/// when the nest lies in a world loop: staged tiles when `Reason` is empty,
/// else the reason the nest keeps only the element path.
struct StagedTilePlan {
  std::string Reason;
  std::vector<StagedGroup> Groups;
  std::string Body;  ///< the instruction block on the tile's buffers
  std::string Place; ///< `"file", line` of the instruction block
  StagedWrite Write;
};
using StagedTilePlans = std::map<const TiledNest *, StagedTilePlan>;

/// Errors for uses of a variable named in `world(list)` outside every
/// world loop that names it (after the loop, or, for a global, in any
/// function): there it is the C variable, which no world loop sets.
void reportWorldVariablesOutsideLoops(const NestModel &Model,
                                      clang::ASTContext &Ctx,
                                      std::vector<PendingDiag> &Diags);

/// Adds to Result the edits of every world loop of Model (and the prologue
/// and library they need), or its diagnostics; with Plans, what each
/// blocked nest inside a world loop stages.
void lowerWorldLoops(const NestModel &Model, clang::ASTContext &Ctx,
                     const LowerOptions &Options, LowerResult &Result,
                     StagedTilePlans *Plans = nullptr);

/// The code in front of a nest's element loops (`Loops`, the `for` headers
/// over the tile, whose bounds are `First` and `End`, one per level): the
/// staged tile and `else`, or a comment saying why the nest has the element
/// path only (WorldStaging.cpp). The staged tile runs `Body` (the plan's,
/// or one that records the values it writes) after `Loops`, then `Close`.
std::string stagedTileOpen(const StagedTilePlan &Plan,
                           const std::vector<std::string> &First,
                           const std::vector<std::string> &End,
                           const std::string &Loops, const std::string &Body,
                           const std::string &Close);

} // namespace orbis

#endif
