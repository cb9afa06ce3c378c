/// \file
/// The workers' rows in lockstep (RowSchedule.h; docs/lowering.md "Rows in
/// lockstep"): where the model knows every dependence of the instruction
/// block, each worker thread runs one row of the tile (one iteration of the
/// outer level) along the whole inner loop, `Lag` columns behind the row
/// above, instead of running the copies of the inner pre/post-blocks on
/// sub-tiles. The rows of a warp advance together, one column per step;
/// between steps `__syncwarp` orders their memory, so the value a row
/// stored is there for the row below one step later.
///
/// Two emitters: `strictRows` (values between the rows of a warp by
/// shuffles, chunks of 16 columns that the whole warp runs together once
/// the leader and the warp above allow) for `W = expr` blocks of a
/// shuffle-sized type when the leader runs ahead; `lockstepRows` otherwise,
/// where a row that cannot go on (the row above is not far enough, or the
/// leader has not yet run the pre-block of the row's next tile) skips the
/// step: no row ever blocks the others, so rows of one warp may be in
/// different tiles without deadlock. In both, the first row of a warp
/// follows the last row of the warp before through `progress` in shared
/// memory, and each row counts a tile as finished when it leaves it, as a
/// worker of the copies does, so the leader's side is the same for all
/// schedules.
#include "NestEmitter.h"

namespace orbis::cuda {

/// Fills the `@NAME@` placeholders of a code template, in the order given:
/// the structure first, the user's text last, so that nothing in the
/// user's code is taken for a placeholder.
static std::string
fillTemplate(std::string Code,
             const std::vector<std::pair<std::string, std::string>> &Values) {
  for (const auto &[From, To] : Values)
    for (size_t At = Code.find(From); At != std::string::npos;
         At = Code.find(From, At + To.size()))
      Code.replace(At, From.size(), To);
  return Code;
}

std::string CudaNestEmitter::lockstepRows() {
  const BlockedLoop &Inner = *Nest.Loops[1];
  std::string Lag = std::to_string(Rows.Lag) + "LL";
  std::string Step = Printer.declaration(
                         Inner.Form.Var->getType().getUnqualifiedType(),
                         Inner.Form.VarName) +
                     " = " + valueAt(Inner, "__orbis_col") + ";\n{\n" +
                     instructionBlock() + "}\n++__orbis_col;\n";
  // Columns per chunk: the checks of a chunk are paid once for its steps.
  const std::string K = "16LL";
  std::string Code = R"(const int __orbis_warp = (int)(threadIdx.x >> 5), __orbis_lane = (int)(threadIdx.x & 31);
const int __orbis_rows = (int)(__orbis_workers - 32LL * __orbis_warp < 32 ? __orbis_workers - 32LL * __orbis_warp : 32);
const unsigned __orbis_mask = __orbis_rows == 32 ? 0xffffffffu : (1u << __orbis_rows) - 1u;
const long long __orbis_trip = __orbis_P.loops[1].trip, __orbis_tile = __orbis_P.loops[1].tile;
long long __orbis_col = 0, __orbis_above = 0, __orbis_published = 0;
long long __orbis_end = __orbis_tile < __orbis_trip ? __orbis_tile : __orbis_trip;
int __orbis_seen = 0;
while (__any_sync(__orbis_mask, __orbis_col < __orbis_trip)) {
// What the row above must have finished: the lag past this row's
// (or all), from the lane above, which advances with this one; from the
// warp above, which does not, for the whole chunk.
long long __orbis_prev = __shfl_up_sync(__orbis_mask, __orbis_col, 1);
const long long __orbis_step_need = __orbis_col + @LAG@ < __orbis_trip ? __orbis_col + @LAG@ : __orbis_trip;
long long __orbis_need = __orbis_step_need;
if (__orbis_lane == 0) {
if (__orbis_warp == 0) {
__orbis_prev = LLONG_MAX;
} else {
__orbis_need = __orbis_col + (@K@ - 1) + @LAG@ < __orbis_trip ? __orbis_col + (@K@ - 1) + @LAG@ : __orbis_trip;
if (__orbis_above < __orbis_need) {
__orbis_above = orbis_dev_poll<cuda::thread_scope_block>(__orbis_sh.progress[__orbis_warp - 1]);
orbis_dev_acquire_fence<cuda::thread_scope_block>();
}
__orbis_prev = __orbis_above;
}
}
// The tile of the chunk's last column: the leader must have run its
// pre-blocks.
const long long __orbis_last = __orbis_col + (@K@ - 1) < __orbis_trip ? __orbis_col + (@K@ - 1) : __orbis_trip - 1;
const long long __orbis_last_tile = __orbis_last < __orbis_end ? __orbis_q : __orbis_q + 1 + (__orbis_last - __orbis_end) / __orbis_tile;
if (__orbis_col < __orbis_trip && __orbis_seen <= __orbis_last_tile) {
__orbis_seen = orbis_dev_poll<cuda::thread_scope_block>(__orbis_sh.ready);
orbis_dev_acquire_fence<cuda::thread_scope_block>();
}
const bool __orbis_chunk = __orbis_col >= __orbis_trip || (__orbis_prev >= __orbis_need && __orbis_seen > __orbis_last_tile);
if (__all_sync(__orbis_mask, __orbis_chunk)) {
// Every row runs a chunk of columns in lockstep, no checks.
#pragma unroll
for (int __orbis_j = 0; __orbis_j < (int)@K@; ++__orbis_j) {
if (__orbis_col < __orbis_trip) {
@STEP@}
__syncwarp(__orbis_mask);
}
} else {
// One column, each row on its own: a row that cannot go on skips it.
const bool __orbis_go = __orbis_col < __orbis_trip && __orbis_prev >= __orbis_step_need && __orbis_seen > __orbis_q;
if (__orbis_go) {
@STEP@}
__syncwarp(__orbis_mask);
}
// The tiles this row has left, for the leader's post-blocks.
while (__orbis_q < __orbis_P.loops[1].num_tiles && __orbis_col >= __orbis_end) {
orbis_dev_count(__orbis_sh.finished[__orbis_q % ORBIS_DEV_TILES_IN_FLIGHT]);
++__orbis_q;
__orbis_end = __orbis_trip - __orbis_end < __orbis_tile ? __orbis_trip : __orbis_end + __orbis_tile;
}
// The warp below follows the last row; a release store per chunk.
if (__orbis_lane == __orbis_rows - 1 && (__orbis_col - __orbis_published >= @K@ || (__orbis_col == __orbis_trip && __orbis_published < __orbis_trip))) {
orbis_dev_publish_progress(__orbis_sh.progress[__orbis_warp], __orbis_col);
__orbis_published = __orbis_col;
}
}
)";
  return fillTemplate(Code, {{"@LAG@", Lag}, {"@K@", K}, {"@STEP@", Step}});
}

/// Types a warp shuffle moves in one instruction.
static bool shuffleType(QualType T) {
  T = T.getCanonicalType().getUnqualifiedType();
  const auto *B = T->getAs<clang::BuiltinType>();
  if (!B)
    return false;
  switch (B->getKind()) {
  case clang::BuiltinType::Int:
  case clang::BuiltinType::UInt:
  case clang::BuiltinType::Long:
  case clang::BuiltinType::ULong:
  case clang::BuiltinType::LongLong:
  case clang::BuiltinType::ULongLong:
  case clang::BuiltinType::Float:
  case clang::BuiltinType::Double:
    return true;
  default:
    return false;
  }
}

/// How many steps ago a row produced what a forwarded read needs (see
/// strictRows); 0 when it cannot come from a register.
static int64_t ageOf(const RowSchedule &Rows, const RowSchedule::Read &R) {
  int64_t Age = R.D0 * Rows.Lag + R.D1;
  return Age >= 1 && Age <= 4 ? Age : 0;
}

/// The diagonal of a read from before the nest: reads on one diagonal
/// (`A[x + 1][y]` and `A[x][y + 1]` with lag 1) touch the same elements
/// across a warp's chunk, so they share one staged buffer.
static int64_t diagonalOf(const RowSchedule &Rows, const RowSchedule::Read &R) {
  return R.D0 * Rows.Lag + R.D1;
}

bool CudaNestEmitter::stagedChunksPossible() const {
  // The write-back comes after the chunk's steps: no read may find a value
  // of the chunk in memory, so every forwarded read comes from registers.
  const RowSchedule::Read *First = nullptr;
  int64_t MinD0 = 0, MaxD0 = 0;
  for (const RowSchedule::Read &R : Rows.Reads) {
    if (R.Kind == RowSchedule::Read::Forwarded && !ageOf(Rows, R))
      return false;
    if (R.Kind != RowSchedule::Read::Initial)
      continue;
    if (First && diagonalOf(Rows, R) != diagonalOf(Rows, *First))
      return false;
    if (!First)
      First = &R;
    MinD0 = std::min(MinD0, R.D0);
    MaxD0 = std::max(MaxD0, R.D0);
  }
  // Two buffers per warp, (32 + span) rows of 17 values of at most 8
  // bytes, in dynamic shared memory: 7 warps x 2 x 40 rows is 76 KiB at
  // most; where a device gives a block less, the chunks run unstaged.
  return First != nullptr && MaxD0 - MinD0 <= 8;
}

CudaNestEmitter::StagedChunks
CudaNestEmitter::stagedChunks(const std::string &Ty, const std::string &Target,
                              int64_t Back, int64_t Ahead) {
  const BlockedLoop &Outer = *Nest.Loops[0], &Inner = *Nest.Loops[1];
  // Read N of row r, column c touches the element written at row
  // r - D0; staged row R' = r - D0 holds the diagonal's elements for the
  // chunk's 16 columns: R' from -max D0 to 31 - min D0.
  int64_t MinD0 = 0, MaxD0 = INT64_MIN;
  for (const RowSchedule::Read &R : Rows.Reads)
    if (R.Kind == RowSchedule::Read::Initial) {
      MinD0 = std::min(MinD0, R.D0);
      MaxD0 = std::max(MaxD0, R.D0);
    }
  MinD0 = std::min(MinD0, MaxD0);
  int64_t Low = -MaxD0, Span = 32 - MinD0 + MaxD0;
  int64_t PerLane = (Span * 16 + 31) / 32;
  std::string Lag = std::to_string(Rows.Lag) + "LL";
  std::string OuterVar =
      Printer.declaration(Outer.Form.Var->getType().getUnqualifiedType(),
                          Outer.Form.VarName) +
      " = " + valueAt(Outer, "(__orbis_row0 + __orbis_r)") + ";\n";
  std::string InnerVar =
      Printer.declaration(Inner.Form.Var->getType().getUnqualifiedType(),
                          Inner.Form.VarName) +
      " = " + valueAt(Inner, "(__orbis_s - " + Lag + " * __orbis_r + __orbis_k)") +
      ";\n";
  // Every staged row loaded through one of the reads, evaluated at the row
  // r = R' + D0 (which may lie outside the warp: the reads share the
  // diagonal, so its subscripts still name the element). One address
  // computation per element, no branch between reads: 1.1x over choosing
  // among the reads per element (docs/benchmarks.md).
  std::string Chain, Fill;
  Printer.Replaced.clear();
  for (size_t I = 0; I < Rows.Reads.size(); ++I) {
    const RowSchedule::Read &R = Rows.Reads[I];
    if (R.Kind != RowSchedule::Read::Initial)
      continue;
    std::string D0 = std::to_string(R.D0) + "LL";
    if (Chain.empty())
      Chain = "const long long __orbis_r = __orbis_rs + " + D0 + ";\n" +
              OuterVar + InnerVar + "return &(" +
              Printer.expression(R.Access->Expr) + ");\n";
    Fill += "__orbis_pre" + std::to_string(I) +
            "[__orbis_j] = __orbis_buf[__orbis_lane - (" + D0 + ") - (" +
            std::to_string(Low) + "LL)][__orbis_j];\n";
  }
  std::string Setup = R"(// Staged chunks (docs/lowering.md): in full warps, a chunk's values from
// before the nest are copied a chunk ahead by cp.async into the warp's
// other buffer in shared memory (dynamic, after the arena), 16 consecutive
// columns of a row per half-warp; the steps leave their results there and
// the warp writes them back the same way. Not through registers: the
// __syncwarp before their use would wait for such loads.
@TY@ (*const __orbis_stage)[2][@SPAN@][17] = reinterpret_cast<@TY@ (*)[2][@SPAN@][17]>(__orbis_arena_mem + __orbis_P.rows_stage);
@TY@ (*__orbis_buf)[17] = __orbis_stage[@SLOT@][0];
const long long __orbis_row0 = __orbis_s0.first - __orbis_lane;
auto __orbis_stageable = [&](long long __orbis_s) {
return __orbis_rows == 32 && __orbis_P.rows_stage != ~0ull && __orbis_s - @LAG@ * 31 >= @BACK@ && __orbis_s + 15 + @AHEAD@ < __orbis_trip;
};
// The accesses are affine in the loop variables (unit steps, subscripts
// a variable plus a constant), so each lane's elements lie at constant
// offsets from one address per chunk: the address is computed at three
// points once, not per element and chunk (the arithmetic, with the
// conversions the source's types ask for, was most of a chunk's
// instructions).
auto __orbis_pf_at = [&](long long __orbis_rs, long long __orbis_s, int __orbis_k) {
@CHAIN@};
auto __orbis_wb_at = [&](long long __orbis_r, long long __orbis_s, int __orbis_k) {
@OUTER@@INNER@return &(@TARGET@);
};
const int __orbis_lk = __orbis_lane & 15;
const long long __orbis_lrs = @LOW@LL + (__orbis_lane >> 4), __orbis_lr = __orbis_lane >> 4;
auto *const __orbis_pf0 = __orbis_pf_at(__orbis_lrs, 0, __orbis_lk);
const long long __orbis_pf_dm = __orbis_pf_at(__orbis_lrs + 2, 0, __orbis_lk) - __orbis_pf0;
const long long __orbis_pf_ds = __orbis_pf_at(__orbis_lrs, 16, __orbis_lk) - __orbis_pf0;
auto *const __orbis_wb0 = __orbis_wb_at(__orbis_lr, 0, __orbis_lk);
const long long __orbis_wb_dm = __orbis_wb_at(__orbis_lr + 2, 0, __orbis_lk) - __orbis_wb0;
const long long __orbis_wb_ds = __orbis_wb_at(__orbis_lr, 16, __orbis_lk) - __orbis_wb0;
auto __orbis_prefetch = [&](long long __orbis_s) {
auto *const __orbis_p = __orbis_pf0 + (__orbis_s >> 4) * __orbis_pf_ds;
@TY@ (*const __orbis_to)[17] = __orbis_stage[@SLOT@][(__orbis_s >> @PARITY_SHIFT@) & 1];
#pragma unroll
for (int __orbis_m = 0; __orbis_m < @PER_LANE@; ++__orbis_m) {
const int __orbis_e = __orbis_lane + 32 * __orbis_m;
if ((__orbis_e >> 4) < @SPAN@)
orbis_dev_copy_async(&__orbis_to[__orbis_e >> 4][__orbis_e & 15], __orbis_p + __orbis_m * __orbis_pf_dm);
}
};
if (__orbis_stageable(@FIRST@))
__orbis_prefetch(@FIRST@);
orbis_dev_copies_commit();
)";
  // This chunk's copies are done once only the next chunk's may still be
  // on the way; the __syncwarp after this code shows them to every lane.
  std::string Top = R"(__orbis_buf = __orbis_stage[@SLOT@][(__orbis_s >> @PARITY_SHIFT@) & 1];
if (__orbis_stageable(__orbis_s + @NEXT@))
__orbis_prefetch(__orbis_s + @NEXT@);
orbis_dev_copies_commit();
if (__orbis_staged)
orbis_dev_copies_wait_prior();
)";
  // Every row has its values before any row's results overwrite them.
  std::string FillCode = R"(#pragma unroll
for (int __orbis_j = 0; __orbis_j < 16; ++__orbis_j) {
@FILL@}
__syncwarp(__orbis_mask);
)";
  std::string WriteBack = R"(// Written back by rows of 16 columns, once every row has its results.
__syncwarp(__orbis_mask);
{
auto *const __orbis_p = __orbis_wb0 + (__orbis_s >> 4) * __orbis_wb_ds;
#pragma unroll
for (int __orbis_m = 0; __orbis_m < 16; ++__orbis_m) {
const int __orbis_e = __orbis_lane + 32 * __orbis_m;
__orbis_p[__orbis_m * __orbis_wb_dm] = __orbis_buf[__orbis_e >> 4][__orbis_e & 15];
}
}
__syncwarp(__orbis_mask);
)";
  // Paired rows: a buffer pair per warp (its own chunks alternate between
  // them), the next own chunk two ahead.
  const bool Paired = PairedRows;
  std::vector<std::pair<std::string, std::string>> Values = {
      {"@SLOT@", Paired ? "__orbis_pairs * __orbis_warp + __orbis_par"
                        : "__orbis_warp"},
      {"@PARITY_SHIFT@", Paired ? "(__orbis_pairs + 3)" : "4"},
      {"@FIRST@", Paired ? "16LL * __orbis_par" : "0"},
      {"@NEXT@", Paired ? "16LL * __orbis_pairs" : "16LL"},
      {"@TY@", Ty},
      {"@SPAN@", std::to_string(Span)},
      {"@PER_LANE@", std::to_string(PerLane)},
      {"@LAG@", Lag},
      {"@LOW@", std::to_string(Low)},
      {"@BACK@", std::to_string(Back) + "LL"},
      {"@AHEAD@", std::to_string(Ahead) + "LL"},
      {"@OUTER@", OuterVar},
      {"@INNER@", InnerVar},
      {"@CHAIN@", Chain},
      {"@FILL@", Fill},
      {"@TARGET@", Target}};
  RowsStageBytes = "(size_t)2 * " + std::to_string(Span) + " * 17 * sizeof(" +
                   Ty + ")";
  return {fillTemplate(Setup, Values), fillTemplate(Top, Values),
          fillTemplate(FillCode, Values), fillTemplate(WriteBack, Values)};
}

bool CudaNestEmitter::strictRowsPossible() const {
  return Rows.Applies && Rows.Write && lookahead() &&
         shuffleType(Rows.Write->Expr->getType());
}

std::string CudaNestEmitter::strictRows() {
  const BlockedLoop &Inner = *Nest.Loops[1];
  std::string Lag = std::to_string(Rows.Lag) + "LL";
  // Columns per chunk: the loads of a chunk are in flight together.
  const std::string K = "16LL";
  QualType T = Rows.Write->Expr->getType().getCanonicalType().getUnqualifiedType();
  std::string Ty = Printer.declaration(T, "");
  QualType LoopT = Inner.Form.Var->getType().getUnqualifiedType();
  // The loop variable declared at an inner iteration (an index expression).
  auto ColumnVariable = [&](const std::string &Index) {
    return Printer.declaration(LoopT, Inner.Form.VarName) + " = " +
           valueAt(Inner, Index) + ";\n";
  };
  std::string Y = ColumnVariable("__orbis_c");
  // Inside the loop the column's value is the first column's plus j steps
  // in the loop variable's own type (unit steps, RowSchedule.h):
  // no wrap-around to honour, so the compiler turns the accesses of a
  // chunk into one address and constant offsets.
  std::string LoopTy = Printer.declaration(LoopT, "");
  std::string YInside = Printer.declaration(LoopT, Inner.Form.VarName) +
                        " = (" + LoopTy + ")(__orbis_y0 + (" + LoopTy + ")" +
                        stepValue(Inner) + " * __orbis_j);\n";
  int64_t History = 1;
  for (const RowSchedule::Read &R : Rows.Reads)
    if (R.Kind == RowSchedule::Read::Forwarded)
      History = std::max(History, ageOf(Rows, R));

  // Loads ahead of a chunk: what a row reads from before the nest (issued
  // before the chunk's wait, whose time they overlap: no pre-block orders
  // them), and what rows above the warp (or outside the loop) wrote.
  std::string Declare, Initial, Load, Forward, ForwardInside;
  // Staged chunks have every column inside the loop: the rows above the
  // warp are loaded from one address per chunk (UpAt, UpSetup).
  std::string LoadStaged, UpSetup;
  // Columns a forwarded read of the row's own earlier values reaches back
  // (and forward): a chunk whose columns are all inside the loop by that
  // margin needs no range checks (the fast branch below).
  int64_t Back = 0, Ahead = 0;
  // The row's own values from before the loop: elements the write never
  // touches (its iteration would lie before the loop), so their values are
  // those from before the nest, loaded once into the history registers
  // instead of in the step chain (where a load at each row's first column
  // stalled the whole warp once per row).
  int64_t OwnHistory = 0;
  const RowSchedule::Read *Longest = nullptr;
  Printer.Replaced.clear();
  std::map<const clang::Expr *, std::string> Replaced, ReplacedInside;
  for (size_t I = 0; I < Rows.Reads.size(); ++I) {
    const RowSchedule::Read &R = Rows.Reads[I];
    std::string N = std::to_string(I);
    std::string Memory = Printer.expression(R.Access->Expr);
    int64_t Age = ageOf(Rows, R);
    if (R.Kind == RowSchedule::Read::Initial) {
      Declare += Ty + " __orbis_pre" + N + "[" + K + "];\n";
      Initial += "__orbis_pre" + N + "[__orbis_j] = " + Memory + ";\n";
      Replaced[R.Access->Expr] = "__orbis_pre" + N + "[__orbis_j]";
      ReplacedInside[R.Access->Expr] = Replaced[R.Access->Expr];
    } else if (R.Kind == RowSchedule::Read::Forwarded && Age) {
      std::string D0 = std::to_string(R.D0), D1 = std::to_string(R.D1);
      if (R.D0 > 0) {
        Back = std::max(Back, R.D1);
        Ahead = std::max(Ahead, -R.D1);
      }
      std::string Outside = "__orbis_c - " + D1 + " < 0 || __orbis_c - " + D1 +
                            " >= __orbis_trip";
      std::string H = "__orbis_h" + std::to_string(Age - 1);
      std::string F = "__orbis_f" + N;
      if (R.D0 > 0) {
        // Rows above the warp: loaded ahead (the warp above, or the tile
        // above, has finished them when the chunk may run).
        std::string Boundary = "__orbis_lane < " + D0 + " || " + Outside;
        Declare += Ty + " __orbis_pre" + N + "[" + K + "];\n";
        Load += "if (" + Boundary + ")\n__orbis_pre" + N +
                "[__orbis_j] = " + Memory + ";\n";
        std::string UpAt = "__orbis_up_at" + N, UpStep = "__orbis_up_dj" + N;
        UpSetup += "auto " + UpAt + " = [&](long long __orbis_c) {\n" +
                   ColumnVariable("__orbis_c") + "return &(" + Memory +
                   ");\n};\nconst long long " + UpStep + " = " + UpAt +
                   "(1) - " + UpAt + "(0);\n";
        LoadStaged += "if (__orbis_lane < " + D0 + ") {\nauto *const __orbis_p = " +
                      UpAt + "(__orbis_c0);\n#pragma unroll\nfor (int __orbis_j = 0; __orbis_j < (int)" +
                      K + "; ++__orbis_j)\n__orbis_pre" + N +
                      "[__orbis_j] = __orbis_p[__orbis_j * " + UpStep + "];\n}\n";
        // The row D0 up by a shuffle, or the loaded value where that is not
        // a row of the warp (or, in the checked branch, not in the loop).
        auto Shuffled = [&](const std::string &Loaded) {
          return Ty + " " + F + " = __shfl_up_sync(__orbis_mask, " + H +
                 ", " + D0 + ");\nif (" + Loaded + ")\n" + F +
                 " = __orbis_pre" + N + "[__orbis_j];\n";
        };
        Forward += Shuffled(Boundary);
        ForwardInside += Shuffled("__orbis_lane < " + D0);
      } else {
        // The row's own earlier columns, from the history registers; at
        // the row's first columns these hold the elements before the loop
        // (loaded before the first chunk, below).
        Forward += Ty + " " + F + " = " + H + ";\n";
        ForwardInside += Ty + " " + F + " = " + H + ";\n";
        if (R.D1 > OwnHistory) {
          OwnHistory = R.D1;
          Longest = &R;
        }
        Replaced[R.Access->Expr] = F;
        ReplacedInside[R.Access->Expr] = F;
        continue;
      }
      Replaced[R.Access->Expr] = F;
      ReplacedInside[R.Access->Expr] = F;
    }
  }
  Printer.Replaced.clear();
  StagedChunks Stage;
  std::string StagedFlag = "const bool __orbis_staged = false;\n";
  if (stagedChunksPossible()) {
    Stage = stagedChunks(Ty, Printer.expression(Rows.Write->Expr), Back, Ahead);
    StagedFlag = "const bool __orbis_staged = __orbis_stageable(__orbis_s);\n";
  }
  Printer.Replaced = ReplacedInside;
  std::string ValueInside = Printer.expression(Rows.Value);
  Printer.Replaced = Replaced;
  std::string Value = Printer.expression(Rows.Value);
  Printer.Replaced.clear();
  std::string Target = Printer.expression(Rows.Write->Expr);
  std::string Shift;
  for (int64_t A = History - 1; A > 0; --A)
    Shift += "__orbis_h" + std::to_string(A) + " = __orbis_h" +
             std::to_string(A - 1) + ";\n";
  std::string Hist;
  for (int64_t A = 0; A < History; ++A)
    Hist += Ty + " __orbis_h" + std::to_string(A) + " = 0;\n";
  std::string HistInit;
  if (Longest) {
    // h<A> holds the element A + 1 columns before the first: what the
    // longest own-row read reads at column OwnHistory - 1 - A (when the
    // loop has that column).
    std::string Memory = Printer.expression(Longest->Access->Expr);
    for (int64_t A = 0; A < OwnHistory; ++A) {
      std::string Column = std::to_string(OwnHistory - 1 - A) + "LL";
      HistInit += "if (" + Column + " < __orbis_trip) {\n" +
                  ColumnVariable(Column) + "__orbis_h" + std::to_string(A) +
                  " = " + Memory + ";\n}\n";
    }
  }

  // The staged branch (stagedChunks), when the nest allows it: the fast
  // branch's steps, with the values from before the nest taken from shared
  // memory and the results written back after the steps.
  std::string StagedBranch = Stage.Fill.empty() ? "" : R"(if (__orbis_staged) {
@STAGED_FILL@@HAND_IN@// The steps of the fast branch, each row's results into shared memory.
const @LOOPTY@ __orbis_y0 = @Y0@;
#pragma unroll
for (int __orbis_j = 0; __orbis_j < (int)@K@; ++__orbis_j) {
@FORWARD_INSIDE@@TYPE@ __orbis_v;
{
@Y_INSIDE@__orbis_v = @VALUE_INSIDE@;
__orbis_buf[__orbis_lane][__orbis_j] = __orbis_v;
}
@SHIFT@__orbis_h0 = __orbis_v;
}
@HAND_OUT@@STAGED_WRITE@} else )";
  // The fast branch: chunks whose columns are all inside the loop. With
  // staging, those chunks of full warps are staged; the rest (partial
  // warps, at most one band) take the checked branch.
  std::string FastBranch = !StagedBranch.empty() ? "" : R"(if (__all_sync(__orbis_mask, __orbis_c0 >= @BACK@ && __orbis_c0 + (@K@ - 1) + @AHEAD@ < __orbis_trip)) {
// Every row's columns inside the loop: no range checks.
@HAND_IN@const @LOOPTY@ __orbis_y0 = @Y0@;
#pragma unroll
for (int __orbis_j = 0; __orbis_j < (int)@K@; ++__orbis_j) {
@FORWARD_INSIDE@@TYPE@ __orbis_v;
{
@Y_INSIDE@__orbis_v = @VALUE_INSIDE@;
@TARGET@ = __orbis_v;
}
@SHIFT@__orbis_h0 = __orbis_v;
}
@HAND_OUT@} else )";
  std::string Code = R"(// Rows in strict lockstep (docs/lowering.md): in each warp, values between
// rows in registers, the rest loaded a chunk ahead; a warp follows the
// warp above per chunk, through `progress` in shared memory.
const int __orbis_warp = (int)(@THREAD@ >> 5), __orbis_lane = (int)(@THREAD@ & 31);
const int __orbis_rows = (int)(__orbis_workers - 32LL * __orbis_warp < 32 ? __orbis_workers - 32LL * __orbis_warp : 32);
const unsigned __orbis_mask = __orbis_rows == 32 ? 0xffffffffu : (1u << __orbis_rows) - 1u;
long long __orbis_above = 0;
const long long __orbis_trip = __orbis_P.loops[1].trip, __orbis_tile = __orbis_P.loops[1].tile;
const long long __orbis_steps = __orbis_trip + @LAG@ * (__orbis_rows - 1);
long long __orbis_end = __orbis_tile < __orbis_trip ? __orbis_tile : __orbis_trip;
int __orbis_seen = 0;
@HIST@@HIST_INIT@@HAND_SETUP@@STAGE_SETUP@@UP_SETUP@// The tile of the chunk's last column and where it ends, followed along
// (a 64-bit division per chunk cost more than the chunk's steps).
long long __orbis_last_tile = 0, __orbis_last_end = __orbis_end;
for (long long __orbis_s = @FIRST_CHUNK@; __orbis_s < __orbis_steps; __orbis_s += @CHUNK_STRIDE@) {
const long long __orbis_c0 = __orbis_s - @LAG@ * __orbis_lane;
const long long __orbis_first = __orbis_c0 < 0 ? 0 : __orbis_c0;
const long long __orbis_last = __orbis_c0 + (@K@ - 1) < __orbis_trip ? __orbis_c0 + (@K@ - 1) : __orbis_trip - 1;
while (__orbis_last >= __orbis_last_end) {
++__orbis_last_tile;
__orbis_last_end = __orbis_trip - __orbis_last_end < __orbis_tile ? __orbis_trip : __orbis_last_end + __orbis_tile;
}
@DECLARE@@STAGED_FLAG@// The whole warp waits until the leader has run the pre-blocks of every
// tile the chunk touches, and the warp above has finished the columns the
// chunk's first row needs (the lag past its last).
const long long __orbis_need = __orbis_s + (@K@ - 1) + @LAG@ < __orbis_trip ? __orbis_s + (@K@ - 1) + @LAG@ : __orbis_trip;
for (;;) {
bool __orbis_ok = __orbis_first > __orbis_last || __orbis_seen > __orbis_last_tile;
if (!__orbis_ok) {
__orbis_seen = orbis_dev_poll<cuda::thread_scope_block>(__orbis_sh.ready);
if (__orbis_seen > __orbis_last_tile) {
orbis_dev_acquire_fence<cuda::thread_scope_block>();
__orbis_ok = true;
}
}
if (__orbis_warp > 0 && __orbis_lane == 0 && __orbis_above < __orbis_need) {
__orbis_above = orbis_dev_poll<cuda::thread_scope_block>(__orbis_sh.progress[__orbis_warp - 1]);
if (__orbis_above >= __orbis_need)
orbis_dev_acquire_fence<cuda::thread_scope_block>();
else
__orbis_ok = false;
}
if (__all_sync(__orbis_mask, __orbis_ok))
break;
}
// What rows above the warp wrote first: the only loads that had to wait,
// so their latency overlaps the staging and the loads ahead below.
if (__orbis_staged) {
@LOAD_STAGED@} else {
@LOAD_LOOP@}
@STAGE_TOP@if (!__orbis_staged) {
@INITIAL_LOOP@}
// The loads come before any row's stores of the chunk.
__syncwarp(__orbis_mask);
@STAGED_BRANCH@@FAST_BRANCH@{
@HAND_IN@#pragma unroll
for (int __orbis_j = 0; __orbis_j < (int)@K@; ++__orbis_j) {
const long long __orbis_c = __orbis_c0 + __orbis_j;
@FORWARD@@TYPE@ __orbis_v = 0;
if (__orbis_c >= 0 && __orbis_c < __orbis_trip) {
@Y@__orbis_v = @VALUE@;
@TARGET@ = __orbis_v;
}
// Before its first column a row keeps the values from before the loop;
// past its last it goes on shifting, for the rows below.
if (__orbis_c >= 0) {
@SHIFT@__orbis_h0 = __orbis_v;
}
}
@HAND_OUT@}
// The tiles this row has left, for the leader's post-blocks.
const long long __orbis_done = __orbis_c0 + @K@ < __orbis_trip ? __orbis_c0 + @K@ : __orbis_trip;
while (__orbis_q < __orbis_P.loops[1].num_tiles && __orbis_done >= __orbis_end) {
@COUNT@
++__orbis_q;
__orbis_end = __orbis_trip - __orbis_end < __orbis_tile ? __orbis_trip : __orbis_end + __orbis_tile;
}
// The warp below follows the last row (a release store per chunk).
@PUBLISH@}
)";
  // Paired rows (docs/lowering.md "Paired warps"): with P.pairs == 2, two
  // warps run the same 32 rows and take alternate chunks; what a row
  // carries from one chunk to the next (its history registers) passes
  // through a slot of shared memory per lane, after the steps of a chunk
  // and before those of the next, so the other warp's waits, loads and
  // write-back overlap this warp's steps. Tiles are counted by the warp
  // whose chunk finishes them, progress is published in chunk order.
  std::string Count = "orbis_dev_count(__orbis_sh.finished[__orbis_q % "
                      "ORBIS_DEV_TILES_IN_FLIGHT]);\n";
  std::string Publish =
      "if (__orbis_lane == __orbis_rows - 1 && __orbis_done > 0)\n"
      "orbis_dev_publish_progress(__orbis_sh.progress[__orbis_warp], "
      "__orbis_done);\n";
  std::string Thread = "threadIdx.x", FirstChunk = "0", ChunkStride = "@K@",
              HandSetup, HandIn, HandOut;
  if (PairedRows) {
    Thread = "__orbis_tid";
    FirstChunk = "@K@ * __orbis_par";
    ChunkStride = "@K@ * __orbis_pairs";
    std::string H = std::to_string(History);
    RowsHandBytes = "(size_t)" + H + " * 32 * sizeof(" + Ty + ")";
    HandSetup = "@TYPE@ (*const __orbis_hand)[" + H +
                "][32] = reinterpret_cast<@TYPE@ (*)[" + H +
                "][32]>(__orbis_arena_mem + __orbis_P.rows_hand);\n";
    std::string Take, Give;
    for (int64_t A = 0; A < History; ++A) {
      std::string Slot = "__orbis_hand[__orbis_warp][" + std::to_string(A) +
                         "][__orbis_lane]";
      Take += "__orbis_h" + std::to_string(A) + " = " + Slot + ";\n";
      Give += Slot + " = __orbis_h" + std::to_string(A) + ";\n";
    }
    HandIn = "// The row's carried values from the other warp's chunk.\n"
             "if (__orbis_pairs > 1 && __orbis_s > 0) {\n"
             "orbis_dev_wait_reach(__orbis_sh.hseq[__orbis_warp], "
             "(int)(__orbis_s >> 4));\n" +
             Take + "}\n";
    HandOut = "// ...and on to the other warp's next chunk.\n"
              "if (__orbis_pairs > 1) {\n" +
              Give +
              "__syncwarp(__orbis_mask);\n"
              "if (__orbis_lane == 0)\n"
              "orbis_dev_publish(__orbis_sh.hseq[__orbis_warp], "
              "(int)(__orbis_s >> 4) + 1);\n}\n";
    // (Constant conditions for one warp: its kernel is the code from
    // before pairs.)
    Count = "if (__orbis_pairs == 1 || __orbis_end > (__orbis_c0 < "
            "__orbis_trip ? __orbis_c0 : __orbis_trip))\n" +
            Count;
    Publish =
        "if (__orbis_lane == __orbis_rows - 1 && __orbis_done > 0) {\n"
        "// After the other warp's publication of the chunk before.\n"
        "if (__orbis_pairs > 1)\n"
        "orbis_dev_wait_reach_progress(__orbis_sh.progress[__orbis_warp], "
        "__orbis_c0 < __orbis_trip ? __orbis_c0 : __orbis_trip);\n"
        "orbis_dev_publish_progress(__orbis_sh.progress[__orbis_warp], "
        "__orbis_done);\n}\n";
  }
  // The chunk's columns inside the loop, each with the loop variable set,
  // for per-column loads (the rows above, or the values from before the
  // nest where the chunk is not staged).
  auto ColumnLoop = [](const std::string &Body) {
    return "#pragma unroll\n"
           "for (int __orbis_j = 0; __orbis_j < (int)@K@; ++__orbis_j) {\n"
           "const long long __orbis_c = __orbis_c0 + __orbis_j;\n"
           "if (__orbis_c >= 0 && __orbis_c < __orbis_trip) {\n"
           "@Y@(void)@COLUMN@;\n" +
           Body + "}\n}\n";
  };
  // Structure first, the user's text last (it may hold anything).
  return fillTemplate(Code, {{"@LOAD_LOOP@", ColumnLoop("@LOAD@")},
                             {"@INITIAL_LOOP@", ColumnLoop("@INITIAL@")},
                             {"@STAGED_BRANCH@", StagedBranch},
                             {"@FAST_BRANCH@", FastBranch},
                             {"@HAND_IN@", HandIn},
                             {"@HAND_OUT@", HandOut},
                             {"@HAND_SETUP@", HandSetup},
                             {"@COUNT@", Count},
                             {"@PUBLISH@", Publish},
                             {"@THREAD@", Thread},
                             {"@FIRST_CHUNK@", FirstChunk},
                             {"@CHUNK_STRIDE@", ChunkStride},
                             {"@HIST@", Hist},
                             {"@DECLARE@", Declare},
                             {"@SHIFT@", Shift},
                             {"@TYPE@", Ty},
                             {"@BACK@", std::to_string(Back) + "LL"},
                             {"@AHEAD@", std::to_string(Ahead) + "LL"},
                             {"@LOOPTY@", LoopTy},
                             {"@Y0@", valueAt(Inner, "__orbis_c0")},
                             {"@LAG@", Lag},
                             {"@K@", K},
                             {"@LOAD_STAGED@", LoadStaged},
                             {"@COLUMN@", Inner.Form.VarName},
                             {"@Y@", Y},
                             {"@FORWARD_INSIDE@", ForwardInside},
                             {"@Y_INSIDE@", YInside},
                             {"@FORWARD@", Forward},
                             {"@INITIAL@", Initial},
                             {"@LOAD@", Load},
                             {"@TARGET@", Target},
                             {"@VALUE_INSIDE@", ValueInside},
                             {"@VALUE@", Value},
                             {"@HIST_INIT@", HistInit},
                             {"@UP_SETUP@", UpSetup},
                             {"@STAGE_SETUP@", Stage.Setup},
                             {"@STAGE_TOP@", Stage.Top},
                             {"@STAGED_FLAG@", StagedFlag},
                             {"@STAGED_FILL@", Stage.Fill},
                             {"@STAGED_WRITE@", Stage.WriteBack}});
}

} // namespace orbis::cuda
