// The dependence check of the tiling (EXTENSIONS 1.10). A 9-point in-place
// stencil reads A[x-1][y+1] (distance (1, -1)) and A[x+1][y-1] (the same
// distance, reversed roles): tiles of more than one row reverse them, an
// error naming the access, the distance and the fix, with a note at the
// loop to change. -Wno-error=orbis-dependence makes it a warning,
// -Wno-orbis-dependence silences it. Legal tilings get nothing under
// -Wall -Werror: the 9-point stencil with one-row tiles, 5-point
// Gauss-Seidel, edit distance, matmul, a loop counting down, a 3-level nest;
// so do accesses the analysis cannot decide on (linearized subscripts),
// and reads of another plane (`P[t - 1]` against `P[t]`).
// RUN: not %orbis-cc -fsyntax-only -Wall -Werror %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: %orbis-cc -fsyntax-only -Wno-error=orbis-dependence %s 2>&1 | FileCheck --check-prefix=WARN %s
// RUN: %orbis-cc -fsyntax-only -Wall -Werror -Wno-orbis-dependence %s 2>&1 | count 0
// As clang's default-error warnings: -Wno-everything silences the check,
// -w (--no-warnings) silences it once it is a warning, and leaves the error.
// RUN: %orbis-cc -fsyntax-only -Wno-everything %s 2>&1 | count 0
// RUN: %orbis-cc -fsyntax-only -w -Wno-error=orbis-dependence %s 2>&1 | count 0
// RUN: %orbis-cc -fsyntax-only --no-warnings -Wno-error=orbis-dependence %s 2>&1 | count 0
// RUN: not %orbis-cc -fsyntax-only -w %s 2>&1 | FileCheck --strict-whitespace %s

void seidel9(int n, double A[n][n]) {
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < n - 1; x++) {
    #pragma omp for schedule(blocked, 16)
    for (int y = 1; y < n - 1; y++) {
      A[x][y] = (A[x - 1][y - 1] + A[x - 1][y] + A[x - 1][y + 1] +
      // CHECK: {{^}}{{.*}}dependence-check.c:[[@LINE-1]]:50: error: tiling can reverse the dependence of 'A[x - 1][y + 1]' on 'A[x][y]' (distance (1, -1) in (x, y)): use a tile size of at most 1 on the loop of 'x', or skew the loops [-Worbis-dependence]{{$}}
      // CHECK-NEXT: {{^ *}}[[@LINE-2]] |       A[x][y] = (A[x - 1][y - 1] + A[x - 1][y] + A[x - 1][y + 1] +{{$}}
      // CHECK-NEXT: {{^ *}}|                                                  ^{{$}}
      // CHECK-NEXT: {{^}}{{.*}}dependence-check.c:[[@LINE-8]]:3: note: blocked loop of 'x' is here{{$}}
      // WARN: {{^}}{{.*}}dependence-check.c:[[@LINE-5]]:50: warning: tiling can reverse the dependence of 'A[x - 1][y + 1]' on 'A[x][y]' (distance (1, -1) in (x, y)): use a tile size of at most 1 on the loop of 'x', or skew the loops [-Worbis-dependence]{{$}}
                 A[x][y - 1] + A[x][y] + A[x][y + 1] +
                 A[x + 1][y - 1] + A[x + 1][y] + A[x + 1][y + 1]) / 9.0;
      // CHECK: {{^}}{{.*}}dependence-check.c:[[@LINE-1]]:18: error: tiling can reverse the dependence of 'A[x + 1][y - 1]' on 'A[x][y]' (distance (1, -1) in (x, y)){{.*}}
      // WARN: {{^}}{{.*}}dependence-check.c:[[@LINE-2]]:18: warning: tiling can reverse the dependence of 'A[x + 1][y - 1]'{{.*}}
    }
  }
}

void three_levels(int n, double A[n][n][n]) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 1; x < n - 1; x++) {
    #pragma omp for schedule(blocked, 4)
    for (int y = 1; y < n - 1; y++) {
      #pragma omp for schedule(blocked, 4)
      for (int z = 1; z < n - 1; z++) {
        #pragma omp block
        A[x][y][z] = A[x][y - 1][z + 1] + A[x - 1][y][z];
        // CHECK: {{^}}{{.*}}dependence-check.c:[[@LINE-1]]:22: error: tiling can reverse the dependence of 'A[x][y - 1][z + 1]' on 'A[x][y][z]' (distance (0, 1, -1) in (x, y, z)): use a tile size of at most 1 on the loop of 'y', or skew the loops [-Worbis-dependence]{{$}}
        // CHECK: {{^}}{{.*}}dependence-check.c:[[@LINE-7]]:5: note: blocked loop of 'y' is here{{$}}
      }
    }
  }
}

void seidel9_rows(int n, double A[n][n]) {
  #pragma omp parallel for schedule(blocked, 1)
  for (int x = 1; x < n - 1; x++) {
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++) {
      A[x][y] = (A[x - 1][y - 1] + A[x - 1][y] + A[x - 1][y + 1] +
                 A[x][y - 1] + A[x][y] + A[x][y + 1] +
                 A[x + 1][y - 1] + A[x + 1][y] + A[x + 1][y + 1]) / 9.0;
    }
  }
}

void gauss_seidel(int n, double A[n][n]) {
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < n - 1; x++) {
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++)
      A[x][y] = 0.25 * (A[x - 1][y] + A[x + 1][y] + A[x][y - 1] + A[x][y + 1]);
  }
}

void edit_distance(int n, int m, int D[n + 1][m + 1], const char *a,
                   const char *b) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 1; i <= n; i++) {
    #pragma omp for schedule(blocked)
    for (int j = 1; j <= m; j++) {
      int best = D[i - 1][j] + 1;
      if (D[i][j - 1] + 1 < best)
        best = D[i][j - 1] + 1;
      if (D[i - 1][j - 1] + (a[i - 1] != b[j - 1]) < best)
        best = D[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
      D[i][j] = best;
    }
  }
}

void matmul(int n, double C[n][n], double A[n][n], double B[n][n]) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    #pragma omp for schedule(blocked)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i][j] += A[i][k] * B[k][j];
  }
}

void counting_down(int n, double A[n][n]) {
  #pragma omp parallel for schedule(blocked)
  for (int x = n - 2; x >= 1; x--) {
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++)
      A[x][y] = A[x + 1][y] + A[x][y - 1];
  }
}

void linearized(int n, double *A) {
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < n - 1; x++) {
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++)
      A[x * n + y] = A[(x - 1) * n + y + 1];
  }
}

// Planes t and t - 1 of one array never meet (t does not change in the
// nest): the diagonal reads of the previous plane are no dependence. The
// same reads of plane t with `t` changed in the nest would be (not
// decidable: no error either, like linearized subscripts).
void planes(int n, int t, double P[3][n][n]) {
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < n - 1; x++) {
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++)
      P[t][x][y] = P[t - 1][x - 1][y + 1] + P[t - 1][x + 1][y - 1] +
                   P[t][x - 1][y - 1];
  }
}

// CHECK-NOT: error:
// CHECK: {{^}}3 errors generated.{{$}}
// WARN: 3 warnings generated.
