// C++ spellings of accumulators in an instruction block keep the plain
// order in a tile (see lockstep-accumulators.c): an element updated inside
// the value, a local reference, a local pointer to a scalar.
// RUN: %orbis-cxx -O1 %s -o %t
// RUN: env OMP_NUM_THREADS=1 ORBIS_VERBOSE=1 %t 2>&1 | FileCheck %s
// CHECK: lockstep-accumulators.cpp:15:{{.*}}; in a tile: plain order (the instruction block writes 'arr[0]', an element other iterations may write too){{$}}
// CHECK: lockstep-accumulators.cpp:21:{{.*}}; in a tile: plain order (the instruction block assigns 'c'){{$}}
// CHECK: lockstep-accumulators.cpp:29:{{.*}}; in a tile: plain order (the instruction block writes '(*p)'){{$}}
#include <cstdio>
enum { N = 12 };
static int A[N][N], arr[2], count;
int main() {
#pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N; x++) {
#pragma omp for schedule(blocked)
    for (int y = 1; y < N; y++)
      A[x][y] = (A[x][y - 1] + A[x - 1][y] + (arr[0] += 1)) % 1000;
  }
#pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N; x++) {
#pragma omp for schedule(blocked)
    for (int y = 1; y < N; y++) {
      int &c = count;
      A[x][y] = (A[x][y - 1] + A[x - 1][y] + c++) % 1000;
    }
  }
#pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N; x++) {
#pragma omp for schedule(blocked)
    for (int y = 1; y < N; y++) {
      int *p = &count;
      A[x][y] = (A[x][y - 1] + A[x - 1][y] + (*p)++) % 1000;
    }
  }
  return A[N - 1][N - 1] < 0;
}
