// Staged chunks (docs/lowering.md "Rows in lockstep"): the strict schedule
// stages a chunk's values from before the nest through shared memory only
// when they lie on one diagonal and every forwarded value comes from
// registers (the write-back follows the chunk's steps). A read two
// diagonals apart, or a row's own value 5 columns back (older than the
// 4 steps of history), keeps the per-row loads and stores. nvcc must accept
// every kernel.
// RUN: %orbis-cc --offload=cuda -O2 -c %s -o %t.o
// RUN: %orbis-cc --offload=cuda --emit-lowered %s | grep -v '// CHECK' | FileCheck %s
// REQUIRES: cuda
#include <omp_blocked.h>
#include <stdlib.h>
enum { PAD = 16 };

// CHECK-LABEL: // ---- device code
// One diagonal (A[x + 1][y], A[x][y + 1]): staged.
// CHECK: // Nest 0 at
// CHECK: // Staged chunks
// CHECK: double (*const __orbis_stage)[2][33][17] = reinterpret_cast<double (*)[2][33][17]>(__orbis_arena_mem + __orbis_P.rows_stage);
// CHECK-NOT: // Every row's columns inside the loop: no range checks.
void one_diagonal(int n, double (*A)[n]) {
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
    for (int y = 5; y < n - 2; y++) {
      while (done[xb * PAD] < y + omp_block_size() - 5) {
      }
      #pragma omp block
      A[x][y] = 0.25 * (A[x - 1][y] + A[x + 1][y] + A[x][y - 1] + A[x][y + 1]);
      #pragma omp atomic
      done[(xb + 1) * PAD] += omp_block_size();
    }
  }
  free((void *)done);
}

// Two diagonals (A[x + 1][y] on -1, A[x][y + 2] on -2): per-row loads,
// and the fast branch for chunks inside the loop (no range checks).
// CHECK: // Nest 1 at
// CHECK-NOT: // Staged chunks
// CHECK: const bool __orbis_staged = false;
// CHECK: if (__all_sync(__orbis_mask, __orbis_c0 >= 0LL && __orbis_c0 + (16LL - 1) + 0LL < __orbis_trip)) {
// CHECK-NEXT: // Every row's columns inside the loop: no range checks.
// CHECK-NEXT: // The row's carried values from the other warp's chunk.
// CHECK: const int __orbis_y0 = ((int)((unsigned long long)__orbis_P.lbs[1] + (unsigned long long)(__orbis_c0) * (unsigned long long)(1LL)));
void two_diagonals(int n, double (*A)[n]) {
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
    for (int y = 5; y < n - 2; y++) {
      while (done[xb * PAD] < y + omp_block_size() - 5) {
      }
      #pragma omp block
      A[x][y] = 0.25 * (A[x - 1][y] + A[x + 1][y] + A[x][y - 1] + A[x][y + 2]);
      #pragma omp atomic
      done[(xb + 1) * PAD] += omp_block_size();
    }
  }
  free((void *)done);
}

// A[x][y - 5]: older than the history, read from memory in the step, so the
// stores cannot wait for the chunk's end.
// CHECK: // Nest 2 at
// CHECK-NOT: // Staged chunks
// CHECK: const bool __orbis_staged = false;
void five_back(int n, double (*A)[n]) {
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
    for (int y = 5; y < n - 2; y++) {
      while (done[xb * PAD] < y + omp_block_size() - 5) {
      }
      #pragma omp block
      A[x][y] = 0.25 * (A[x - 1][y] + A[x + 1][y] + A[x][y - 5] + A[x][y + 1]);
      #pragma omp atomic
      done[(xb + 1) * PAD] += omp_block_size();
    }
  }
  free((void *)done);
}
