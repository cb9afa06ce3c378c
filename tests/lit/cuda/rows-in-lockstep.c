// Rows in lockstep (docs/lowering.md): Algorithm 1's dependences, (1, 0)
// and (0, 1), let the rows of a tile run together, one column apart. The
// kernel holds two worker schedules, chosen at run time: strict lockstep
// (in each warp the row above's value by a shuffle, the row's own last
// value in a register, the rest loaded a chunk ahead; each warp follows
// the warp above per chunk; tiles default to three warps' 96 rows
// (ORBIS_SITE_GPU_TALL_ROWS: the leader keeps ORBIS_DEV_TILES_IN_FLIGHT
// tiles in flight, and rows lag by at most one column, so the three
// warps' skew fits them) and one 16-column chunk), and the copies of the
// pre/post-blocks. A linearized subscript hides the distances: copies
// only, with the reason in the device code and for ORBIS_VERBOSE.
// RUN: %orbis-cc --offload=cuda --emit-lowered %s | grep -v '// CHECK' | FileCheck %s
// REQUIRES: cuda
#include <omp_blocked.h>
#include <stdlib.h>

enum { PAD = 16 };

// CHECK: static const orbis_site_t __orbis_site0_0 = {"{{.*}}rows-in-lockstep.c:[[@LINE+4]]:3", 0, 8, ORBIS_SITE_GPU | ORBIS_SITE_GPU_WARP_ROWS | ORBIS_SITE_GPU_TALL_ROWS | ORBIS_SITE_PIPELINED, 0};
// CHECK: static const orbis_site_t __orbis_site0_1 = {"{{.*}}rows-in-lockstep.c:[[@LINE+11]]:5", 1, 8, ORBIS_SITE_GPU | ORBIS_SITE_GPU_WARP_ROWS | ORBIS_SITE_GPU_PAIRED_ROWS | ORBIS_SITE_PIPELINED | ORBIS_SITE_INNERMOST, 0};
void sweep(int n, double (*A)[n]) {
  volatile int *done = NULL;
  #pragma omp parallel for schedule(blocked) map(tofrom: A[0:n])
  for (int x = 1; x < n - 1; x++) {
    #pragma omp single
    {
      done = calloc((omp_num_blocks() + 1) * PAD, sizeof(int));
      done[0] = n;
    }
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++) {
      while (done[xb * PAD] < y + omp_block_size() - 1) {
      }
      #pragma omp block
      A[x][y] = 0.25 * (A[x - 1][y] + A[x + 1][y] + A[x][y - 1] + A[x][y + 1]);
      #pragma omp atomic
      done[(xb + 1) * PAD] += omp_block_size();
    }
  }
  free((void *)done);
}
// CHECK-LABEL: // ---- device code: rows-in-lockstep.orbis.cu ----
// CHECK: // Nest 0 at {{.*}}rows-in-lockstep.c:{{[0-9]+}}:3: intra-tile schedule: rows in lockstep, lag 1 (distances (0, 1) (1, 0)).
// CHECK: __global__ void __launch_bounds__(256) __orbis_kernel0(
// CHECK: if (__orbis_P.lockstep) {
// CHECK-NEXT: // Rows in strict lockstep
// The row's own value before its first column (A[x][0]), loaded once
// before the chunks rather than in the step chain.
// CHECK: double __orbis_h0 = 0;
// CHECK-NEXT: if (0LL < __orbis_trip) {
// CHECK-NEXT: int y = ((int)((unsigned long long)__orbis_P.lbs[1] + (unsigned long long)(0LL) * (unsigned long long)(1LL)));
// CHECK-NEXT: __orbis_h0 = A[((long long)(x) * __orbis_P.dims[0] + (long long)(y - 1))];
// CHECK-NEXT: }
// Paired warps (docs/lowering.md): with two warps per 32 rows a row's
// carried value (h0) passes between them through a slot per lane.
// CHECK-NEXT: double (*const __orbis_hand)[1][32] = reinterpret_cast<double (*)[1][32]>(__orbis_arena_mem + __orbis_P.rows_hand);
// Staged chunks: A[x + 1][y] and A[x][y + 1] lie on one diagonal, 33 rows
// of 16 columns for a warp's 32 rows, loaded a chunk ahead through the
// first of the reads (A[x + 1][y]) at row R' - 1, R' = 0 ... 32: row -1 of
// the warp names A[x][y + 1]'s elements of row 0. Two buffers per warp in
// dynamic shared memory (the launcher places them after the arena, when
// they fit), copied into by cp.async, not through registers.
// CHECK-NEXT: // Staged chunks (docs/lowering.md)
// CHECK: double (*const __orbis_stage)[2][33][17] = reinterpret_cast<double (*)[2][33][17]>(__orbis_arena_mem + __orbis_P.rows_stage);
// CHECK-NEXT: double (*__orbis_buf)[17] = __orbis_stage[__orbis_pairs * __orbis_warp + __orbis_par][0];
// CHECK-NOT: __orbis_pf[
// CHECK: return __orbis_rows == 32 && __orbis_P.rows_stage != ~0ull && __orbis_s - 1LL * 31 >= 0LL && __orbis_s + 15 + 0LL < __orbis_trip;
// One address per lane for the loads ahead (evaluated through the first
// read at the lane's staged row) and one for the write-back, each with
// the constant offsets to the lane's next element and the next chunk.
// CHECK: auto __orbis_pf_at = [&](long long __orbis_rs, long long __orbis_s, int __orbis_k) {
// CHECK-NEXT: const long long __orbis_r = __orbis_rs + -1LL;
// CHECK-NEXT: int x = ((int)((unsigned long long)__orbis_P.lbs[0] + (unsigned long long)((__orbis_row0 + __orbis_r)) * (unsigned long long)(1LL)));
// CHECK-NEXT: int y = ((int)((unsigned long long)__orbis_P.lbs[1] + (unsigned long long)((__orbis_s - 1LL * __orbis_r + __orbis_k)) * (unsigned long long)(1LL)));
// CHECK-NEXT: return &(A[((long long)(x + 1) * __orbis_P.dims[0] + (long long)(y))]);
// CHECK-NEXT: };
// CHECK: return &(A[((long long)(x) * __orbis_P.dims[0] + (long long)(y))]);
// CHECK: auto *const __orbis_pf0 = __orbis_pf_at(__orbis_lrs, 0, __orbis_lk);
// CHECK-NEXT: const long long __orbis_pf_dm = __orbis_pf_at(__orbis_lrs + 2, 0, __orbis_lk) - __orbis_pf0;
// CHECK-NEXT: const long long __orbis_pf_ds = __orbis_pf_at(__orbis_lrs, 16, __orbis_lk) - __orbis_pf0;
// CHECK: auto *const __orbis_p = __orbis_pf0 + (__orbis_s >> 4) * __orbis_pf_ds;
// CHECK-NEXT: double (*const __orbis_to)[17] = __orbis_stage[__orbis_pairs * __orbis_warp + __orbis_par][(__orbis_s >> (__orbis_pairs + 3)) & 1];
// CHECK: if ((__orbis_e >> 4) < 33)
// CHECK-NEXT: orbis_dev_copy_async(&__orbis_to[__orbis_e >> 4][__orbis_e & 15], __orbis_p + __orbis_m * __orbis_pf_dm);
// CHECK: if (__orbis_stageable(16LL * __orbis_par))
// CHECK-NEXT: __orbis_prefetch(16LL * __orbis_par);
// CHECK-NEXT: orbis_dev_copies_commit();
// The row above the warp: one address per chunk, one column apart.
// CHECK-NEXT: auto __orbis_up_at0 = [&](long long __orbis_c) {
// CHECK: return &(A[((long long)(x - 1) * __orbis_P.dims[0] + (long long)(y))]);
// CHECK: const long long __orbis_up_dj0 = __orbis_up_at0(1) - __orbis_up_at0(0);
// The tile of the chunk's last column, followed along (no division).
// CHECK: long long __orbis_last_tile = 0, __orbis_last_end = __orbis_end;
// CHECK-NEXT: for (long long __orbis_s = 16LL * __orbis_par; __orbis_s < __orbis_steps; __orbis_s += 16LL * __orbis_pairs) {
// CHECK: while (__orbis_last >= __orbis_last_end) {
// CHECK-NEXT: ++__orbis_last_tile;
// CHECK: const bool __orbis_staged = __orbis_stageable(__orbis_s);
// The warp waits for the leader's pre-blocks of the chunk's tiles and for
// the warp above.
// CHECK: __orbis_seen = orbis_dev_poll<cuda::thread_scope_block>(__orbis_sh.ready);
// CHECK: __orbis_above = orbis_dev_poll<cuda::thread_scope_block>(__orbis_sh.progress[__orbis_warp - 1]);
// CHECK: if (__all_sync(__orbis_mask, __orbis_ok))
// Then the row above the warp, first: from one address in staged chunks,
// per column with the range checks otherwise.
// CHECK: if (__orbis_staged) {
// CHECK-NEXT: if (__orbis_lane < 1) {
// CHECK-NEXT: auto *const __orbis_p = __orbis_up_at0(__orbis_c0);
// CHECK: __orbis_pre0[__orbis_j] = __orbis_p[__orbis_j * __orbis_up_dj0];
// CHECK: } else {
// CHECK: if (__orbis_lane < 1 || __orbis_c - 0 < 0 || __orbis_c - 0 >= __orbis_trip)
// CHECK-NEXT: __orbis_pre0[__orbis_j] = A[((long long)(x - 1) * __orbis_P.dims[0] + (long long)(y))];
// Then this chunk's buffer, the next chunk's copies ahead into the other
// one, the wait for this chunk's copies (only the next chunk's may still
// be on the way), and the per-row loads only where the chunk is not staged.
// CHECK: __orbis_buf = __orbis_stage[__orbis_pairs * __orbis_warp + __orbis_par][(__orbis_s >> (__orbis_pairs + 3)) & 1];
// CHECK-NEXT: if (__orbis_stageable(__orbis_s + 16LL * __orbis_pairs))
// CHECK-NEXT: __orbis_prefetch(__orbis_s + 16LL * __orbis_pairs);
// CHECK-NEXT: orbis_dev_copies_commit();
// CHECK-NEXT: if (__orbis_staged)
// CHECK-NEXT: orbis_dev_copies_wait_prior();
// CHECK-NEXT: if (!__orbis_staged) {
// CHECK: __orbis_pre1[__orbis_j] = A[((long long)(x + 1) * __orbis_P.dims[0] + (long long)(y))];
// CHECK-NEXT: __orbis_pre3[__orbis_j] = A[((long long)(x) * __orbis_P.dims[0] + (long long)(y + 1))];
// CHECK: __syncwarp(__orbis_mask);
// The staged branch: each row's values from its staged rows, all read
// before any row's results overwrite the buffer; the steps (no range
// checks, the column from the chunk's first) leave their results there,
// written back by rows of 16 columns before the tile counts. Full warps'
// chunks inside the loop are all staged, so there is no unstaged fast
// branch (tests/lit/cuda/staged-chunks.c has one).
// CHECK: if (__orbis_staged) {
// CHECK-NEXT: #pragma unroll
// CHECK: __orbis_pre1[__orbis_j] = __orbis_buf[__orbis_lane - (-1LL) - (0LL)][__orbis_j];
// CHECK-NEXT: __orbis_pre3[__orbis_j] = __orbis_buf[__orbis_lane - (0LL) - (0LL)][__orbis_j];
// CHECK-NEXT: }
// CHECK-NEXT: __syncwarp(__orbis_mask);
// The carried value from the other warp's chunk before the steps...
// CHECK-NEXT: // The row's carried values from the other warp's chunk.
// CHECK-NEXT: if (__orbis_pairs > 1 && __orbis_s > 0) {
// CHECK-NEXT: orbis_dev_wait_reach(__orbis_sh.hseq[__orbis_warp], (int)(__orbis_s >> 4));
// CHECK-NEXT: __orbis_h0 = __orbis_hand[__orbis_warp][0][__orbis_lane];
// CHECK-NEXT: }
// CHECK: const int __orbis_y0 = ((int)((unsigned long long)__orbis_P.lbs[1] + (unsigned long long)(__orbis_c0) * (unsigned long long)(1LL)));
// CHECK: double __orbis_f0 = __shfl_up_sync(__orbis_mask, __orbis_h0, 1);
// CHECK-NEXT: if (__orbis_lane < 1)
// CHECK-NEXT: __orbis_f0 = __orbis_pre0[__orbis_j];
// CHECK-NEXT: double __orbis_f2 = __orbis_h0;
// CHECK: int y = (int)(__orbis_y0 + (int)(1LL) * __orbis_j);
// CHECK-NEXT: __orbis_v = 0.25 * (__orbis_f0 + __orbis_pre1[__orbis_j] + __orbis_f2 + __orbis_pre3[__orbis_j]);
// CHECK-NEXT: __orbis_buf[__orbis_lane][__orbis_j] = __orbis_v;
// ...and on to the other warp after them, before the write-back.
// CHECK: // ...and on to the other warp's next chunk.
// CHECK-NEXT: if (__orbis_pairs > 1) {
// CHECK-NEXT: __orbis_hand[__orbis_warp][0][__orbis_lane] = __orbis_h0;
// CHECK-NEXT: __syncwarp(__orbis_mask);
// CHECK-NEXT: if (__orbis_lane == 0)
// CHECK-NEXT: orbis_dev_publish(__orbis_sh.hseq[__orbis_warp], (int)(__orbis_s >> 4) + 1);
// CHECK-NEXT: }
// CHECK: __syncwarp(__orbis_mask);
// CHECK: auto *const __orbis_p = __orbis_wb0 + (__orbis_s >> 4) * __orbis_wb_ds;
// CHECK: __orbis_p[__orbis_m * __orbis_wb_dm] = __orbis_buf[__orbis_e >> 4][__orbis_e & 15];
// CHECK: __syncwarp(__orbis_mask);
// CHECK-NOT: no range checks
// Else each column checked.
// CHECK: } else {
// CHECK-NEXT: // The row's carried values from the other warp's chunk.
// The row above's value by a shuffle; the row's own last value in a register.
// CHECK: double __orbis_f0 = __shfl_up_sync(__orbis_mask, __orbis_h0, 1);
// CHECK-NEXT: if (__orbis_lane < 1 || __orbis_c - 0 < 0 || __orbis_c - 0 >= __orbis_trip)
// CHECK-NEXT: __orbis_f0 = __orbis_pre0[__orbis_j];
// CHECK-NEXT: double __orbis_f2 = __orbis_h0;
// No load in the step chain: the first column's left value is in h0.
// CHECK: __orbis_v = 0.25 * (__orbis_f0 + __orbis_pre1[__orbis_j] + __orbis_f2 + __orbis_pre3[__orbis_j]);
// CHECK-NEXT: A[((long long)(x) * __orbis_P.dims[0] + (long long)(y))] = __orbis_v;
// CHECK-NEXT: }
// A row keeps h0 until its first column.
// CHECK: if (__orbis_c >= 0) {
// CHECK-NEXT: __orbis_h0 = __orbis_v;
// CHECK-NEXT: }
// CHECK: // ...and on to the other warp's next chunk.
// A tile is counted by the warp whose chunk finishes it.
// CHECK: if (__orbis_pairs == 1 || __orbis_end > (__orbis_c0 < __orbis_trip ? __orbis_c0 : __orbis_trip))
// CHECK-NEXT: orbis_dev_count(__orbis_sh.finished[__orbis_q % ORBIS_DEV_TILES_IN_FLIGHT]);
// The warp below follows this warp's last row, its chunks published in
// order.
// CHECK: if (__orbis_lane == __orbis_rows - 1 && __orbis_done > 0) {
// CHECK-NEXT: // After the other warp's publication of the chunk before.
// CHECK-NEXT: if (__orbis_pairs > 1)
// CHECK-NEXT: orbis_dev_wait_reach_progress(__orbis_sh.progress[__orbis_warp], __orbis_c0 < __orbis_trip ? __orbis_c0 : __orbis_trip);
// CHECK-NEXT: orbis_dev_publish_progress(__orbis_sh.progress[__orbis_warp], __orbis_done);
// The copies of the pre/post-blocks.
// CHECK: } else {
// CHECK-NEXT: for (long long __orbis_k1 = 0;
// CHECK: P.lockstep = orbis_cuda_rows_in_lockstep(where, 1, "intra-tile schedule: rows in lockstep, lag 1 (distances (0, 1) (1, 0))", loops[1 < 2 ? 1 : 0].tile, ((rows - 1) * 1 + (warps - 1) * 32 + 16 + ORBIS_DEV_TILES_IN_FLIGHT - 2) / (ORBIS_DEV_TILES_IN_FLIGHT - 1));
// Two warps per 32 rows when 2 x 3 warps and the leader fit the block's
// 256 threads, and the inner tiles hold the rows' span plus a chunk.
// CHECK: P.pairs = P.lockstep ? orbis_cuda_row_warps(where, (2 * warps + 1) * 32 <= 256, loops[1].tile, ((rows - 1) * 1 + (warps - 1) * 32 + 32 + ORBIS_DEV_TILES_IN_FLIGHT - 2) / (ORBIS_DEV_TILES_IN_FLIGHT - 1)) : 1;
// The hand-over slots, then the two staging buffers of each warp (both
// for each warp of a pair) after the arena, when the device gives a block
// that much (otherwise one warp per 32 rows; then the chunks unstaged).
// CHECK: P.rows_stage = ~0ull;
// CHECK-NEXT: P.rows_hand = ~0ull;
// CHECK-NEXT: if (P.pairs > 1) {
// CHECK-NEXT: size_t hand_bytes = ((size_t)((loops[0].tile + 31) / 32) * ((size_t)1 * 32 * sizeof(double)) + 15) / 16 * 16;
// CHECK-NEXT: size_t pair_stage_bytes = (size_t)((loops[0].tile + 31) / 32) * 2 * ((size_t)2 * 33 * 17 * sizeof(double));
// CHECK-NEXT: if (shared_bytes + hand_bytes + pair_stage_bytes + sizeof(__orbis_shared0) > orbis_cuda_shared_limit(where))
// CHECK-NEXT: P.pairs = 1;
// CHECK: P.rows_hand = shared_bytes;
// CHECK: if (P.lockstep) {
// CHECK-NEXT: size_t rows_bytes = (size_t)((loops[0].tile + 31) / 32) * ((size_t)2 * 33 * 17 * sizeof(double)) * P.pairs;
// CHECK-NEXT: if (shared_bytes + rows_bytes + sizeof(__orbis_shared0) <= orbis_cuda_shared_limit(where)) {
// CHECK-NEXT: P.rows_stage = shared_bytes;
// CHECK-NEXT: shared_bytes += rows_bytes;
// The block opts in to more shared memory when the arena, the staging
// buffers and the static shared memory need more than 48 KiB together.
// One kernel per count of warps per 32 rows (the chunk loop's stride a
// constant); the block's threads: the rows' warps, twice when paired,
// then the leader's.
// CHECK: void (*const kernel)(__orbis_params0) = P.pairs > 1 ? __orbis_kernel0<2> : __orbis_kernel0<1>;
// CHECK: P.row_threads = (int)((workers + 31) / 32 * 32);
// CHECK-NEXT: P.leader = P.row_threads * P.pairs;
// CHECK: static const size_t static_shared = [] {
// CHECK-NEXT: cudaFuncAttributes attributes;
// CHECK-NEXT: orbis_cuda_check(cudaFuncGetAttributes(&attributes, __orbis_kernel0<1>), "cudaFuncGetAttributes", where);
// CHECK-NEXT: return attributes.sharedSizeBytes;
// CHECK-NEXT: }();
// CHECK-NEXT: if (shared_bytes + static_shared > 48 * 1024)
// CHECK-NEXT: orbis_cuda_check(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)shared_bytes), "cudaFuncSetAttribute", where);

void linear(int n, double *A) {
  #pragma omp parallel for schedule(blocked) map(tofrom: A[0:n * n])
  for (int x = 1; x < n; x++)
    #pragma omp for schedule(blocked)
    for (int y = 0; y < n; y++)
      A[x * n + y] = A[(x - 1) * n + y];
}
// CHECK: // Nest 1 at {{.*}}rows-in-lockstep.c:{{[0-9]+}}:3: intra-tile schedule: copies of the pre/post-blocks on sub-tiles (no rows in lockstep: the distance from 'A[x * n + y]' to 'A[(x - 1) * n + y]' is unknown (a subscript that is not a loop variable plus a constant)).
// CHECK: __global__ void __launch_bounds__(1024) __orbis_kernel1(
// CHECK-NOT: __orbis_P.lockstep
// CHECK: P.lockstep = orbis_cuda_rows_in_lockstep(where, 0, "intra-tile schedule: copies of the pre/post-blocks on sub-tiles (no rows in lockstep: the distance from 'A[x * n + y]' to 'A[(x - 1) * n + y]' is unknown (a subscript that is not a loop variable plus a constant))", loops[1 < 2 ? 1 : 0].tile, 0);

// The user's names are printed as written, whatever the generator's
// templates call their placeholders.
void names(int n, double (*A)[n], double LAG, double STEP, double K) {
  #pragma omp parallel for schedule(blocked) map(tofrom: A[0:n])
  for (int x = 1; x < n; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n; y++)
      A[x][y] = (A[x - 1][y] + A[x][y - 1]) * LAG + STEP - (K - 1);
}
// CHECK: // Nest 2 at {{.*}}rows-in-lockstep.c:[[@LINE-6]]:3: intra-tile schedule: rows in lockstep, lag 1 (distances (0, 1) (1, 0)).
// CHECK: if (__orbis_P.lockstep) {
// The chunk's steps and the single steps.
// CHECK: A[((long long)(x) * __orbis_P.dims[0] + (long long)(y))] = (A[((long long)(x - 1) * __orbis_P.dims[0] + (long long)(y))] + A[((long long)(x) * __orbis_P.dims[0] + (long long)(y - 1))]) * LAG + STEP - (K - ((double)(1)));
// CHECK: A[((long long)(x) * __orbis_P.dims[0] + (long long)(y))] = (A[((long long)(x - 1) * __orbis_P.dims[0] + (long long)(y))] + A[((long long)(x) * __orbis_P.dims[0] + (long long)(y - 1))]) * LAG + STEP - (K - ((double)(1)));
