// Pass-through: the OpenMP 5.1 loop transformations `#pragma omp tile
// sizes(...)` (alone, under `parallel for`, with collapse) and `#pragma omp
// unroll` (full, partial). They are standard constructs, unrelated to
// schedule(blocked), and must reach clang unchanged.
//
// RUN: %orbis-cc -O2 %s -o %t.orbis
// RUN: %clang-omp -O2 %s -o %t.omp
// RUN: %orbis-cc --emit-lowered %s | diff - %s
// RUN: env OMP_NUM_THREADS=1 %t.omp > %t.ref
// RUN: env OMP_NUM_THREADS=4 %t.omp | diff - %t.ref
// RUN: env OMP_NUM_THREADS=1 %t.orbis | diff - %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.orbis | diff - %t.ref
// RUN: env OMP_NUM_THREADS=4 %t.orbis | diff - %t.ref
// RUN: FileCheck %s < %t.ref
// CHECK: tile order: 0 1 5 6 2 3 7 8 4 9 10 11 15 16 12 13 17 18 14 19
// CHECK: parallel tiled matmul: {{0x[0-9a-f.]+p[+-][0-9]+}}
// CHECK: tile collapse: 1 1 1
// CHECK: unroll: 4950 328350
#include <stdio.h>

#define N 45

static double A[N][N], B[N][N], C[N][N];

int main(void) {
  // A 4x5 iteration space tiled 2x2: the visiting order shows the tiles.
  int order[20], k = 0;
  #pragma omp tile sizes(2, 2)
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 5; j++)
      order[k++] = i * 5 + j;
  printf("tile order:");
  for (int t = 0; t < 20; t++)
    printf(" %d", order[t]);
  printf("\n");

  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (double)((i * 3 + j) % 11) / 7.0;
      B[i][j] = (double)((i + 5 * j) % 13) / 3.0;
    }
  #pragma omp parallel for
  #pragma omp tile sizes(8, 6)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      double s = 0;
      for (int p = 0; p < N; p++)
        s += A[i][p] * B[p][j];
      C[i][j] = s;
    }
  double cs = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      cs += C[i][j] * (i + 1) / (j + 1);
  printf("parallel tiled matmul: %a\n", cs);

  int hit[17][23] = {{0}};
  #pragma omp parallel for collapse(2)
  #pragma omp tile sizes(4, 5)
  for (int i = 0; i < 17; i++)
    for (int j = 0; j < 23; j++)
      hit[i][j]++;
  int ok = 1, mn = 1, mx = 1;
  for (int i = 0; i < 17; i++)
    for (int j = 0; j < 23; j++) {
      ok &= hit[i][j] == 1;
      mn = hit[i][j] < mn ? hit[i][j] : mn;
      mx = hit[i][j] > mx ? hit[i][j] : mx;
    }
  printf("tile collapse: %d %d %d\n", ok, mn, mx);

  long s1 = 0, s2 = 0;
  #pragma omp unroll partial(4)
  for (int i = 0; i < 100; i++)
    s1 += i;
  #pragma omp parallel for reduction(+: s2)
  for (int i = 0; i < 100; i++) {
    #pragma omp unroll full
    for (int r = 0; r < 1; r++)
      s2 += (long)i * i;
  }
  printf("unroll: %ld %ld\n", s1, s2);
  return 0;
}
