// The model is a tree: a 'world_parallel for' loop holds the blocked nests
// inside it (issue 7, "one model for every backend"). The model is printed
// although the CPU backend cannot lower blocked loops in world loops yet:
// that is the lowering's error, not the analysis'.
// RUN: %orbis-cc --print-model %s | FileCheck --match-full-lines %s
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --check-prefix=LOWER %s
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
// LOWER: world-tree.c:12:5: error: blocked loops inside '#pragma omp world_parallel for' cannot be lowered yet
