// `block_local` reads its subscripts as the dependence check does: a loop
// variable plus constants in any grouping and order, through casts that
// keep every value (`x + 2 - 1`, `(long)(x + 1)` were refused as "not
// 'loop variable + constant'"); the halo still bounds the sum.
// RUN: %orbis-cc -fsyntax-only -Wall -Werror %s
// RUN: not %orbis-cc -fsyntax-only -DOUTSIDE %s 2>&1 | FileCheck %s
double A[40][40], B[40][40];
void f(void) {
#pragma omp parallel for schedule(blocked, 4) block_local(A, (x, y), 1)
  for (int x = 1; x < 39; x++)
#pragma omp for schedule(blocked, 4)
    for (int y = 1; y < 39; y++)
      B[x][y] = A[x + 2 - 1][y] + A[1 + x - 2][(long)(y + 1)] +
                A[x - -1][+y - 1] + A[(x)][y + 0];
}
#ifdef OUTSIDE
void g(void) {
#pragma omp parallel for schedule(blocked, 4) block_local(A, (x, y), 1)
  for (int x = 1; x < 38; x++)
#pragma omp for schedule(blocked, 4)
    for (int y = 1; y < 39; y++)
      // CHECK: block-local-subscript-forms.c:[[@LINE+1]]:17: error: {{.*}}'A[x + 3 - 1][y]'{{.*}}
      B[x][y] = A[x + 3 - 1][y];
}
#endif
