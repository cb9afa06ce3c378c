/// \file
/// Atomic updates of a nest that are single-writer progress counters
/// (docs/lowering.md, "Single-writer counters"), which the host lowering
/// may write as a load and a release store instead of a `seq_cst`
/// read-modify-write (on x86 a locked add, which drains the store buffer
/// of the whole tile's stores).
///
/// Algorithm 1's post-block is the case in point:
/// \code
///   int xb = omp_block_num();                 // the outer tile's number
///   ...
///   while (counters[xb * PAD] < y + omp_block_size() - 1) {}
///   ...
///   #pragma omp atomic
///   counters[(xb + 1) * PAD] += omp_block_size();
/// \endcode
/// Every element of `counters` has one writer: the subscript is affine in
/// the outer tile's number, and one thread runs an outer tile's inner tiles
/// in order (EXTENSIONS.md 1.4), so no two read-modify-writes of one
/// element ever overlap, and a load plus a store is the same update. The
/// counters only grow (the value added cannot be negative), and every
/// other read of them in the nest is a spin-wait `while (c[i] < e) {}`,
/// which leaves once the condition fails and never comes back: a release
/// store makes the tile's data visible to the acquire load that sees it,
/// as the `seq_cst` update did, and a spin-wait seeing a value later than
/// `seq_cst` would have shown it only turns once more. The results are the
/// same; only the memory order of a counter nobody else writes changes.
/// (A global's elements could also be updated by a function the nest calls:
/// then the nest must call none outside its `single`s.)
#ifndef ORBIS_SINGLEWRITERCOUNTER_H
#define ORBIS_SINGLEWRITERCOUNTER_H

#include "orbis/NestModel.h"

#include <string>

namespace clang {
class ASTContext;
class Expr;
} // namespace clang

namespace orbis {

struct SingleWriterCounter {
  /// The update may be a load and a release store; otherwise `Reason`
  /// says why it keeps `seq_cst`.
  bool Applies = false;
  std::string Reason;
  /// Applies: the element updated (`counters[(xb + 1) * PAD]`) and the
  /// value added (null for `++`).
  const clang::Expr *Target = nullptr;
  const clang::Expr *Added = nullptr;
};

/// Whether `Atomic`, one of `Nest.Atomics`, is a single-writer counter.
SingleWriterCounter singleWriterCounter(const TiledNest &Nest,
                                        const NestedDirective &Atomic,
                                        clang::ASTContext &Ctx);

} // namespace orbis

#endif // ORBIS_SINGLEWRITERCOUNTER_H
