// The conversions in the lowering's copies of the user's expressions warn
// nowhere (every warning is off in generated code): a float Gauss-Seidel
// whose rows run in lockstep, with a double constant, warned three more
// times from its registers at the '#pragma omp block' line (columns 2164
// and on), and a 'short' single-writer counter warned from its update past
// the end of the user's line; '-Werror -Wconversion' failed on both. The
// user's own warning stays, once, at its place; a tile query written over
// two lines leaves the rest of its second line at its column; a line
// splice inside a counter's '+=' compiles; `#pragma omp block` followed by
// an `#ifdef` whose first branch is not compiled takes the statement that
// is (the statement after a directive was found before the preprocessor
// was done: "expected a statement after '#pragma omp block'").
// RUN: %orbis-cc -fsyntax-only -Wconversion -Wdouble-promotion %s 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %orbis-cc -O1 -DNO_USER_WARNING -Werror -Wconversion -Wdouble-promotion %s -o %t
// RUN: %clang-seq -O1 -DNO_USER_WARNING %s -o %t.seq
// RUN: %t.seq > %t.ref
// RUN: env OMP_NUM_THREADS=2 %t | diff - %t.ref
#include <omp_blocked.h>
#include <stdio.h>

#define N 61
static float A[N][N];
static volatile short counters[16 * 16];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (float)((i * 7 + j * 3) % 11);
  counters[0] = N;
#pragma omp parallel for schedule(blocked, 8)
  for (int x = 1; x < N - 1; x++) {
    int xb = omp_block_num();
#pragma omp for schedule(blocked, 8)
    for (int y = 1; y < N - 1; y++) {
      while (counters[xb * 16] < y + omp_block_size() - 1) {
      }
#pragma omp block
#ifdef NO_USER_WARNING
      A[x][y] = 0.25f * (A[x - 1][y] + A[x + 1][y] + A[x][y - 1] + A[x][y + 1]);
#else
      A[x][y] = 0.25 * (A[x - 1][y] + A[x + 1][y] + A[x][y - 1] + A[x][y + 1]);
      // CHECK: generated-code-conversions.c:[[@LINE-1]]:22: warning: implicit conversion loses floating-point precision: 'double' to 'float'
      // CHECK: generated-code-conversions.c:[[@LINE-2]]:65: warning: implicit conversion increases floating-point precision: 'float' to 'double'
#endif
#pragma omp atomic
      counters[(xb + 1) * 16] +\
= (short)omp_block_size(
                 ); short unused_here = (short)y;
      (void)unused_here;
    }
  }
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += (double)A[i][j] * (i + 1);
  printf("%.9g\n", s);
  return 0;
}
