// The dependence check counts distances in iterations of each loop's own
// step, whatever way the header writes it: `x -= -1`, `x += -1` on a loop
// counting down, `x = -1 + x`, `y -= -1` are unit steps, and `x += 2`
// halves the distance or parts two accesses (A[x] and A[x - 1] never meet
// when x moves by 2). A new user's trial found the negated forms compiled
// in silence into wrong results even on one thread: every step but a
// literal 1 skipped the check. A step that is not a constant is still not
// analysed (documented).
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --check-prefix=COUNT %s
// COUNT-COUNT-6: error: tiling can reverse
// COUNT-NOT: error:
#define N 64
double A[N][N];

void minus_minus_one(void) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 1; x < N; x -= -1)
    #pragma omp for schedule(blocked)
    for (int y = 0; y < N - 1; y++)
      // CHECK: dependence-steps.c:[[@LINE+1]]:{{[0-9]+}}: error: tiling can reverse the dependence of 'A[x - 1][y + 1]' on 'A[x][y]' (distance (1, -1) in (x, y)): use a tile size of at most 1 on the loop of 'x', or skew the loops [-Worbis-dependence]{{$}}
      A[x][y] = A[x - 1][y + 1] * 0.5 + A[x][y];
}

void plus_minus_one_down(void) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = N - 2; x >= 0; x += -1)
    #pragma omp for schedule(blocked)
    for (int y = 0; y < N - 1; y++)
      // CHECK: dependence-steps.c:[[@LINE+1]]:{{[0-9]+}}: error: tiling can reverse the dependence of 'A[x + 1][y + 1]' on 'A[x][y]' (distance (1, -1) in (x, y)): use a tile size of at most 1 on the loop of 'x', or skew the loops [-Worbis-dependence]{{$}}
      A[x][y] = A[x + 1][y + 1] * 0.5 + A[x][y];
}

void minus_one_plus_down(void) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = N - 2; x >= 0; x = -1 + x)
    #pragma omp for schedule(blocked)
    for (int y = 0; y < N - 1; y++)
      // CHECK: dependence-steps.c:[[@LINE+1]]:{{[0-9]+}}: error: tiling can reverse the dependence of 'A[x + 1][y + 1]' on 'A[x][y]' (distance (1, -1) in (x, y)): use a tile size of at most 1 on the loop of 'x', or skew the loops [-Worbis-dependence]{{$}}
      A[x][y] = A[x + 1][y + 1] * 0.5 + A[x][y];
}

void inner_minus_minus_one(void) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 1; x < N; x++)
    #pragma omp for schedule(blocked)
    for (int y = 0; y < N - 1; y -= -1)
      // CHECK: dependence-steps.c:[[@LINE+1]]:{{[0-9]+}}: error: tiling can reverse the dependence of 'A[x - 1][y + 1]' on 'A[x][y]' (distance (1, -1) in (x, y)): use a tile size of at most 1 on the loop of 'x', or skew the loops [-Worbis-dependence]{{$}}
      A[x][y] = A[x - 1][y + 1] * 0.5 + A[x][y];
}

void step_two(void) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 2; x < N; x += 2)
    #pragma omp for schedule(blocked)
    for (int y = 0; y < N - 1; y++)
      // CHECK: dependence-steps.c:[[@LINE+1]]:{{[0-9]+}}: error: tiling can reverse the dependence of 'A[x - 2][y + 1]' on 'A[x][y]' (distance (1, -1) in (x, y)): use a tile size of at most 1 on the loop of 'x', or skew the loops [-Worbis-dependence]{{$}}
      A[x][y] = A[x - 2][y + 1] * 0.5 + A[x][y];
}

void step_minus_two_down(void) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = N - 5; x >= 0; x -= 2)
    #pragma omp for schedule(blocked)
    for (int y = 0; y < N - 1; y++)
      // CHECK: dependence-steps.c:[[@LINE+1]]:{{[0-9]+}}: error: tiling can reverse the dependence of 'A[x + 4][y + 1]' on 'A[x][y]' (distance (2, -1) in (x, y)): use a tile size of at most 2 on the loop of 'x', or skew the loops [-Worbis-dependence]{{$}}
      A[x][y] = A[x + 4][y + 1] * 0.5 + A[x][y];
}

// Legal: with x moving by 2, A[x - 1] is a row no iteration writes.
void step_two_parts_rows(void) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 2; x < N; x += 2)
    #pragma omp for schedule(blocked)
    for (int y = 0; y < N - 1; y++)
      A[x][y] = A[x - 1][y + 1] * 0.5 + A[x][y];
}

// Not analysed: a step the compiler does not know.
void variable_step(int s) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 2; x < N; x += s)
    #pragma omp for schedule(blocked)
    for (int y = 0; y < N - 1; y++)
      A[x][y] = A[x - 1][y + 1] * 0.5 + A[x][y];
}
