// The CUDA mapping of Algorithm 1 (EXTENSIONS.md 2): the host keeps the
// loop set-up, runs the outermost 'single' before the kernel (tile 0 of the
// outermost loop, its allocation recorded for mapping), maps the VLA
// pointer's section and calls the launcher; the kernel runs persistent
// blocks over a ticket, a leader thread on the loop's tiles and one worker
// per row on sub-tiles, with the pre/post-blocks copied, the single once per
// tile with its allocation in the tile's arena, tile queries on (sub-)tiles,
// waits that poll and then fence (at block scope on the tile-local
// counters), the atomic on the tile-local counters, and
// A[x][y] linearized.
// RUN: %orbis-cc --offload=cuda --emit-lowered %s | grep -v '// CHECK' | FileCheck %s
// REQUIRES: cuda
#include <omp_blocked.h>
#include <stdlib.h>

enum { PAD = 16 };

void sweep(int n, double (*A)[n]) {
  volatile int *counters = NULL;
  // CHECK: { /* orbis: this nest runs on the GPU (__orbis_kernel0) */
  // CHECK: static const orbis_site_t __orbis_site0_0 = {"{{.*}}kernel-structure.c:[[@LINE+2]]:3", 0, 8, ORBIS_SITE_GPU | ORBIS_SITE_GPU_WARP_ROWS | ORBIS_SITE_GPU_TALL_ROWS | ORBIS_SITE_PIPELINED, 0};
  // CHECK: orbis_tile_enter(&__orbis_c0, &__orbis_loops0[0], 0); int x = (int)__orbis_lbs0[0];
  #pragma omp parallel for schedule(blocked) map(tofrom: A[0:n])
  for (int x = 1; x < n - 1; x++) {
    // CHECK: counters = orbis_cuda_calloc((orbis_query_int(__orbis_loops0[0].num_tiles) + 1) * PAD, sizeof(int));
    // CHECK: orbis_cuda_map_t __orbis_maps0[] = {{[{][{]}}"counters", (const void *)counters, (const void *)counters, orbis_cuda_allocation_size((const void *)counters, "counters", "{{.*}}kernel-structure.c:{{[0-9]+}}:3"), ORBIS_MAP_TOFROM, 0}, {"A", (const void *)A, (const void *)(A + (0)), (size_t)(n) * sizeof(*A), 3, 0}, {0, 0, 0, 0, 0, 0}};
    // CHECK: void *__orbis_args0[] = {(void *)&counters, (void *)&n, (void *)&A, 0};
    // CHECK: long long __orbis_dims0[] = {(long long)(sizeof(A[0]) / sizeof(A[0][0])), 0};
    // CHECK: __orbis_cuda_nest0_{{[0-9a-f]+}}(__orbis_loops0, __orbis_lbs0, __orbis_args0, __orbis_maps0, __orbis_dims0);
    #pragma omp single
    {
      counters = calloc((omp_num_blocks() + 1) * PAD, sizeof(int));
      counters[0] = n;
    }
    int xblock = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++) {
      while (counters[xblock * PAD] < y + omp_block_size() - 1) {
      }
      #pragma omp block
      A[x][y] = 0.25 * (A[x - 1][y] + A[x + 1][y] + A[x][y - 1] + A[x][y + 1]);
      #pragma omp atomic
      counters[(xblock + 1) * PAD] += omp_block_size();
    }
  }
  free((void *)counters);
}

// The device code follows the host file.
// CHECK-LABEL: // ---- device code: kernel-structure.orbis.cu ----
// CHECK: #include <orbis/tile_cuda.cuh>
// CHECK: struct __orbis_params0 {
// CHECK-NEXT:   orbis_loop_t loops[2];
// CHECK:   volatile int *counters;
// CHECK-NEXT:   int n;
// CHECK-NEXT:   double *A;
// CHECK: struct __orbis_shared0 {
// CHECK:   volatile int *counters;
// CHECK: __global__ void __launch_bounds__(256) __orbis_kernel0(const __orbis_params0 __orbis_P) {
// Persistent blocks take the outermost tiles in increasing order.
// CHECK:       __orbis_sh.next = (long long)atomicAdd(__orbis_P.ticket, 1ull);
// CHECK:       __orbis_sh.u.counters = counters;
// CHECK:     if (__orbis_is_leader) {
// The leader: the code as written, on the loops' tiles.
// CHECK: /* 'single' ran on the host before the kernel */
// CHECK: int xblock = orbis_dev_query(__orbis_c0.num);
// The leader keeps up to ORBIS_DEV_TILES_IN_FLIGHT tiles in flight (the
// pre-block polls counters[xblock * PAD], the post-block adds to
// counters[(xblock + 1) * PAD]): the post-block of a tile every worker has
// left first, else one step of the next pre-block, whose spin-wait tests
// its condition once.
// CHECK: while (__orbis_kpost < __orbis_P.loops[1].num_tiles) {
// CHECK-NEXT: if (__orbis_kpost < __orbis_kpre && orbis_dev_reached(__orbis_sh.finished[__orbis_qdone % ORBIS_DEV_TILES_IN_FLIGHT], (int)(__orbis_workers * (__orbis_qdone / ORBIS_DEV_TILES_IN_FLIGHT + 1)))) {
// CHECK-NEXT: const orbis_dev_tile_t __orbis_c1 = orbis_dev_tile(__orbis_P.loops[1], __orbis_kpost);
// CHECK: orbis_dev_atomic_add<cuda::thread_scope_device>(counters[(xblock + 1) * ((int)16)], orbis_dev_query(__orbis_c1.size));
// CHECK: ++__orbis_kpost;
// CHECK-NEXT: ++__orbis_qdone;
// CHECK-NEXT: continue;
// CHECK: if (__orbis_kpre < __orbis_P.loops[1].num_tiles && __orbis_kpre - __orbis_kpost < ORBIS_DEV_TILES_IN_FLIGHT) {
// CHECK-NEXT: const orbis_dev_tile_t __orbis_c1 = orbis_dev_tile(__orbis_P.loops[1], __orbis_kpre);
// CHECK: if (__orbis_stage == 0) {
// CHECK-NEXT: if (!(orbis_dev_poll<cuda::thread_scope_device>(counters[xblock * ((int)16)]) < y + orbis_dev_query(__orbis_c1.size) - 1)) {
// Once the relaxed poll passes, the same test with an acquire load (no
// fence: on the GPU a fence waits for every store in flight).
// CHECK-NEXT: if (!(orbis_dev_poll_acquire<cuda::thread_scope_device>(counters[xblock * ((int)16)]) < y + orbis_dev_query(__orbis_c1.size) - 1))
// CHECK-NEXT: __orbis_stage = 1;
// CHECK: if (__orbis_stage == 1) {
// CHECK-NEXT: orbis_dev_publish(__orbis_sh.ready, __orbis_q + 1);
// CHECK-NEXT: ++__orbis_q;
// CHECK-NEXT: ++__orbis_kpre;
// CHECK-NEXT: __orbis_stage = 0;
// A worker: the same nest on its sub-tiles, the counters tile-local
// (with two warps per 32 rows, threads t and t + row_threads run row t).
// CHECK: } else if ((int)threadIdx.x < __orbis_P.leader && __orbis_tid < __orbis_workers) {
// CHECK: decltype(__orbis_sh.u.counters) &counters = __orbis_sh.u.counters;
// CHECK: const orbis_dev_tile_t __orbis_s0 = orbis_dev_subtile(__orbis_c0, __orbis_P.sub[0], __orbis_tid);
// CHECK: if (orbis_dev_once_begin(&(__orbis_sh.once[0]), false)) {
// CHECK: counters = ((volatile int *)(orbis_dev_arena_alloc(&__orbis_arena, (unsigned long long)(((unsigned long)((orbis_dev_query(__orbis_s0.count) + 1) * ((int)16)))), (unsigned long long)(sizeof(int)), true)));
// CHECK: orbis_dev_once_end(&(__orbis_sh.once[0]));
// CHECK: int xblock = orbis_dev_query(__orbis_s0.num);
// CHECK: orbis_dev_wait_above(__orbis_sh.ready, __orbis_q);
// CHECK: const orbis_dev_tile_t __orbis_s1 = orbis_dev_subtile_in_loop(__orbis_c1, __orbis_P.sub[1], __orbis_P.sub_per_tile[1], __orbis_P.sub_count[1], __orbis_u1);
// CHECK: do {
// CHECK: while (orbis_dev_poll<cuda::thread_scope_block>(counters[xblock * ((int)16)]) < y + orbis_dev_query(__orbis_s1.size) - 1)
// CHECK: } while (orbis_dev_poll_acquire<cuda::thread_scope_block>(counters[xblock * ((int)16)]) < y + orbis_dev_query(__orbis_s1.size) - 1);
// The instruction block, unchanged but for the linearized VLA.
// CHECK: A[((long long)(x) * __orbis_P.dims[0] + (long long)(y))] = 0.25 * (A[((long long)(x - 1) * __orbis_P.dims[0] + (long long)(y))] + A[((long long)(x + 1) * __orbis_P.dims[0] + (long long)(y))] + A[((long long)(x) * __orbis_P.dims[0] + (long long)(y - 1))] + A[((long long)(x) * __orbis_P.dims[0] + (long long)(y + 1))]);
// CHECK: orbis_dev_atomic_add<cuda::thread_scope_block>(counters[(xblock + 1) * ((int)16)], orbis_dev_query(__orbis_s1.size));
// CHECK: orbis_dev_count(__orbis_sh.finished[__orbis_q % ORBIS_DEV_TILES_IN_FLIGHT]);
// The launcher: data in, a grid no larger than what is resident, data out.
// CHECK: extern "C" void __orbis_cuda_nest0_{{[0-9a-f]+}}(
// CHECK: orbis_cuda_region_enter(where, maps, 2);
// CHECK: int grid = orbis_cuda_grid(where, per_sm, loops[0].num_tiles);
// CHECK: orbis_cuda_finish(where, report);
// CHECK: orbis_cuda_region_exit(where, maps, 2);
