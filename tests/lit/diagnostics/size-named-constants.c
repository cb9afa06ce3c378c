// A size named by a constant (an enumerator, a const integer with a
// constant initializer, arithmetic on them) is a constant: the dependence
// check compares it with the distances, as it does a literal. A 9-point
// stencil (distance (1, -1)) with row tiles of `ROWS` = 1 was refused.
// RUN: %orbis-cc -fsyntax-only %s
// RUN: %orbis-cc --print-model %s | FileCheck --check-prefix=MODEL %s
// RUN: not %orbis-cc -fsyntax-only -DZERO %s 2>&1 | FileCheck --check-prefix=ZERO %s
// RUN: not %orbis-cc -fsyntax-only -DTWO %s 2>&1 | FileCheck --check-prefix=TWO %s
#include <omp_blocked.h>

enum { ROWS = 1, N = 14, M = 16 };
static double A[N][M];

// MODEL: nest 0 at {{.*}}size-named-constants.c:[[@LINE+4]]:3
// MODEL-NEXT: loop 0 'x' int: from 1 while < N - 1, step +1, tile 1{{$}}
// MODEL: loop 0 'x' int: from 1 while < N - 1, step +1, tile 1{{$}}
void nine_point(void) {
  #pragma omp parallel for schedule(blocked, ROWS)
  for (int x = 1; x < N - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < M - 1; y++)
      A[x][y] = (A[x - 1][y - 1] + A[x - 1][y] + A[x - 1][y + 1] + A[x][y - 1] + A[x][y] + A[x][y + 1] + A[x + 1][y - 1] + A[x + 1][y] + A[x + 1][y + 1]) / 9.0;
}

void nine_point_local(void) {
  const int rows = 2 * ROWS - 1;
  #pragma omp parallel for schedule(blocked, rows)
  for (int x = 1; x < N - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < M - 1; y++)
      A[x][y] = (A[x - 1][y + 1] + A[x][y - 1]) / 2.0;
}

#ifdef ZERO
enum { NONE = 0 };
void zero(void) {
  // ZERO: size-named-constants.c:[[@LINE+1]]:46: error: argument to 'schedule(blocked)' must be a positive integer
  #pragma omp parallel for schedule(blocked, NONE)
  for (int x = 1; x < N - 1; x++)
    A[x][0] = 0;
}
#endif
#ifdef TWO
void two(void) {
  // Two rows still reverse the dependence.
  // TWO: size-named-constants.c:[[@LINE+5]]:18: error: tiling can reverse the dependence of 'A[x - 1][y + 1]' on 'A[x][y]'
  #pragma omp parallel for schedule(blocked, ROWS + 1)
  for (int x = 1; x < N - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < M - 1; y++)
      A[x][y] = (A[x - 1][y + 1] + A[x][y - 1]) / 2.0;
}
#endif
