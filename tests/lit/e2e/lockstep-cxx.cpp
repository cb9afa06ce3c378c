// Rows in lockstep in C++ (docs/lowering.md): a reference to an array gets
// its values in registers; in a template whose element type is a template
// parameter the assignment's type is not known when the lowering runs, so
// the values stay in memory (the order is the same). Both bit-identical to
// the sequential sweeps (one thread: the tiles run in order, no waits
// needed), with the automatic tiles and with 12 x 20 ones.
//
// RUN: %orbis-cxx -O2 %s -o %t
// RUN: env OMP_NUM_THREADS=1 %t | FileCheck --check-prefix=OUT %s
// RUN: env OMP_NUM_THREADS=1 OMP_BLOCK_SIZE=12,20 %t | FileCheck --check-prefix=OUT %s
// RUN: env OMP_NUM_THREADS=1 ORBIS_VERBOSE=1 %t 2>&1 >/dev/null | FileCheck %s
// OUT: OK reference
// OUT-NEXT: OK template double
// OUT-NEXT: OK template float
#include <omp_blocked.h>
#include <cstdio>
#include <cstring>

enum { N = 70 };

static void gsReference(double (&A)[N][N]) {
  // CHECK-DAG: blocked loop at {{.*}}lockstep-cxx.cpp:[[@LINE+3]]:5 level 1: {{.*}}; in a tile: 6 rows 2 columns apart, rows in lockstep, lag 1 (distances (0, 1) (1, 0)), 2 reads from registers{{$}}
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < N - 1; y++)
      A[x][y] = 0.25 * (A[x - 1][y] + A[x + 1][y] + A[x][y - 1] + A[x][y + 1]);
}

template <typename T> void gsTemplate(T (&A)[N][N]) {
  // CHECK-DAG: blocked loop at {{.*}}lockstep-cxx.cpp:[[@LINE+3]]:5 level 1: {{.*}}; in a tile: 6 rows 2 columns apart, rows in lockstep, lag 1 (distances (0, 1) (1, 0)){{$}}
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < N - 1; y++)
      A[x][y] = T(0.25) * (A[x - 1][y] + A[x + 1][y] + A[x][y - 1] + A[x][y + 1]);
}

template <typename T> void gsPlain(T (&A)[N][N]) {
  for (int x = 1; x < N - 1; x++)
    for (int y = 1; y < N - 1; y++)
      A[x][y] = T(0.25) * (A[x - 1][y] + A[x + 1][y] + A[x][y - 1] + A[x][y + 1]);
}

template <typename T> void fill(T (&A)[N][N], T (&B)[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = B[i][j] = T((i * 7 + j * 3) % 11) / T(3);
}

static double A[N][N], B[N][N];
static float F[N][N], G[N][N];

int main() {
  fill(A, B);
  gsReference(A);
  gsPlain(B);
  std::printf("%s reference\n", std::memcmp(A, B, sizeof A) ? "MISMATCH" : "OK");
  fill(A, B);
  gsTemplate(A);
  gsPlain(B);
  std::printf("%s template double\n", std::memcmp(A, B, sizeof A) ? "MISMATCH" : "OK");
  fill(F, G);
  gsTemplate(F);
  gsPlain(G);
  std::printf("%s template float\n", std::memcmp(F, G, sizeof F) ? "MISMATCH" : "OK");
}
