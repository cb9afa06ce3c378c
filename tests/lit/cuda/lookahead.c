// The leader runs the next tile's pre-block before the current tile's
// post-block only when they touch different data (Lookahead.h); otherwise
// it keeps the written order: pre-block, the tile, post-block.
// RUN: %orbis-cc --offload=cuda --emit-lowered %s | grep -v '// CHECK' | FileCheck %s
// REQUIRES: cuda
#include <omp_blocked.h>

// The post-block adds to the element the pre-block polls: written order.
// CHECK-LABEL: __global__ void __launch_bounds__(1024) __orbis_kernel0(
// CHECK: if (__orbis_is_leader) {
// CHECK-NOT: __orbis_p1
// CHECK: orbis_dev_publish(__orbis_sh.ready, __orbis_q + 1);
// CHECK-NEXT: orbis_dev_wait_reach(__orbis_sh.finished[__orbis_q & 1], (int)(__orbis_workers * (__orbis_q / 2 + 1)));
// CHECK-NEXT: ++__orbis_q;
// CHECK-NEXT: #line {{[0-9]+}}
// CHECK-NEXT: orbis_dev_atomic_add<cuda::thread_scope_device>(flags[xb], 1);
void same_element(int n, int *flags, double *a) {
  #pragma omp parallel for schedule(blocked) map(tofrom: flags[0:n], a[0:n * n])
  for (int x = 0; x < n; x++) {
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 0; y < n; y++) {
      while (flags[xb] < 0) {
      }
      #pragma omp block
      a[x * n + y] += 1;
      #pragma omp atomic
      flags[xb] += 1;
    }
  }
}

// Different arrays may alias: written order.
// CHECK-LABEL: __global__ void __launch_bounds__(1024) __orbis_kernel1(
// CHECK: if (__orbis_is_leader) {
// CHECK-NOT: __orbis_p1
// CHECK: orbis_dev_publish(__orbis_sh.ready, __orbis_q + 1);
// CHECK-NEXT: orbis_dev_wait_reach(__orbis_sh.finished[__orbis_q & 1]
void other_array(int n, int *in, int *out, double *a) {
  #pragma omp parallel for schedule(blocked) map(tofrom: in[0:n], out[0:n], a[0:n * n])
  for (int x = 0; x < n; x++) {
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 0; y < n; y++) {
      while (in[xb] < y) {
      }
      #pragma omp block
      a[x * n + y] += 1;
      #pragma omp atomic
      out[xb + 1] += 1;
    }
  }
}

// Elements one apart: the next pre-block first.
// CHECK-LABEL: __global__ void __launch_bounds__(1024) __orbis_kernel2(
// CHECK: if (__orbis_is_leader) {
// CHECK: orbis_dev_tile_t __orbis_p1 = {0, 0, 0, 0};
void next_element(int n, int *flags, double *a) {
  #pragma omp parallel for schedule(blocked) map(tofrom: flags[0:n], a[0:n * n])
  for (int x = 0; x < n; x++) {
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 0; y < n; y++) {
      while (flags[xb] < y) {
      }
      #pragma omp block
      a[x * n + y] += 1;
      #pragma omp atomic
      flags[xb + 1] += 1;
    }
  }
}
