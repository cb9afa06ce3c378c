// A blocked loop in a function called from the instruction block of another
// blocked loop (nested dynamically, not lexically): inside it, orphaned
// queries bind to it; after it returns they bind to the outer loop again.
// Also with nested parallelism active, where the inner loop's tiles run on
// other threads than the outer tile.
//
// RUN: %orbis-cc -O2 %s -o %t
// RUN: env OMP_NUM_THREADS=1 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 OMP_MAX_ACTIVE_LEVELS=2 %t | FileCheck %s
//
// The outer loop: i = 0..5, tile 4 (tiles of 4 and 2, total 6); the inner
// one: k = 0..2, tile 2 (tiles of 2 and 1, total 3).
// CHECK:      i 0: 2 0 2 3 | 2 0 2 3 | 2 1 1 3 | after 2 0 4 6
// CHECK-NEXT: i 1: 2 0 2 3 | 2 0 2 3 | 2 1 1 3 | after 2 0 4 6
// CHECK-NEXT: i 2: 2 0 2 3 | 2 0 2 3 | 2 1 1 3 | after 2 0 4 6
// CHECK-NEXT: i 3: 2 0 2 3 | 2 0 2 3 | 2 1 1 3 | after 2 0 4 6
// CHECK-NEXT: i 4: 2 0 2 3 | 2 0 2 3 | 2 1 1 3 | after 2 1 2 6
// CHECK-NEXT: i 5: 2 0 2 3 | 2 0 2 3 | 2 1 1 3 | after 2 1 2 6
// CHECK-NEXT: outside: 1 0 1 1
#include <omp_blocked.h>
#include <stdio.h>

static int rec[6][3][4], after[6][4];

__attribute__((noinline)) static void query(int *r) {
  r[0] = omp_num_blocks();
  r[1] = omp_block_num();
  r[2] = omp_block_size();
  r[3] = omp_total_size();
}

__attribute__((noinline)) static void helper(int i) {
  #pragma omp parallel for schedule(blocked, 2)
  for (int k = 0; k < 3; k++) {
    #pragma omp block
    query(rec[i][k]);
  }
}

int main(void) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int i = 0; i < 6; i++) {
    #pragma omp block
    {
      helper(i);
      query(after[i]);
    }
  }
  for (int i = 0; i < 6; i++) {
    printf("i %d: ", i);
    for (int k = 0; k < 3; k++)
      printf("%d %d %d %d | ", rec[i][k][0], rec[i][k][1], rec[i][k][2],
             rec[i][k][3]);
    printf("after %d %d %d %d\n", after[i][0], after[i][1], after[i][2],
           after[i][3]);
  }
  int out[4];
  query(out);
  printf("outside: %d %d %d %d\n", out[0], out[1], out[2], out[3]);
  return 0;
}
