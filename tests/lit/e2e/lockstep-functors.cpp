// Calls through a class's operator() in the instruction block are calls
// like the others: a function object that counts its calls has effects, so
// the tile keeps the plain order (rows in lockstep ran the calls out of
// order: MISMATCH with one tile over the grid, where tiling alone keeps
// the order of the calls); one whose operator() only
// computes, `const` and stateless, keeps the rows in lockstep.
// RUN: %orbis-cxx -O1 %s -o %t
// RUN: env OMP_NUM_THREADS=1 ORBIS_VERBOSE=1 OMP_BLOCK_SIZE=100,100 %t 2>&1 | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 OMP_BLOCK_SIZE=100,100 %t | FileCheck --check-prefix=OUT %s
// CHECK: lockstep-functors.cpp:[[#@LINE+30]]:{{.*}} level 1: {{.*}}; in a tile: plain order (the instruction block calls 'f(A[x][y - 1])', whose effects the analysis does not follow){{$}}
// CHECK: lockstep-functors.cpp:[[#@LINE+43]]:{{.*}} level 1: {{.*}}; in a tile: 6 rows 2 columns apart, rows in lockstep, lag 1 (distances (0, 1) (1, 0)), 2 reads from registers{{$}}
// OUT: OK counting
// OUT-NEXT: OK computing
#include <omp_blocked.h>
#include <cstdio>
#include <cstring>

struct Counting {
  long calls = 0;
  double operator()(double a) { return a * 0.5 + double(calls++) * 1e-3; }
};
struct Halving {
  double operator()(double a) const { return a * 0.5; }
};

enum { N = 20, M = 23 };
static double A[N][M], R[N][M];

static void fill() {
  for (int x = 0; x < N; x++)
    for (int y = 0; y < M; y++)
      A[x][y] = R[x][y] = (x * 31 + y * 17) % 23 / 7.0;
}

static void counting() {
  fill();
  Counting f, g;
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < M - 1; y++)
      A[x][y] = f(A[x][y - 1]) + 0.25 * A[x - 1][y];
  for (int x = 1; x < N - 1; x++)
    for (int y = 1; y < M - 1; y++)
      R[x][y] = g(R[x][y - 1]) + 0.25 * R[x - 1][y];
  std::printf("%s counting\n", std::memcmp(A, R, sizeof A) ? "MISMATCH" : "OK");
}

static void computing() {
  fill();
  Halving h;
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < M - 1; y++)
      A[x][y] = h(A[x][y - 1]) + 0.25 * A[x - 1][y];
  for (int x = 1; x < N - 1; x++)
    for (int y = 1; y < M - 1; y++)
      R[x][y] = h(R[x][y - 1]) + 0.25 * R[x - 1][y];
  std::printf("%s computing\n", std::memcmp(A, R, sizeof A) ? "MISMATCH" : "OK");
}

int main() {
  counting();
  computing();
  return 0;
}
