/// \file
/// Values passed between the rows of a CPU lockstep tile in registers
/// (docs/lowering.md, "Rows in lockstep on a core"). When a tile's rows
/// advance together (RowSchedule, RowScheduleUse::TileOrder), a read of an
/// element the block wrote a few steps earlier, `A[x][y - 1]` or
/// `A[x - 1][y]` in Gauss-Seidel, finds in a register what it would reload
/// from memory: the chain from a cell to the next then holds only the
/// arithmetic, not a store and its reload. The plan says which reads can do
/// so; the emitter (HostLowering.cpp) runs the steps where every row is
/// inside the tile with a copy of the block that reads them from there, and
/// the others with the block as written, both recording each row's value.
#ifndef ORBIS_LOWER_HOST_LOCKSTEPCARRY_H
#define ORBIS_LOWER_HOST_LOCKSTEPCARRY_H

#include "orbis/NestModel.h"
#include "orbis/RowSchedule.h"

#include "clang/AST/ASTContext.h"

#include <string>
#include <vector>

namespace orbis {

/// The names the emitted loops give the pieces a carry uses.
struct CarryNames {
  std::string Row;     ///< the row in the group, 0 .. rows - 1
  std::string Current; ///< values the rows produced at this step
  std::string History; ///< prefix of H1, H2, ...: values of earlier steps
};

struct LockstepCarry {
  /// Some read comes from registers; otherwise the plain lockstep.
  bool Applies = false;
  /// Why not, for --emit-lowered and ORBIS_VERBOSE.
  std::string Reason;

  struct Read {
    int64_t D0;                ///< rows up (0: the row's own value)
    int64_t Age;               ///< steps since its row produced it
    unsigned Offset, Length;   ///< the read's characters in ValueText
    bool Conditional;          ///< runs under a condition (ArrayAccess)
  };
  std::vector<Read> Reads;
  /// Oldest step a read needs.
  int64_t MaxAge = 0;
  /// The steps inside the tile may run their rows from the last up: no
  /// dependence joins two rows of one step (a distance (d, -Lag d)). A row then
  /// finds the rows above still holding the previous step's values (no copy
  /// of them is kept), and its loads of the rows below come before the
  /// stores above them (rows a power of two apart alias in the store
  /// buffer's 4 KiB check otherwise).
  bool BottomUp = false;
  /// History arrays H1 .. H<historyDepth()> kept from step to step.
  int64_t historyDepth() const {
    return BottomUp ? (MaxAge >= 2 ? MaxAge : 0) : MaxAge;
  }
  /// Steps where every row and every register read lies inside the tile:
  /// k from RowsPerGroup - 1 + SteadyAfter to cols - SteadyBefore.
  int64_t SteadyAfter = 0, SteadyBefore = 0;
  /// The pipeline's fill and drain steps of a whole group can run the copy
  /// too, each row tested against the tile's columns: every read is the
  /// left neighbour (one step old) or the one above (Lag steps old), bottom
  /// up (Gauss-Seidel's form). The row above then always ran the column Lag
  /// steps earlier, and every row's values are kept each step, inside the
  /// tile or not, so the history holds it; the
  /// left neighbour of a row's first column, outside the tile, is loaded into
  /// the row's register before the group starts. Hand-written lockstep code
  /// does the same; the block as written, whose every read goes through
  /// memory (a store and its reload on the chain from cell to cell), costs
  /// about 5% of a tile of 256 columns at its 10 edge steps.
  bool EdgesInRegisters = false;

  /// The assignment's parts as written.
  std::string TargetText; ///< `A[x][y]`
  std::string ValueText;  ///< the right-hand side
  const clang::Expr *Value = nullptr;
  const clang::Expr *Target = nullptr; ///< the assignment's left-hand side

  /// Declarations of the value arrays, for a group of `Rows` rows.
  std::string declarations(const CarryNames &N, int Rows) const;
  /// After each step: H<a> takes H<a-1>'s values, H1 the current ones (a
  /// comma expression, for a loop's increment).
  std::string shift(const CarryNames &N, int Rows) const;
  /// The block of the steps inside the tile: the assignment with the
  /// carried reads from registers, recording the row's value.
  std::string steadyBlock(const CarryNames &N) const;
  /// With EdgesInRegisters: before a group, the left neighbour of each
  /// row's first column from memory into the row's register (empty when no
  /// read is the left neighbour).
  std::string leftNeighbourLoad(const CarryNames &N) const;
  /// What wraps the value of the block as written, so that it records the
  /// row's value too.
  std::string captureOpen(const CarryNames &N) const;
  std::string captureClose() const { return "))"; }
  /// What goes before the block's assignment as written (and `)` after
  /// it), so that the value it stores is the row's value too: the user's
  /// assignment converts it, where the user's warnings point.
  std::string assignmentCaptureOpen(const CarryNames &N) const {
    return "(" + N.Current + "[" + N.Row + "] = ";
  }
};

/// Which reads of the nest's block can come from registers when rows of
/// `Rows` run in lockstep, row r at step k running column k - Lag r.
LockstepCarry planLockstepCarry(const TiledNest &Nest, const RowSchedule &Rows,
                                int64_t Lag, clang::ASTContext &Ctx);

} // namespace orbis

#endif // ORBIS_LOWER_HOST_LOCKSTEPCARRY_H
