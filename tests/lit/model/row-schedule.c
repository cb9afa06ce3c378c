// The intra-tile schedule the model derives for each nest (RowSchedule.h,
// docs/lowering.md "Rows in lockstep"): rows in lockstep with their lag
// where every dependence of the instruction block is known and the inner
// pre/post-blocks only synchronize; otherwise the copies, with the reason.
// RUN: %orbis-cc --print-model %s | FileCheck %s
#include <omp_blocked.h>
#include <stdlib.h>

enum { PAD = 16 };

// Algorithm 1: distances (1, 0) and (0, 1), lag 1.
void gauss_seidel(int n, double (*A)[n]) {
  static volatile int *done;
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < n - 1; x++) {
    #pragma omp single
    { done = calloc((omp_num_blocks() + 1) * PAD, sizeof(int)); done[0] = n; }
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++) {
      while (done[xb * PAD] < y + omp_block_size() - 1) {}
      #pragma omp block
      A[x][y] = 0.25 * (A[x-1][y] + A[x+1][y] + A[x][y-1] + A[x][y+1]);
      #pragma omp atomic
      done[(xb + 1) * PAD] += omp_block_size();
    }
  }
}
// CHECK-LABEL: nest 0 at row-schedule.c:14:3
// CHECK: intra-tile schedule: rows in lockstep, lag 1 (distances (0, 1) (1, 0))

// No dependence between rows: lag 0. Two distinct arrays cannot overlap.
double In[64][64], Out[64][64];
void copy_rows(void) {
  #pragma omp parallel for schedule(blocked)
  for (int x = 0; x < 64; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < 64; y++)
      Out[x][y] = Out[x][y - 1] + In[x][y];
}
// CHECK-LABEL: nest 1 at row-schedule.c:35:3
// CHECK: intra-tile schedule: rows in lockstep, lag 0 (distances (0, 1))

// A row reading a later column of the row two up: legal with row tiles of
// 2 (the inter-tile waits order it), no lag inside the tile for it.
void far_reads(int n, double (*A)[n]) {
  #pragma omp parallel for schedule(blocked, 2)
  for (int x = 2; x < n; x++)
    #pragma omp for schedule(blocked)
    for (int y = 0; y < n - 1; y++)
      A[x][y] = A[x - 2][y + 1] + A[x - 1][y];
}
// CHECK-LABEL: nest 2 at row-schedule.c:47:3
// CHECK: intra-tile schedule: rows in lockstep, lag 1 (distances (1, 0) (2, -1))

// Two pointers may point into the same memory.
void two_pointers(int n, double (*A)[n], double (*B)[n]) {
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < n; x++)
    #pragma omp for schedule(blocked)
    for (int y = 0; y < n; y++)
      A[x][y] = B[x - 1][y];
}
// CHECK-LABEL: nest 3 at row-schedule.c:58:3
// CHECK: intra-tile schedule: copies of the pre/post-blocks on sub-tiles (no rows in lockstep: 'A' and 'B' may be the same memory)

// A linearized subscript: the distance is unknown.
void linear(int n, double *A) {
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < n; x++)
    #pragma omp for schedule(blocked)
    for (int y = 0; y < n; y++)
      A[x * n + y] = A[(x - 1) * n + y];
}
// CHECK-LABEL: nest 4 at row-schedule.c:69:3
// CHECK: intra-tile schedule: copies of the pre/post-blocks on sub-tiles (no rows in lockstep: the distance from 'A[x * n + y]' to 'A[(x - 1) * n + y]' is unknown (a subscript that is not a loop variable plus a constant))

// A scalar carried from one iteration to the next.
void carried(int n, double (*A)[n]) {
  double sum = 0;
  #pragma omp parallel for schedule(blocked)
  for (int x = 0; x < n; x++)
    #pragma omp for schedule(blocked)
    for (int y = 0; y < n; y++) {
      #pragma omp block
      { sum = sum + A[x][y]; A[x][y] = sum; }
    }
}
// CHECK-LABEL: nest 5 at row-schedule.c:81:3
// CHECK: intra-tile schedule: copies of the pre/post-blocks on sub-tiles (no rows in lockstep: the instruction block assigns 'sum')

double scale(double *p);
// A call the analysis cannot see into; a tile query in the block.
void calls(int n, double (*A)[n]) {
  #pragma omp parallel for schedule(blocked)
  for (int x = 0; x < n; x++)
    #pragma omp for schedule(blocked)
    for (int y = 0; y < n; y++)
      A[x][y] = scale(&A[x][y]);
  #pragma omp parallel for schedule(blocked)
  for (int x = 0; x < n; x++)
    #pragma omp for schedule(blocked)
    for (int y = 0; y < n; y++)
      A[x][y] = omp_block_num();
}
// CHECK-LABEL: nest 6 at row-schedule.c:95:3
// CHECK: intra-tile schedule: copies of the pre/post-blocks on sub-tiles (no rows in lockstep: the instruction block calls 'scale', whose effects the analysis does not follow)
// CHECK-LABEL: nest 7 at row-schedule.c:100:3
// CHECK: intra-tile schedule: copies of the pre/post-blocks on sub-tiles (no rows in lockstep: the instruction block calls omp_block_num(), whose answer depends on the sub-tile)

// Inner pre/post-blocks that do more than synchronize.
void logging(int n, double (*A)[n], int *log) {
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < n; x++) {
    #pragma omp for schedule(blocked)
    for (int y = 0; y < n; y++) {
      #pragma omp block
      A[x][y] = A[x - 1][y];
      log[x] = y;
    }
  }
}
// CHECK-LABEL: nest 8 at row-schedule.c:113:3
// CHECK: intra-tile schedule: copies of the pre/post-blocks on sub-tiles (no rows in lockstep: the pre/post-block of loop 'y' writes 'log[x]')

// Three blocked levels.
void three(int n, double (*A)[n][n]) {
  #pragma omp parallel for schedule(blocked)
  for (int t = 1; t < n; t++)
    #pragma omp for schedule(blocked)
    for (int x = 0; x < n; x++)
      #pragma omp for schedule(blocked)
      for (int y = 0; y < n; y++)
        A[t][x][y] = A[t - 1][x][y];
}
// CHECK-LABEL: nest 9 at row-schedule.c:128:3
// CHECK: intra-tile schedule: copies of the pre/post-blocks on sub-tiles (no rows in lockstep: the nest has 3 blocked levels (rows in lockstep need two))
