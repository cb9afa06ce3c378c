/// \file
/// The legality check of rectangular tiling (EXTENSIONS.md 1.10): from the
/// instruction block's array accesses whose subscripts are loop variables
/// plus constants, the dependence distances between iterations of the nest;
/// a distance that the tiling can reverse (a negative component after a
/// positive one that source and sink may share a tile on) is reported,
/// naming the accesses, the distance and the fixes.
///
/// \code
///   #pragma omp parallel for schedule(blocked)       // x-tiles of any size
///   for (int x = 1; x < n - 1; x++)
///     #pragma omp for schedule(blocked)
///     for (int y = 1; y < n - 1; y++)
///       A[x][y] = (A[x-1][y+1] + ...);              // distance (1, -1)
/// \endcode
/// is reported; with `schedule(blocked, 1)` on `x` it is legal. Accesses the
/// analysis cannot decide on (linearized subscripts, different arrays that
/// may alias, a loop variable missing from a subscript, an element whose
/// address is taken: `*(&A[x][y] + 2)`, a step that is not a constant)
/// give nothing.
#ifndef ORBIS_DEPENDENCECHECK_H
#define ORBIS_DEPENDENCECHECK_H

#include "orbis/NestModel.h"

namespace orbis {

/// How two accesses of one variable meet: never (also when a level's step
/// does not divide the subscripts' difference), at a known distance per
/// level (in iterations: the subscripts' difference over the level's
/// signed step, so `i -= -1` counts up and `i += 2` halves it; the second
/// access's iteration minus the first's, for the same element), or the
/// analysis cannot tell (linearized or coupled subscripts, a loop variable
/// missing from the subscripts, a step that is not a constant).
struct Meeting {
  enum { Never, Distance, Unknown } Kind = Unknown;
  std::vector<int64_t> D;
};
Meeting meetAccesses(const TiledNest &Nest, const ArrayAccess &From,
                     const ArrayAccess &To);

/// Whether `E` runs whenever the statement `Block` around it does: no `?:`
/// branch, right operand of `&&`/`||`, `if`, `switch` or loop lies between
/// them.
bool runsWithBlock(const clang::Expr *E, const clang::Stmt *Block,
                   clang::ASTContext &Ctx);

/// `E` as one of `Vars` plus a constant, written as any sum the dependence
/// check reads (`x + 2 - 1`, `1 + x`, `(long)(x + 1)`): the variable's
/// index in `Vars` and the constant; nullopt otherwise.
std::optional<std::pair<unsigned, int64_t>>
variablePlusConstant(const clang::Expr *E, clang::ASTContext &Ctx,
                     llvm::ArrayRef<const clang::VarDecl *> Vars);

/// Collects the accesses of the nest's instruction block into
/// `Nest.Accesses` (the model's record, used by the check and by backends).
void collectAccesses(TiledNest &Nest, clang::ASTContext &Ctx);

/// The dependence diagnostics of one nest (Diag::TilingReversesDependence,
/// with notes).
std::vector<PendingDiag> checkDependences(const TiledNest &Nest,
                                          clang::ASTContext &Ctx);

} // namespace orbis

#endif // ORBIS_DEPENDENCECHECK_H
