// Rows in lockstep over element types and loop forms: int, float and long
// long values pass between rows by shuffles (strict rows), unsigned char
// cannot (rows in lockstep per row only); loops counting down, long long
// and unsigned loop variables; a distance (1, 1) gives lag 0. nvcc must
// accept every kernel.
// RUN: %orbis-cc --offload=cuda -O2 -c %s -o %t.o
// RUN: %orbis-cc --offload=cuda --emit-lowered %s | grep -v '// CHECK' | FileCheck %s
// REQUIRES: cuda
#include <omp_blocked.h>
#include <stdlib.h>
enum { PAD = 16 };
void ints(int n, int (*A)[n]) {
  volatile int *done = NULL;
  #pragma omp parallel for schedule(blocked) map(tofrom: A[0:n])
  for (int x = 1; x < n - 1; x++) {
    #pragma omp single
    { done = calloc((omp_num_blocks() + 1) * PAD, sizeof(int)); done[0] = n; }
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++) {
      while (done[xb * PAD] < omp_block_size()) {}
      #pragma omp block
      A[x][y] = (A[x-1][y] + A[x][y-1]) / 2;
      #pragma omp atomic
      done[(xb + 1) * PAD] += 1;
    }
  }
  free((void *)done);
}
void floats(int n, float (*A)[n]) {
  volatile int *done = NULL;
  #pragma omp parallel for schedule(blocked) map(tofrom: A[0:n])
  for (int x = 1; x < n - 1; x++) {
    #pragma omp single
    { done = calloc((omp_num_blocks() + 1) * PAD, sizeof(int)); done[0] = n; }
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++) {
      while (done[xb * PAD] < omp_block_size()) {}
      #pragma omp block
      A[x][y] = 0.5f * (A[x-1][y] + A[x][y-1]);
      #pragma omp atomic
      done[(xb + 1) * PAD] += 1;
    }
  }
  free((void *)done);
}
void bytes(int n, unsigned char (*A)[n]) {
  volatile int *done = NULL;
  #pragma omp parallel for schedule(blocked) map(tofrom: A[0:n])
  for (int x = 1; x < n - 1; x++) {
    #pragma omp single
    { done = calloc((omp_num_blocks() + 1) * PAD, sizeof(int)); done[0] = n; }
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++) {
      while (done[xb * PAD] < omp_block_size()) {}
      #pragma omp block
      A[x][y] = (unsigned char)(A[x-1][y] + A[x][y-1]);
      #pragma omp atomic
      done[(xb + 1) * PAD] += 1;
    }
  }
  free((void *)done);
}
void down(int n, double (*A)[n]) {
  volatile int *done = NULL;
  #pragma omp parallel for schedule(blocked) map(tofrom: A[0:n])
  for (int x = n - 2; x >= 1; x--) {
    #pragma omp single
    { done = calloc((omp_num_blocks() + 1) * PAD, sizeof(int)); done[0] = n; }
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = n - 2; y > 0; --y) {
      while (done[xb * PAD] < omp_block_size()) {}
      #pragma omp block
      A[x][y] = A[x+1][y] + A[x][y+1];
      #pragma omp atomic
      done[(xb + 1) * PAD] += 1;
    }
  }
  free((void *)done);
}
void longs(int n, long long (*A)[n]) {
  volatile int *done = NULL;
  #pragma omp parallel for schedule(blocked) map(tofrom: A[0:n])
  for (long long x = 1; x < n - 1; x += 1) {
    #pragma omp single
    { done = calloc((omp_num_blocks() + 1) * PAD, sizeof(int)); done[0] = n; }
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (long long y = 1; y < n - 1; ++y) {
      while (done[xb * PAD] < omp_block_size()) {}
      #pragma omp block
      A[x][y] = A[x-1][y-1] + A[x][y-1] * 3;
      #pragma omp atomic
      done[(xb + 1) * PAD] += 1;
    }
  }
  free((void *)done);
}
void unsign(int n, double (*A)[n]) {
  volatile int *done = NULL;
  #pragma omp parallel for schedule(blocked) map(tofrom: A[0:n])
  for (unsigned x = 1; x < (unsigned)n - 1; x++) {
    #pragma omp single
    { done = calloc((omp_num_blocks() + 1) * PAD, sizeof(int)); done[0] = n; }
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (unsigned y = 1; y < (unsigned)n - 1; y++) {
      while (done[xb * PAD] < omp_block_size()) {}
      #pragma omp block
      A[x][y] = A[x-1][y] + A[x][y-1];
      #pragma omp atomic
      done[(xb + 1) * PAD] += 1;
    }
  }
  free((void *)done);
}
// CHECK: // Nest 0 at {{.*}}lockstep-types.c:14:3: intra-tile schedule: rows in lockstep, lag 1 (distances (0, 1) (1, 0)).
// CHECK: int __orbis_f0 = __shfl_up_sync(__orbis_mask, __orbis_h0, 1);
// CHECK: // Nest 1 at {{.*}}lockstep-types.c:32:3: intra-tile schedule: rows in lockstep, lag 1 (distances (0, 1) (1, 0)).
// CHECK: float __orbis_f0 = __shfl_up_sync(__orbis_mask, __orbis_h0, 1);
// CHECK: // Nest 2 at {{.*}}lockstep-types.c:50:3: intra-tile schedule: rows in lockstep, lag 1 (distances (0, 1) (1, 0)).
// CHECK-NOT: Rows in strict lockstep
// CHECK: if (__all_sync(__orbis_mask, __orbis_chunk)) {
// CHECK: // Nest 3 at {{.*}}lockstep-types.c:68:3: intra-tile schedule: rows in lockstep, lag 1 (distances (0, 1) (1, 0)).
// CHECK: Rows in strict lockstep
// CHECK: // Nest 4 at {{.*}}lockstep-types.c:86:3: intra-tile schedule: rows in lockstep, lag 0 (distances (0, 1) (1, 1)).
// CHECK: long long __orbis_f0 = __shfl_up_sync(__orbis_mask, __orbis_h0, 1);
// CHECK: // Nest 5 at {{.*}}lockstep-types.c:104:3: intra-tile schedule: rows in lockstep, lag 1 (distances (0, 1) (1, 0)).
// CHECK: Rows in strict lockstep
