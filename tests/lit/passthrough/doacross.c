// Pass-through: a doacross loop nest, `ordered(2)` with depend(sink: ...) and
// depend(source), computing a 2D wavefront in doubles; plus a 1D `ordered`
// loop (ordered(1) with sink on i-1) and an `ordered` region printing in
// iteration order. The dependences make the results bit-identical to a
// sequential run whatever the schedule.
//
// RUN: %orbis-cc -O2 %s -o %t.orbis
// RUN: %clang-omp -O2 %s -o %t.omp
// RUN: %orbis-cc --emit-lowered %s | diff - %s
// RUN: env OMP_NUM_THREADS=1 %t.omp > %t.ref
// RUN: env OMP_NUM_THREADS=4 %t.omp | diff - %t.ref
// RUN: env OMP_NUM_THREADS=1 %t.orbis | diff - %t.ref
// RUN: env OMP_NUM_THREADS=2 %t.orbis | diff - %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.orbis | diff - %t.ref
// RUN: env OMP_NUM_THREADS=4 %t.orbis | diff - %t.ref
// RUN: FileCheck %s < %t.ref
// CHECK:      ordered: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19
// CHECK-NEXT: scan-like: {{0x[0-9a-f.]+p[+-][0-9]+}}
// CHECK-NEXT: wavefront: {{.*}}
// CHECK-NEXT: same as sequential: 1
#include <stdio.h>
#include <string.h>

#define N 70
#define M 53

static double W[N][M], Wseq[N][M], P[200];

static double f(double up, double left, double diag, int i, int j) {
  return 0.5 * up + 0.3 * left - 0.2 * diag + (double)((i * 31 + j) % 7) / 9.0;
}

int main(void) {
  printf("ordered:");
  #pragma omp parallel for ordered schedule(dynamic, 3)
  for (int i = 0; i < 20; i++) {
    int v = i * 2 / 2;
    #pragma omp ordered
    printf(" %d", v);
  }
  printf("\n");

  P[0] = 1.0;
  #pragma omp parallel for ordered(1) schedule(static, 1)
  for (int i = 1; i < 200; i++) {
    double x = (double)(i % 13) / 11.0;
    #pragma omp ordered depend(sink: i - 1)
    P[i] = P[i - 1] * 0.97 + x;
    #pragma omp ordered depend(source)
  }
  printf("scan-like: %a\n", P[199]);

  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      W[i][j] = Wseq[i][j] = (i == 0 || j == 0) ? 0.01 * (i + 2 * j) : 0.0;
  for (int i = 1; i < N; i++)
    for (int j = 1; j < M; j++)
      Wseq[i][j] = f(Wseq[i - 1][j], Wseq[i][j - 1], Wseq[i - 1][j - 1], i, j);

  #pragma omp parallel for ordered(2) schedule(static, 1)
  for (int i = 1; i < N; i++)
    for (int j = 1; j < M; j++) {
      #pragma omp ordered depend(sink: i - 1, j) depend(sink: i, j - 1)
      W[i][j] = f(W[i - 1][j], W[i][j - 1], W[i - 1][j - 1], i, j);
      #pragma omp ordered depend(source)
    }
  printf("wavefront: %a %a %a\n", W[N - 1][M - 1], W[N / 2][M / 3], W[1][M - 1]);
  printf("same as sequential: %d\n", memcmp(W, Wseq, sizeof W) == 0);
  return 0;
}
