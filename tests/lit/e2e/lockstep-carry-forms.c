// Values in registers (docs/lowering.md) across forms of the instruction
// block a user writes: the assignment through a macro (the copy keeps the
// macro calls), a compound assignment and a volatile element (kept in
// memory), two pointers that may be the same array (plain order), integer
// elements with size_t / long long variables and `<=`, a value read twice
// and two columns back. Each bit-identical to its sequential loops, with
// automatic tiles and with tiles that leave short groups and narrow tiles.
//
// RUN: %orbis-cc -O2 %s -o %t
// RUN: env OMP_NUM_THREADS=1 %t | FileCheck --check-prefix=OUT %s
// RUN: env OMP_NUM_THREADS=1 OMP_BLOCK_SIZE=7,9 %t | FileCheck --check-prefix=OUT %s
// RUN: env OMP_NUM_THREADS=1 OMP_BLOCK_SIZE=6,100 %t | FileCheck --check-prefix=OUT %s
// RUN: env OMP_NUM_THREADS=1 OMP_BLOCK_SIZE=1,1 %t | FileCheck --check-prefix=OUT %s
// RUN: env OMP_NUM_THREADS=1 ORBIS_VERBOSE=1 %t 2>&1 >/dev/null | FileCheck %s
// OUT: OK macro
// OUT-NEXT: OK compound
// OUT-NEXT: OK alias
// OUT-NEXT: OK long
// OUT-NEXT: OK volatile
// OUT-NEXT: OK twice-and-two-left
#include <omp_blocked.h>
#include <stdio.h>
#include <string.h>

#define AT(i, j) A[i][j]
#define N 83
static double A[N][N], R[N][N];
static long L[N][N], LR[N][N];
static volatile double V[N][N];
static double VR[N][N];

static void fill(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = R[i][j] = V[i][j] = VR[i][j] = (i * 13 + j * 7) % 17 / 4.0;
      L[i][j] = LR[i][j] = (i * 5 + j) % 9;
    }
}

static void check(const char *s) {
  printf("%s %s\n", memcmp(A, R, sizeof A) ? "MISMATCH" : "OK", s);
}

static void alias(int n, double (*X)[n], double (*Y)[n]) {
  // CHECK-DAG: lockstep-carry-forms.c:[[@LINE+3]]:5 level 1: {{.*}}; in a tile: plain order ('X' and 'Y' may be the same memory){{$}}
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < n; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n; y++)
      X[x][y] = 0.5 * (Y[x - 1][y] + X[x][y - 1]);
}

int main(void) {
  fill();
  // CHECK-DAG: lockstep-carry-forms.c:[[@LINE+3]]:5 level 1: {{.*}}; in a tile: 6 rows 2 columns apart, rows in lockstep, lag 1 (distances (0, 1) (1, 0)), 2 reads from registers{{$}}
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < N - 1; y++)
      AT(x, y) = 0.25 * (AT(x - 1, y) + AT(x + 1, y) + AT(x, y - 1) + AT(x, y + 1));
  for (int x = 1; x < N - 1; x++)
    for (int y = 1; y < N - 1; y++)
      R[x][y] = 0.25 * (R[x - 1][y] + R[x + 1][y] + R[x][y - 1] + R[x][y + 1]);
  check("macro");

  fill();
  // CHECK-DAG: lockstep-carry-forms.c:[[@LINE+3]]:5 level 1: {{.*}}; in a tile: 6 rows 2 columns apart, rows in lockstep, lag 1 (distances (0, 1) (1, 0)){{$}}
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < N; y++)
      A[x][y] += 0.5 * A[x][y - 1] - 0.25 * A[x - 1][y];
  for (int x = 1; x < N; x++)
    for (int y = 1; y < N; y++)
      R[x][y] += 0.5 * R[x][y - 1] - 0.25 * R[x - 1][y];
  check("compound");

  fill();
  alias(N, A, A);
  for (int x = 1; x < N; x++)
    for (int y = 1; y < N; y++)
      R[x][y] = 0.5 * (R[x - 1][y] + R[x][y - 1]);
  check("alias");

  fill();
  // CHECK-DAG: lockstep-carry-forms.c:[[@LINE+3]]:5 level 1: {{.*}}; in a tile: 6 rows 2 columns apart, rows in lockstep, lag 1 (distances (0, 1) (1, 0)), 2 reads from registers{{$}}
  #pragma omp parallel for schedule(blocked)
  for (size_t x = 1; x <= N - 1; x++)
    #pragma omp for schedule(blocked)
    for (long long y = 1; y <= N - 1; y++)
      L[x][y] = (L[x - 1][y] + 3 * L[x][y - 1] + x * y) / 2 + L[x][y] % 3;
  for (size_t x = 1; x <= N - 1; x++)
    for (long long y = 1; y <= N - 1; y++)
      LR[x][y] = (LR[x - 1][y] + 3 * LR[x][y - 1] + x * y) / 2 + LR[x][y] % 3;
  printf("%s long\n", memcmp(L, LR, sizeof L) ? "MISMATCH" : "OK");

  // CHECK-DAG: lockstep-carry-forms.c:[[@LINE+3]]:5 level 1: {{.*}}; in a tile: 6 rows 2 columns apart, rows in lockstep, lag 1 (distances (0, 1) (1, 0)){{$}}
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < N; y++)
      V[x][y] = 0.5 * (V[x - 1][y] + V[x][y - 1]);
  for (int x = 1; x < N; x++)
    for (int y = 1; y < N; y++)
      VR[x][y] = 0.5 * (VR[x - 1][y] + VR[x][y - 1]);
  printf("%s volatile\n", memcmp((const void *)V, VR, sizeof VR) ? "MISMATCH" : "OK");

  fill();
  // CHECK-DAG: lockstep-carry-forms.c:[[@LINE+3]]:5 level 1: {{.*}}; in a tile: 6 rows 2 columns apart, rows in lockstep, lag 0 (distances (0, 1) (0, 2) (1, 1)), 4 reads from registers{{$}}
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N; x++)
    #pragma omp for schedule(blocked)
    for (int y = 2; y < N; y++)
      A[x][y] = A[x][y - 1] * 0.5 + A[x][y - 2] * 0.25 + A[x][y - 1] * 0.125 +
                A[x - 1][y - 1];
  for (int x = 1; x < N; x++)
    for (int y = 2; y < N; y++)
      R[x][y] = R[x][y - 1] * 0.5 + R[x][y - 2] * 0.25 + R[x][y - 1] * 0.125 +
                R[x - 1][y - 1];
  check("twice-and-two-left");
  return 0;
}
