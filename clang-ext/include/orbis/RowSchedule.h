/// \file
/// The intra-tile schedule that the dependences allow (EXTENSIONS.md 2,
/// docs/lowering.md "Rows in lockstep"): in a nest of two blocked levels,
/// the rows of a tile (one iteration of the outer level each) advance
/// together along the inner level, each row `Lag` iterations behind the row
/// before it. A backend runs such a tile with one thread (a GPU lane, or
/// one pipeline of a core) per row instead of running the copies of the
/// pre/post-blocks on sub-tiles.
///
/// It applies only when the model knows every dependence of the instruction
/// block, and when the inner level's pre/post-blocks only synchronize (what
/// they write is theirs, or tile-local memory that the `single` of the
/// outer level allocates): then the schedule computes exactly what the
/// copies compute. Otherwise `Reason` says why not, and backends keep the
/// copies.
///
/// \code
///   A[x][y] = 0.25 * (A[x-1][y] + A[x+1][y] + A[x][y-1] + A[x][y+1]);
///   // distances (1, 0) and (0, 1): Lag 1, a row one column behind the
///   // row above.
/// \endcode
#ifndef ORBIS_ROWSCHEDULE_H
#define ORBIS_ROWSCHEDULE_H

#include "orbis/NestModel.h"

#include <optional>
#include <string>
#include <vector>

namespace orbis {

struct RowSchedule {
  /// The schedule applies; otherwise `Reason` says what prevents it.
  bool Applies = false;
  std::string Reason;
  /// How many inner iterations a row stays behind the row before it: row r
  /// runs inner iteration c only once row r - 1 has finished iteration
  /// c + Lag - 1: 1 when a dependence goes to a later row, else 0. (A
  /// distance that goes back in columns, such as (2, -1), is legal only
  /// between row tiles, which the inter-tile waits order.)
  int64_t Lag = 0;
  /// The dependence distances (outer, inner), in iterations, from the
  /// earlier to the later access; sorted, without repeats.
  std::vector<std::pair<int64_t, int64_t>> Distances;

  /// Where each read of the instruction block gets its value, when the
  /// block is one assignment `W = expr` to an element of an array (the
  /// block's only write): a backend may then pass values between rows in
  /// registers and load the others ahead of use.
  struct Read {
    const ArrayAccess *Access = nullptr;
    enum KindType {
      /// Another array, or elements W never writes: memory as it is.
      Memory,
      /// An element W writes only in a later iteration (or this one,
      /// after the read): the value from before the nest, so it may be
      /// loaded any time before its use.
      Initial,
      /// An element W wrote (D0, D1) iterations earlier: D0 rows up, D1
      /// columns left.
      Forwarded
    } Kind = Memory;
    int64_t D0 = 0, D1 = 0;
  };
  /// The block's write when it is such an assignment, else null.
  const ArrayAccess *Write = nullptr;
  /// The value it assigns (the assignment's right-hand side).
  const clang::Expr *Value = nullptr;
  std::vector<Read> Reads;
};

/// Who runs the rows.
enum class RowScheduleUse {
  /// Threads that replace the copies of the inner pre/post-blocks (a GPU
  /// tile): those blocks must only synchronize.
  Workers,
  /// One thread that only reorders the instruction block's iterations
  /// inside a tile, the pre/post-blocks running around the tile as written
  /// (a CPU core): only the block's own dependences matter.
  TileOrder
};

/// The schedule of a nest's tiles, from the model (collectAccesses must
/// have run).
RowSchedule rowSchedule(const TiledNest &Nest, clang::ASTContext &Ctx,
                        RowScheduleUse Use = RowScheduleUse::Workers);

/// The schedule in words, e.g. "rows in lockstep, lag 1 (distances (0, 1)
/// (1, 0))" or "copies of the pre/post-blocks: <reason>".
std::string describe(const RowSchedule &S);

} // namespace orbis

#endif // ORBIS_ROWSCHEDULE_H
