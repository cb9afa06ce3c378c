// The model is a tree: a 'world_parallel for' loop holds the blocked nests
// inside it (issue 7, "one model for every backend"). The CPU backend
// lowers the nest inside on the element path only (its world subscript is
// not the loop variable plus a constant) and says why in the lowered code.
// RUN: %orbis-cc --print-model %s | FileCheck --match-full-lines %s
// RUN: %orbis-cc --emit-lowered %s | FileCheck --check-prefix=LOWER %s
#include <omp_blocked.h>

void pipeline(int steps, int n, double *A, double *B) {
  #pragma omp world_parallel for world(A)
  for (int t = 0; t < steps; t++) {
    #pragma omp parallel for schedule(blocked, 16)
    for (int i = 0; i < n; i++)
      B[i] = A[t * n + i];
  }
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++)
    B[i] += 1;
}
// CHECK:world loop 0 at world-tree.c:10:3, world(A), nests: 0
// CHECK-NEXT:nest 0 at world-tree.c:12:5 (parallel for, plain tiling, in world loop 0)
// CHECK:nest 1 at world-tree.c:16:3 (parallel for, plain tiling)
// LOWER: /* element path only: subscript 't * n + i' of 'A[t * n + i]' is not 'i' plus a constant */ for (i = __orbis_f0_0;
