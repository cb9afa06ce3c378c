// A lambda called in the instruction block computes only if it keeps no
// state: one that writes what it captured by reference, or a copy it
// keeps as a `mutable` lambda, has effects, so the tile keeps the plain
// order (rows in lockstep ran its calls out of order: MISMATCH with one
// tile over the grid, where tiling alone keeps the order of the calls).
// A lambda that captures nothing, or copies it does not change, keeps the
// rows in lockstep.
// RUN: %orbis-cxx -O1 %s -o %t
// RUN: env OMP_NUM_THREADS=1 ORBIS_VERBOSE=1 OMP_BLOCK_SIZE=100,100 %t 2>&1 | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 OMP_BLOCK_SIZE=100,100 %t | FileCheck --check-prefix=OUT %s
// CHECK: lockstep-lambdas.cpp:[[#@LINE+29]]:{{.*}} level 1: {{.*}}; in a tile: plain order (the instruction block calls 'f(A[x][y - 1])', whose effects the analysis does not follow){{$}}
// CHECK: lockstep-lambdas.cpp:[[#@LINE+44]]:{{.*}} level 1: {{.*}}; in a tile: plain order (the instruction block calls 'f(A[x][y - 1])', whose effects the analysis does not follow){{$}}
// CHECK: lockstep-lambdas.cpp:[[#@LINE+58]]:{{.*}} level 1: {{.*}}; in a tile: 6 rows 2 columns apart, rows in lockstep, lag 1 (distances (0, 1) (1, 0)), 2 reads from registers{{$}}
// OUT: OK by reference
// OUT-NEXT: OK mutable copy
// OUT-NEXT: OK constant copy
#include <omp_blocked.h>
#include <cstdio>
#include <cstring>

enum { N = 20, M = 23 };
static double A[N][M], R[N][M];

static void fill() {
  for (int x = 0; x < N; x++)
    for (int y = 0; y < M; y++)
      A[x][y] = R[x][y] = (x * 31 + y * 17) % 23 / 7.0;
}

static void report(const char *what) {
  std::printf("%s %s\n", std::memcmp(A, R, sizeof A) ? "MISMATCH" : "OK", what);
}

static void byReference() {
  fill();
  double s = 0;
  auto f = [&s](double v) { s = s * 0.5 + v; return s; };
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < M - 1; y++)
      A[x][y] = f(A[x][y - 1]) + 0.25 * A[x - 1][y];
  s = 0;
  for (int x = 1; x < N - 1; x++)
    for (int y = 1; y < M - 1; y++)
      R[x][y] = f(R[x][y - 1]) + 0.25 * R[x - 1][y];
  report("by reference");
}

static void mutableCopy() {
  fill();
  auto g = [s = 0.0](double v) mutable { s = s * 0.5 + v; return s; };
  auto f = g, h = g;
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < M - 1; y++)
      A[x][y] = f(A[x][y - 1]) + 0.25 * A[x - 1][y];
  for (int x = 1; x < N - 1; x++)
    for (int y = 1; y < M - 1; y++)
      R[x][y] = h(R[x][y - 1]) + 0.25 * R[x - 1][y];
  report("mutable copy");
}

static void constantCopy() {
  fill();
  double c = 0.5;
  auto f = [c](double v) { return v * c; };
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < M - 1; y++)
      A[x][y] = f(A[x][y - 1]) + 0.25 * A[x - 1][y];
  for (int x = 1; x < N - 1; x++)
    for (int y = 1; y < M - 1; y++)
      R[x][y] = f(R[x][y - 1]) + 0.25 * R[x - 1][y];
  report("constant copy");
}

int main() {
  byReference();
  mutableCopy();
  constantCopy();
  return 0;
}
