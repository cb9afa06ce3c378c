// The two-level Gauss-Seidel nest of Algorithm 1: region set-up, tile loops,
// element loops in front of the instruction block, lexical tile queries,
// single as call-once and the progress counter's atomic as a single-writer
// add (a load and a release store; single-writer-counters.c has the rest).
// RUN: %orbis-cc --emit-lowered %s | %join-generated %s | grep -v "^ *//" | FileCheck %s
#include <omp_blocked.h>

void sweep(int n, double *A, volatile int *counters) {
  // CHECK: #include <orbis/tile.h>
  // CHECK: #line 1 "{{.*}}basic-nest.c"
  // CHECK: { int [[LB0:__orbis_lb[0-9_]+]] = (1); __typeof__((n - 1) + 0) [[UB0:__orbis_ub[0-9_]+]] = (n - 1);
  // CHECK-SAME: orbis_loop_init(&[[L0:__orbis_L[0-9_]+]], {{.*}}, ORBIS_CMP_LT, {{.*}}, 7, 1,
  // CHECK-NEXT: {{^}}#pragma push_macro("blocked"){{$}}
  // CHECK: {{^}}#define blocked monotonic: dynamic, 1) firstprivate([[L0]], [[LB0]], [[ONCE:__orbis_once[0-9]+]]) __orbis_drop({{$}}
  // CHECK: {{^}}#pragma pop_macro("block_local"){{$}}
  // CHECK-EMPTY:
  #pragma omp parallel for schedule(blocked, 7) num_threads(4)
  for (int x = 1; x < n - 1; x++) {
    // CHECK: for (long long [[T0:__orbis_t[0-9_]+]] = 0; [[T0]] < [[L0]].num_tiles; ++[[T0]]) { orbis_tile_t [[C0:__orbis_c[0-9_]+]]; orbis_tile_enter(&[[C0]], &[[L0]], [[T0]]);
    // CHECK-SAME: int [[QB0:__orbis_qb[0-9_]+]] = orbis_query_int([[C0]].num);
    // CHECK-SAME: int x = [[F0:__orbis_f[0-9_]+]]; do {
    // CHECK: if (orbis_once_begin([[ONCE]], 0)) {
    #pragma omp single
    counters[0] = n;
    // CHECK-NEXT: counters[0] = n; orbis_once_end([[ONCE]]); }
    int xb = omp_block_num();
    // CHECK-NEXT: int xb = [[QB0]]  ;
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++) {
      // CHECK: ORBIS_BLOCK_SIZE_AUTO, 1 * [[L0]].tile,
      // CHECK: for (long long [[T1:__orbis_t[0-9_]+]] = 0;
      // CHECK-SAME: orbis_tile_enter(&[[C1:__orbis_c[0-9_]+]], {{.*}} int [[QS1:__orbis_qs[0-9_]+]] = orbis_query_int([[C1]].size);
      // CHECK-SAME: int y = [[F1:__orbis_f[0-9_]+]]; do {
      while (counters[xb] < y + omp_block_size() - 1) {}
      // CHECK-NEXT: while (__atomic_load_n(&(counters[xb]), __ATOMIC_ACQUIRE) < y + [[QS1]]    - 1) { orbis_spin_pause(); }
      #pragma omp block
      A[x * n + y] = 0.25 * (A[x * n + y - 1] + A[(x - 1) * n + y]);
      // CHECK-NEXT: { { for (x = [[F0]]; x {{<|>|!=}} {{__orbis_e[0-9_]+}}; ++x) for (y = [[F1]]; y {{<|>|!=}} {{__orbis_e[0-9_]+}}; ++y) {
      // CHECK-NEXT: A[x * n + y] = 0.25 * (A[x * n + y - 1] + A[(x - 1) * n + y]); } } x = [[F0]]; y = [[F1]]; }
      #pragma omp atomic
      counters[xb + 1] += omp_block_size();
      // CHECK-NEXT: /* omp atomic: a single-writer counter (docs/lowering.md) */
      // CHECK-NEXT: ({ __auto_type __orbis_sw = &(counters[xb + 1] ); __atomic_store_n(__orbis_sw, __atomic_load_n(__orbis_sw, __ATOMIC_RELAXED) + ([[QS1]]   ), __ATOMIC_RELEASE); });
    }
    // CHECK-NEXT: } while (0); orbis_tile_leave(&[[C1]]); } }
  }
  // CHECK-NEXT: } while (0); orbis_tile_leave(&[[C0]]); } }
}
