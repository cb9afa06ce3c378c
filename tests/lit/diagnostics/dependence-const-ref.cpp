// An element passed to a parameter that is a reference to const
// (`std::max(A[x - 1][y + 1], ...)`) is read where it stands: the check
// knows its distance and reports the reversal. Its address taken instead
// (`peek(&A[x - 1][y + 1])`) reaches an element the subscripts do not name,
// so the check says nothing there (docs/user-guide.md).
// RUN: not %orbis-cxx -fsyntax-only %s 2>&1 | FileCheck %s
#include <omp_blocked.h>
#include <algorithm>

enum { N = 40, M = 45 };
static double A[N][M];
static double peek(const double *p) { return p[1]; }

void const_reference() {
  // CHECK: dependence-const-ref.cpp:[[@LINE+5]]:32: error: tiling can reverse the dependence of 'A[x - 1][y + 1]' on 'A[x][y]' (distance (1, -1) in (x, y))
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < M - 2; y++)
      A[x][y] = 0.5 * std::max(A[x - 1][y + 1], A[x][y - 1]);
}

void address() {
  // CHECK-NOT: dependence-const-ref.cpp:[[@LINE+5]]
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < M - 2; y++)
      A[x][y] = 0.5 * peek(&A[x - 1][y + 1]);
}
// CHECK: 1 error generated.
