// The leader runs later tiles' pre-blocks before the current tile's
// post-block only when they touch different data (Lookahead.h); otherwise
// it keeps the written order: pre-block, the tile, post-block. A pre-block
// of scalar declarations and spin-waits runs in resumable steps, up to
// ORBIS_DEV_TILES_IN_FLIGHT tiles ahead; another one only one tile ahead.
// RUN: %orbis-cc --offload=cuda --emit-lowered %s | grep -v '// CHECK' | FileCheck %s
// REQUIRES: cuda
#include <omp_blocked.h>
#include <stdlib.h>

// The post-block adds to the element the pre-block polls: written order.
// CHECK-LABEL: __global__ void __launch_bounds__(1024) __orbis_kernel0(
// CHECK: if (__orbis_is_leader) {
// CHECK-NOT: __orbis_p1
// CHECK: orbis_dev_publish(__orbis_sh.ready, __orbis_q + 1);
// CHECK-NEXT: orbis_dev_wait_reach(__orbis_sh.finished[__orbis_q % ORBIS_DEV_TILES_IN_FLIGHT], (int)(__orbis_workers * (__orbis_q / ORBIS_DEV_TILES_IN_FLIGHT + 1)));
// CHECK-NEXT: ++__orbis_q;
// CHECK-NEXT: #line {{[0-9]+}}
// CHECK-NEXT: orbis_dev_atomic_add<cuda::thread_scope_device>(flags[xb], 1);
void same_element(int n, double *a) {
  int *flags = NULL;
  #pragma omp parallel for schedule(blocked) map(tofrom: a[0:n * n])
  for (int x = 0; x < n; x++) {
    #pragma omp single
    flags = calloc(n + 2, sizeof(int));
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
// CHECK-NEXT: orbis_dev_wait_reach(__orbis_sh.finished[__orbis_q % ORBIS_DEV_TILES_IN_FLIGHT]
void other_array(int n, int *in, double *a) {
  int *out = NULL;
  #pragma omp parallel for schedule(blocked) map(tofrom: in[0:n], a[0:n * n])
  for (int x = 0; x < n; x++) {
    #pragma omp single
    out = calloc(n + 2, sizeof(int));
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

// Elements one apart: later pre-blocks first, in resumable steps.
// CHECK-LABEL: __global__ void __launch_bounds__(1024) __orbis_kernel2(
// CHECK: if (__orbis_is_leader) {
// CHECK: long long __orbis_kpre = 0, __orbis_kpost = 0;
// CHECK: if (__orbis_stage == 0) {
// CHECK-NEXT: if (!(flags[xb] < y)) {
// CHECK: if (__orbis_stage == 1) {
// CHECK-NEXT: orbis_dev_publish(__orbis_sh.ready, __orbis_q + 1);
void next_element(int n, double *a) {
  int *flags = NULL;
  #pragma omp parallel for schedule(blocked) map(tofrom: a[0:n * n])
  for (int x = 0; x < n; x++) {
    #pragma omp single
    flags = calloc(n + 2, sizeof(int));
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

// A pre-block local: kept across the steps under a name of its own (the
// pre-block's declarations run once, in order with its waits); the
// workers' copies keep the user's name.
// CHECK-LABEL: __global__ void __launch_bounds__(1024) __orbis_kernel3(
// CHECK: if (__orbis_is_leader) {
// CHECK: int __orbis_stage = 0;
// CHECK-NEXT: int __orbis_pv0 = 0;
// CHECK-NEXT: long long __orbis_pv1 = 0;
// CHECK: if (__orbis_stage == 0) {
// CHECK-NEXT: __orbis_pv0 = y + 2;
// CHECK-NEXT: __orbis_stage = 1;
// CHECK: if (__orbis_stage == 1) {
// CHECK-NEXT: if (!(flags[xb] < __orbis_pv0)) {
// CHECK: if (__orbis_stage == 2) {
// CHECK-NEXT: __orbis_pv1 = ((long long)(__orbis_pv0)) * 2LL;
// CHECK: if (__orbis_stage == 3) {
// CHECK-NEXT: if (!(((long long)(flags[xb + 2])) < __orbis_pv1)) {
// CHECK: if (__orbis_stage == 4) {
// CHECK-NEXT: orbis_dev_publish(__orbis_sh.ready, __orbis_q + 1);
// CHECK: } else if (threadIdx.x < __orbis_workers) {
// CHECK: const int need = y + 2;
void local_in_pre_block(int n, double *a) {
  int *flags = NULL;
  #pragma omp parallel for schedule(blocked) map(tofrom: a[0:n * n])
  for (int x = 0; x < n; x++) {
    #pragma omp single
    flags = calloc(n + 2, sizeof(int));
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 0; y < n; y++) {
      const int need = y + 2;
      while (flags[xb] < need) {
      }
      long long twice = need * 2LL;
      while (flags[xb + 2] < twice) {
      }
      #pragma omp block
      a[x * n + y] += 1;
      #pragma omp atomic
      flags[xb + 1] += 1;
    }
  }
}

// A pre-block that declares what the leader cannot keep across steps (a
// fixed-size array): one tile ahead, with the statements as written.
// CHECK-LABEL: __global__ void __launch_bounds__(1024) __orbis_kernel4(
// CHECK: if (__orbis_is_leader) {
// CHECK-NOT: __orbis_kpre
// CHECK: orbis_dev_tile_t __orbis_p1 = {0, 0, 0, 0};
// CHECK: int lim[2] = {y, y + 1};
// CHECK: while (flags[xb] < y)
void array_in_pre_block(int n, double *a) {
  int *flags = NULL;
  #pragma omp parallel for schedule(blocked) map(tofrom: a[0:n * n])
  for (int x = 0; x < n; x++) {
    #pragma omp single
    flags = calloc(n + 2, sizeof(int));
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 0; y < n; y++) {
      int lim[2] = {y, y + 1};
      while (flags[xb] < y) {
      }
      #pragma omp block
      a[x * n + y] += 1;
      #pragma omp atomic
      flags[xb + 1] += 1;
    }
  }
}

// Subscripts with the loop variable: p[y] of one tile and p[y + 1] of the
// tile before are the same element when tiles are one iteration wide, so
// the written order.
// CHECK-LABEL: __global__ void __launch_bounds__(1024) __orbis_kernel5(
// CHECK: if (__orbis_is_leader) {
// CHECK-NOT: __orbis_p1
// CHECK-NOT: __orbis_kpre
// CHECK: orbis_dev_publish(__orbis_sh.ready, __orbis_q + 1);
// CHECK-NEXT: orbis_dev_wait_reach(
void loop_variable_subscript(int n, double *a) {
  int *flags = NULL;
  #pragma omp parallel for schedule(blocked) map(tofrom: a[0:n * n])
  for (int x = 0; x < n; x++) {
    #pragma omp single
    flags = calloc(n + 2, sizeof(int));
    #pragma omp for schedule(blocked)
    for (int y = 0; y < n; y++) {
      while (flags[y] < x) {
      }
      #pragma omp block
      a[x * n + y] += 1;
      #pragma omp atomic
      flags[y + 1] += 1;
    }
  }
}

// The same with a pre-block local that changes from tile to tile.
// CHECK-LABEL: __global__ void __launch_bounds__(1024) __orbis_kernel6(
// CHECK: if (__orbis_is_leader) {
// CHECK-NOT: __orbis_p1
// CHECK-NOT: __orbis_kpre
// CHECK: orbis_dev_publish(__orbis_sh.ready, __orbis_q + 1);
// CHECK-NEXT: orbis_dev_wait_reach(
void pre_block_local_subscript(int n, double *a) {
  int *flags = NULL;
  #pragma omp parallel for schedule(blocked) map(tofrom: a[0:n * n])
  for (int x = 0; x < n; x++) {
    #pragma omp single
    flags = calloc(n + 2, sizeof(int));
    #pragma omp for schedule(blocked)
    for (int y = 0; y < n; y++) {
      int b = omp_block_num();
      while (flags[b] < x) {
      }
      #pragma omp block
      a[x * n + y] += 1;
      #pragma omp atomic
      flags[b + 1] += 1;
    }
  }
}

// A spin-wait whose condition has side effects is not tested once more
// with acquire loads (that would run them again): a fence after the loop.
// CHECK-LABEL: __global__ void __launch_bounds__(1024) __orbis_kernel7(
// CHECK: if (__orbis_is_leader) {
// CHECK: while ((spins++ , orbis_dev_poll<cuda::thread_scope_device>(flags[xb]) < y))
// CHECK: orbis_dev_acquire_fence<cuda::thread_scope_device>();
// CHECK-NEXT: orbis_dev_publish(__orbis_sh.ready, __orbis_q + 1);
void side_effect_in_wait(int n, double *a) {
  volatile int *flags = NULL;
  #pragma omp parallel for schedule(blocked) map(tofrom: a[0:n * n])
  for (int x = 0; x < n; x++) {
    #pragma omp single
    flags = calloc(n + 2, sizeof(int));
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 0; y < n; y++) {
      int spins = 0;
      while ((spins++, flags[xb] < y)) {
      }
      #pragma omp block
      a[x * n + y] += spins;
      #pragma omp atomic
      flags[xb + 1] += 1;
    }
  }
}

// A read through a pointer names no element the check can compare with the
// post-block's (here it is the very element the post-block adds to): the
// written order.
// CHECK-LABEL: __global__ void __launch_bounds__(1024) __orbis_kernel8(
// CHECK: if (__orbis_is_leader) {
// CHECK-NOT: __orbis_p1
// CHECK-NOT: __orbis_kpre
// CHECK: orbis_dev_publish(__orbis_sh.ready, __orbis_q + 1);
// CHECK-NEXT: orbis_dev_wait_reach(
void read_through_pointer(int n, double *a) {
  volatile int *flags = NULL;
  #pragma omp parallel for schedule(blocked) map(tofrom: a[0:n * n])
  for (int x = 0; x < n; x++) {
    #pragma omp single
    flags = calloc(n + 2, sizeof(int));
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 0; y < n; y++) {
      volatile int *p = flags + xb + 1;
      while (*p < y) {
      }
      #pragma omp block
      a[x * n + y] += 1;
      #pragma omp atomic
      flags[xb + 1] += 1;
    }
  }
}
