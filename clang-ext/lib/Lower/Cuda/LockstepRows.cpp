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
/// A row that cannot go on (the row above is not far enough, or the leader
/// has not yet run the pre-block of the row's next tile) skips the step:
/// no row ever blocks the others, so rows of one warp may be in different
/// tiles without deadlock. The first row of a warp follows the last row of
/// the warp before through `progress` in shared memory. Each row counts a
/// tile as finished when it leaves it, as a worker of the copies does, so
/// the leader's side is the same for both schedules.
#include "NestEmitter.h"

namespace orbis::cuda {

std::string CudaNestEmitter::lockstepRows() {
  const BlockedLoop &Inner = *Nest.Loops[1];
  std::string Lag = std::to_string(Rows.Lag) + "LL";
  std::string Step = Printer.declaration(
                         Inner.Form.Var->getType().getUnqualifiedType(),
                         Inner.Form.VarName) +
                     " = " + valueAt(Inner, "__orbis_col") + ";\n{\n" +
                     instructionBlock() + "}\n++__orbis_col;\n";
  // Columns per chunk: the checks of a chunk are paid once for its steps.
  const std::string K = "8LL";
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
const long long __orbis_step_need = __orbis_col + LAG < __orbis_trip ? __orbis_col + LAG : __orbis_trip;
long long __orbis_need = __orbis_step_need;
if (__orbis_lane == 0) {
if (__orbis_warp == 0) {
__orbis_prev = LLONG_MAX;
} else {
__orbis_need = __orbis_col + (K - 1) + LAG < __orbis_trip ? __orbis_col + (K - 1) + LAG : __orbis_trip;
if (__orbis_above < __orbis_need) {
__orbis_above = orbis_dev_poll<cuda::thread_scope_block>(__orbis_sh.progress[__orbis_warp - 1]);
orbis_dev_acquire_fence<cuda::thread_scope_block>();
}
__orbis_prev = __orbis_above;
}
}
// The tile of the chunk's last column: the leader must have run its
// pre-blocks.
const long long __orbis_last = __orbis_col + (K - 1) < __orbis_trip ? __orbis_col + (K - 1) : __orbis_trip - 1;
const long long __orbis_last_tile = __orbis_last < __orbis_end ? __orbis_q : __orbis_q + 1 + (__orbis_last - __orbis_end) / __orbis_tile;
if (__orbis_col < __orbis_trip && __orbis_seen <= __orbis_last_tile) {
__orbis_seen = orbis_dev_poll<cuda::thread_scope_block>(__orbis_sh.ready);
orbis_dev_acquire_fence<cuda::thread_scope_block>();
}
const bool __orbis_chunk = __orbis_col >= __orbis_trip || (__orbis_prev >= __orbis_need && __orbis_seen > __orbis_last_tile);
if (__all_sync(__orbis_mask, __orbis_chunk)) {
// Every row runs K columns in lockstep, no checks.
#pragma unroll
for (int __orbis_j = 0; __orbis_j < (int)K; ++__orbis_j) {
if (__orbis_col < __orbis_trip) {
STEP}
__syncwarp(__orbis_mask);
}
} else {
// One column, each row on its own: a row that cannot go on skips it.
const bool __orbis_go = __orbis_col < __orbis_trip && __orbis_prev >= __orbis_step_need && __orbis_seen > __orbis_q;
if (__orbis_go) {
STEP}
__syncwarp(__orbis_mask);
}
// The tiles this row has left, for the leader's post-blocks.
while (__orbis_q < __orbis_P.loops[1].num_tiles && __orbis_col >= __orbis_end) {
orbis_dev_count(__orbis_sh.finished[__orbis_q & 1]);
++__orbis_q;
__orbis_end = __orbis_trip - __orbis_end < __orbis_tile ? __orbis_trip : __orbis_end + __orbis_tile;
}
// The warp below follows the last row; a release store every K columns.
if (__orbis_lane == __orbis_rows - 1 && (__orbis_col - __orbis_published >= K || (__orbis_col == __orbis_trip && __orbis_published < __orbis_trip))) {
orbis_dev_publish_progress(__orbis_sh.progress[__orbis_warp], __orbis_col);
__orbis_published = __orbis_col;
}
}
)";
  auto Replace = [&](const std::string &From, const std::string &To) {
    for (size_t At = Code.find(From); At != std::string::npos;
         At = Code.find(From, At + To.size()))
      Code.replace(At, From.size(), To);
  };
  Replace("STEP", Step);
  Replace("LAG", Lag);
  Replace("(K - 1)", "(" + K + " - 1)");
  Replace("(int)K", "(int)" + K);
  Replace(">= K ", ">= " + K + " ");
  return Code;
}

} // namespace orbis::cuda
