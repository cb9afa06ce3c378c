// Paired warps (docs/lowering.md "Paired warps"): two warps on the same 32
// rows take alternate chunks, so both run the outermost pre- and
// post-blocks of each row. The kernel gets them only where those blocks
// give the same result run twice: `single`s (once per tile anyway) and
// declarations of values computed from constants, loop variables,
// unchanged variables and tile queries. A call, an assignment or a read
// through a pointer keeps one warp per 32 rows (no template, no hand-over).
// nvcc must accept every kernel.
// RUN: %orbis-cc --offload=cuda -O2 -c %s -o %t.o
// RUN: %orbis-cc --offload=cuda --emit-lowered %s | grep -v '// CHECK' | FileCheck %s
// REQUIRES: cuda
#include <omp_blocked.h>
#include <stdlib.h>
enum { PAD = 16 };

// CHECK-LABEL: // ---- device code
// CHECK: // Nest 0 at
// CHECK: template <int __orbis_pairs>
// CHECK-NEXT: __global__ void __launch_bounds__(256) __orbis_kernel0(
// CHECK: orbis_dev_wait_reach(__orbis_sh.hseq[__orbis_warp], (int)(__orbis_s >> 4));
// CHECK-NEXT: __orbis_h0 = __orbis_hand[__orbis_warp][0][__orbis_lane];
// CHECK-NEXT: __orbis_h1 = __orbis_hand[__orbis_warp][1][__orbis_lane];
// CHECK: void (*const kernel)(__orbis_params0) = P.pairs > 1 ? __orbis_kernel0<2> : __orbis_kernel0<1>;
void repeatable(int n, double (*A)[n]) {
  volatile int *done = NULL;
  #pragma omp parallel for schedule(blocked) map(tofrom: A[0:n])
  for (int x = 1; x < n - 1; x++) {
    #pragma omp single
    {
      done = calloc((omp_num_blocks() + 1) * PAD, sizeof(int));
      done[0] = n;
    }
    int xb = omp_block_num();
    const double c = 1.0 / (sizeof(double) - 4);
    #pragma omp for schedule(blocked)
    for (int y = 2; y < n - 2; y++) {
      while (done[xb * PAD] < y + omp_block_size() - 2) {
      }
      #pragma omp block
      A[x][y] = c * (A[x - 1][y] + A[x][y - 2] + A[x][y - 1] + A[x + 1][y]);
      #pragma omp atomic
      done[(xb + 1) * PAD] += omp_block_size();
    }
  }
  free((void *)done);
}

static double weight(int x) { return 1.0 / (x + 1); }

// CHECK: // Nest 1 at
// CHECK-NOT: template <int __orbis_pairs>
// CHECK: __global__ void __launch_bounds__(256) __orbis_kernel1(
// CHECK-NOT: __orbis_hand
// CHECK: void (*const kernel)(__orbis_params1) = __orbis_kernel1;
void with_call(int n, double (*A)[n]) {
  volatile int *done = NULL;
  #pragma omp parallel for schedule(blocked) map(tofrom: A[0:n])
  for (int x = 1; x < n - 1; x++) {
    #pragma omp single
    {
      done = calloc((omp_num_blocks() + 1) * PAD, sizeof(int));
      done[0] = n;
    }
    int xb = omp_block_num();
    double w = weight(x);
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++) {
      while (done[xb * PAD] < y + omp_block_size() - 1) {
      }
      #pragma omp block
      A[x][y] = w * (A[x - 1][y] + A[x][y - 1] + A[x + 1][y]);
      #pragma omp atomic
      done[(xb + 1) * PAD] += omp_block_size();
    }
  }
  free((void *)done);
}

// CHECK: // Nest 2 at
// CHECK-NOT: template <int __orbis_pairs>
// CHECK: __global__ void __launch_bounds__(256) __orbis_kernel2(
// CHECK: void (*const kernel)(__orbis_params2) = __orbis_kernel2;
void with_assignment(int n, double (*A)[n]) {
  volatile int *done = NULL;
  #pragma omp parallel for schedule(blocked) map(tofrom: A[0:n])
  for (int x = 1; x < n - 1; x++) {
    #pragma omp single
    {
      done = calloc((omp_num_blocks() + 1) * PAD, sizeof(int));
      done[0] = n;
    }
    int xb = omp_block_num();
    int k = x;
    k += 1;
    (void)k;
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++) {
      while (done[xb * PAD] < y + omp_block_size() - 1) {
      }
      #pragma omp block
      A[x][y] = 0.5 * (A[x - 1][y] + A[x][y - 1]);
      #pragma omp atomic
      done[(xb + 1) * PAD] += omp_block_size();
    }
  }
  free((void *)done);
}
