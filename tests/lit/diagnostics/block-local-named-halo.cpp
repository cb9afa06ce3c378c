// A 'block_local' halo may name constants (issue 7, defect 10): an
// enumerator, a constexpr or const integer variable (global or local,
// declared before the directive), and expressions over them, as '1 + 1'
// already could. The values are checked like literal ones: an access
// beyond the halo is an error naming the resolved halo. A variable that is
// not a constant, and a negative value, are errors at the halo.
// RUN: not %orbis-cxx -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s
#include <omp_blocked.h>

enum { HALO = 1 };
constexpr int R = 2;

void gauss_seidel(int n, double A[64][64], int h) {
  const int local = 1;
  #pragma omp parallel for schedule(blocked, 8) block_local(A, (x, y), HALO)
  for (int x = 1; x < n - 1; x++) {
    #pragma omp for schedule(blocked, 8)
    for (int y = 1; y < n - 1; y++)
      A[x][y] = 0.25 * (A[x - 1][y] + A[x + 1][y] + A[x][y - 1] + A[x][y + 1]);
  }
  #pragma omp parallel for schedule(blocked, 8) block_local(A, (x, y), R - local)
  for (int x = 1; x < n - 1; x++) {
    #pragma omp for schedule(blocked, 8)
    for (int y = 1; y < n - 1; y++)
      A[x][y] = 0.25 * (A[x - 1][y] + A[x + 1][y] + A[x][y - 1] + A[x][y + 1]);
  }
  #pragma omp parallel for schedule(blocked, 8) block_local(A, (x, y), HALO)
  for (int x = 2; x < n - 2; x++) {
    #pragma omp for schedule(blocked, 8)
    for (int y = 2; y < n - 2; y++)
      // CHECK: {{^}}{{.*}}block-local-named-halo.cpp:[[@LINE+1]]:17: error: access 'A[x - 2][y]' reaches 2 beyond the tile, outside the halo 1 of 'block_local'{{$}}
      A[x][y] = A[x - 2][y];
  }
  // CHECK: {{^}}{{.*}}block-local-named-halo.cpp:[[@LINE+1]]:72: error: halo of 'block_local' must be an integer constant{{$}}
  #pragma omp parallel for schedule(blocked, 8) block_local(A, (x, y), h)
  for (int x = 1; x < n - 1; x++) {
    #pragma omp for schedule(blocked, 8)
    for (int y = 1; y < n - 1; y++)
      A[x][y] = A[x - 1][y];
  }
  // CHECK: {{^}}{{.*}}block-local-named-halo.cpp:[[@LINE+1]]:72: error: halo of 'block_local' must be a non-negative integer{{$}}
  #pragma omp parallel for schedule(blocked, 8) block_local(A, (x, y), local - R)
  for (int x = 1; x < n - 1; x++) {
    #pragma omp for schedule(blocked, 8)
    for (int y = 1; y < n - 1; y++)
      A[x][y] = A[x - 1][y];
  }
}
// CHECK-NOT: error:
// CHECK: {{^}}3 errors generated.{{$}}
