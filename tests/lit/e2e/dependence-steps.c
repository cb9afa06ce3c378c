// Nests whose steps are not a literal 1 that the dependence check now
// analyses (tests/lit/diagnostics/dependence-steps.c has the refused
// ones): `x -= -1` and `y = -1 + y` are unit steps, a column reading the
// one the row wrote before (distance (0, 1): the row's tiles run in order
// in one thread); `x += 2` reading the odd rows no iteration writes (the
// accesses never meet); `x += 3` reading its own row's column before and
// the row above, which no iteration writes. Rows do not wait for each
// other (no counters), so no dependence may cross them. Each is
// bit-identical to the sequential program at several tile sizes and
// thread counts.
// RUN: %clang-seq -O2 %s -o %t.seq
// RUN: %orbis-cc -O2 %s -o %t.par
// RUN: %t.seq > %t.ref
// RUN: env OMP_NUM_THREADS=1 %t.par | diff - %t.ref
// RUN: env OMP_NUM_THREADS=3 OMP_BLOCK_SIZE=4,5 %t.par | diff - %t.ref
// RUN: env OMP_NUM_THREADS=2 OMP_BLOCK_SIZE=1,7 %t.par | diff - %t.ref
// RUN: env OMP_NUM_THREADS=4 %t.par | diff - %t.ref
#include <omp_blocked.h>
#include <stdio.h>

#define N 97
static double A[N][N];

static void fill(void) {
  for (int x = 0; x < N; x++)
    for (int y = 0; y < N; y++)
      A[x][y] = (double)((x * 31 + y * 17) % 23) / 7.0;
}

static void print(const char *what) {
  double s = 0, w = 0;
  for (int x = 0; x < N; x++)
    for (int y = 0; y < N; y++) {
      s += A[x][y];
      w += A[x][y] * (x + 1) * (y + 2);
    }
  printf("%s %.17g %.17g\n", what, s, w);
}

int main(void) {
  fill();
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N; x -= -1)
    #pragma omp for schedule(blocked)
    for (int y = N - 2; y >= 0; y = -1 + y)
      A[x][y] = A[x][y + 1] * 0.5 + A[x][y] * 0.25 + 1.0;
  print("unit");

  fill();
  #pragma omp parallel for schedule(blocked)
  for (int x = 2; x < N; x += 2)
    #pragma omp for schedule(blocked)
    for (int y = 0; y < N - 1; y++)
      A[x][y] = A[x - 1][y + 1] * 0.5 + A[x][y];
  print("parted");

  fill();
  #pragma omp parallel for schedule(blocked)
  for (int x = 3; x < N; x += 3)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < N; y++)
      A[x][y] = A[x][y - 1] * 0.5 + A[x - 1][y] * 0.25 + A[x][y];
  print("three");
  return 0;
}
