// The dependence check reads a subscript's constant however the sum is
// written: `y + 2 - 1`, `1 + y + 0`, `+y + 1`, `y - -1`, a widening cast
// `(long)(y + 1)`. A new user's trial found these compiled in silence and
// tiled into wrong results even on one thread (only `y + c`, `c + y` and
// `y - c` were read). The same forms at legal distances get nothing, and
// a narrowing cast, whose value may wrap, is not analysed (documented).
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --check-prefix=COUNT %s
// COUNT-COUNT-6: error: tiling can reverse
// COUNT-NOT: error:
#define N 64
double A[N][N];

void sum_then_difference(void) {
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < N - 1; y++)
      // CHECK: dependence-subscript-forms.c:[[@LINE+1]]:{{[0-9]+}}: error: tiling can reverse the dependence of 'A[x - 1][y + 2 - 1]' on 'A[x][y]' (distance (1, -1) in (x, y)): use a tile size of at most 1 on the loop of 'x', or skew the loops [-Worbis-dependence]{{$}}
      A[x][y] = A[x - 1][y + 2 - 1];
}

void constant_first(void) {
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < N - 1; y++)
      // CHECK: dependence-subscript-forms.c:[[@LINE+1]]:{{[0-9]+}}: error: tiling can reverse the dependence of 'A[x - 1][1 + y + 0]' on 'A[x][y]' (distance (1, -1) in (x, y)): use a tile size of at most 1 on the loop of 'x', or skew the loops [-Worbis-dependence]{{$}}
      A[x][y] = A[x - 1][1 + y + 0];
}

void unary_plus(void) {
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < N - 1; y++)
      // CHECK: dependence-subscript-forms.c:[[@LINE+1]]:{{[0-9]+}}: error: tiling can reverse the dependence of 'A[x - 1][+y + 1]' on 'A[x][y]' (distance (1, -1) in (x, y)): use a tile size of at most 1 on the loop of 'x', or skew the loops [-Worbis-dependence]{{$}}
      A[x][y] = A[x - 1][+y + 1];
}

void minus_negative(void) {
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < N - 1; y++)
      // CHECK: dependence-subscript-forms.c:[[@LINE+1]]:{{[0-9]+}}: error: tiling can reverse the dependence of 'A[x - 1][y - -1]' on 'A[x][y]' (distance (1, -1) in (x, y)): use a tile size of at most 1 on the loop of 'x', or skew the loops [-Worbis-dependence]{{$}}
      A[x][y] = A[x - 1][y - -1];
}

void widening_casts(void) {
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < N - 1; y++)
      // CHECK: dependence-subscript-forms.c:[[@LINE+1]]:{{[0-9]+}}: error: tiling can reverse the dependence of 'A[(long)(x - 1)][(long)(y + 1)]' on 'A[x][y]' (distance (1, -1) in (x, y)): use a tile size of at most 1 on the loop of 'x', or skew the loops [-Worbis-dependence]{{$}}
      A[x][y] = A[(long)(x - 1)][(long)(y + 1)];
}

void written_with_zero(void) {
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < N - 1; y++)
      // CHECK: dependence-subscript-forms.c:[[@LINE+1]]:{{[0-9]+}}: error: tiling can reverse the dependence of 'A[x - 1][y + 1]' on 'A[x + 0][(y)]' (distance (1, -1) in (x, y)): use a tile size of at most 1 on the loop of 'x', or skew the loops [-Worbis-dependence]{{$}}
      A[x + 0][(y)] = A[x - 1][y + 1];
}

void legal_sum(void) {
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < N - 1; y++)
      A[x][y] = A[x - 1][y + 2 - 2];
}

void legal_mixed(void) {
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < N - 1; y++)
      A[x][y] = A[x + 1 - 2][y - 1 + 0];
}

void legal_double_negation(void) {
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < N - 1; y++)
      A[x][y] = A[-(-x) - 1][y];
}

void narrowing_not_analysed(void) {
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < N - 1; y++)
      A[x][y] = A[x - 1][(unsigned char)(y + 1)];
}
