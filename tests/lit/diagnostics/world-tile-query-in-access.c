// A tile query inside an access of world memory (its stored value, a
// subscript, a slot) is an error at the query with the workaround, not an
// internal "overlapping edits" message without a place; through a variable
// it compiles and runs (a new user's trial).
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: %orbis-cc -DWORKAROUND -O1 %s -o %t && env OMP_NUM_THREADS=2 timeout -s KILL 60 %t | FileCheck --check-prefix=WORKS %s
// WORKS: {{^OK$}}
#include <omp_blocked.h>
#include <omp_world.h>
#include <stdio.h>

int main(void) {
  int *A[1];
  #pragma omp world_parallel for world(A)
  for (int t = 0; t < 1; t++) {
    A[0] = omp_world_malloc(100);
    #pragma omp parallel for schedule(blocked, 8)
    for (int i = 0; i < 100; i++) {
#ifndef WORKAROUND
      // CHECK: world-tile-query-in-access.c:[[@LINE+3]]:17: error: 'omp_block_num' inside an access of world memory is not supported: assign its value to a variable first and use the variable in the access{{$}}
      // CHECK-NEXT: {{^ *}}[[@LINE+2]] |       A[0][i] = omp_block_num() * 1000 + i;{{$}}
      // CHECK-NEXT: {{^ *}}|                 ^{{$}}
      A[0][i] = omp_block_num() * 1000 + i;
#else
      int b = omp_block_num();
      A[0][i] = b * 1000 + i;
#endif
    }
    int ok = 1;
    for (int i = 0; i < 100; i++)
      ok &= A[0][i] == i / 8 * 1000 + i;
    printf("%s\n", ok ? "OK" : "MISMATCH");
  }
  return 0;
}
