// 'block_local(var, (i, j), halo)' is checked against the nest: the variable
// must be used in it and be an array or a pointer, the listed names must be loop variables of the nest,
// and every access to the variable anywhere in the nest must use one
// subscript per listed variable, each 'loop variable + constant' with the
// constant within the halo. The error is at the clause's variable or index,
// or at the access (naming it). Accesses in any subscript order, written
// 'c + x' or 'x - c', within the halo, are accepted (last function).
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void unknown_variable(int n, double A[64]) {
  // CHECK: {{^}}{{.*}}block-local-check.c:[[@LINE+3]]:58: error: 'B' in 'block_local' is not a variable the blocked nest uses{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked) block_local(B, (x), 1){{$}}
  // CHECK-NEXT: {{^ *}}|                                                          ^{{$}}
  #pragma omp parallel for schedule(blocked) block_local(B, (x), 1)
  for (int x = 1; x < n; x++) A[x] = A[x - 1];
}

// A scalar has no tile to stage (it was accepted without a word).
double s;
void scalar(int n, double A[64]) {
  // CHECK: {{^}}{{.*}}block-local-check.c:[[@LINE+3]]:58: error: 's' in 'block_local' is a scalar of type 'double': block_local stages a tile of an array, or of what a pointer points to{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked) block_local(s, (x), 1){{$}}
  // CHECK-NEXT: {{^ *}}|                                                          ^{{$}}
  #pragma omp parallel for schedule(blocked) block_local(s, (x), 1)
  for (int x = 1; x < n; x++) A[x] = s;
}

void not_a_loop_variable(int n, double A[64]) {
  int z = 0;
  // CHECK: {{^}}{{.*}}block-local-check.c:[[@LINE+3]]:62: error: 'z' in 'block_local' is not a loop variable of the blocked nest{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked) block_local(A, (z), 1){{$}}
  // CHECK-NEXT: {{^ *}}|                                                              ^{{$}}
  #pragma omp parallel for schedule(blocked) block_local(A, (z), 1)
  for (int x = 1; x < n; x++) A[x] = A[x - 1] + z;
}

// A loop variable listed twice: said so (it was "subscript 'y' of 'A' is
// not 'loop variable + constant'", about the loop left out).
void repeated_loop_variable(int n, double A[64][64]) {
  // CHECK: {{^}}{{.*}}block-local-check.c:[[@LINE+3]]:65: error: 'x' appears twice in the loop variables of 'block_local': list each loop of the subscripts once (in any order){{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked) block_local(A, (x, x), 1){{$}}
  // CHECK-NEXT: {{^ *}}|                                                                 ^{{$}}
  #pragma omp parallel for schedule(blocked) block_local(A, (x, x), 1)
  for (int x = 1; x < n; x++) {
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n; y++) {
      #pragma omp block
      A[x][y] = A[x - 1][y];
    }
  }
}

void scaled_subscript(int n, double A[64][64]) {
  #pragma omp parallel for schedule(blocked) block_local(A, (x, y), 1)
  for (int x = 1; x < n; x++) {
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n; y++)
      // CHECK: {{^}}{{.*}}block-local-check.c:[[@LINE+3]]:9: error: subscript '2*x' of 'A' is not 'loop variable + constant' as 'block_local' requires{{$}}
      // CHECK-NEXT: {{^ *}}[[@LINE+2]] |       A[2*x][y] = 0;{{$}}
      // CHECK-NEXT: {{^ *}}|         ^{{$}}
      A[2*x][y] = 0;
  }
}

void constant_subscript(int n, double A[64][64]) {
  #pragma omp parallel for schedule(blocked) block_local(A, (x, y), 1)
  for (int x = 1; x < n; x++) {
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n; y++)
      // CHECK: {{^}}{{.*}}block-local-check.c:[[@LINE+3]]:22: error: subscript '0' of 'A' is not 'loop variable + constant' as 'block_local' requires{{$}}
      // CHECK-NEXT: {{^ *}}[[@LINE+2]] |       A[x][y] = A[x][0];{{$}}
      // CHECK-NEXT: {{^ *}}|                      ^{{$}}
      A[x][y] = A[x][0];
  }
}

void beyond_halo(int n, double A[64][64]) {
  #pragma omp parallel for schedule(blocked) block_local(A, (x, y), 1)
  for (int x = 1; x < n; x++) {
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n; y++)
      // CHECK: {{^}}{{.*}}block-local-check.c:[[@LINE+3]]:17: error: access 'A[x+2][y]' reaches 2 beyond the tile, outside the halo 1 of 'block_local'{{$}}
      // CHECK-NEXT: {{^ *}}[[@LINE+2]] |       A[x][y] = A[x+2][y];{{$}}
      // CHECK-NEXT: {{^ *}}|                 ^{{$}}
      A[x][y] = A[x+2][y];
  }
}

void beyond_halo_below(int n, double A[64][64]) {
  #pragma omp parallel for schedule(blocked) block_local(A, (x, y), 2)
  for (int x = 1; x < n; x++) {
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n; y++) {
      #pragma omp block
      // CHECK: {{^}}{{.*}}block-local-check.c:[[@LINE+3]]:31: error: access 'A[x][y - 3]' reaches 3 beyond the tile, outside the halo 2 of 'block_local'{{$}}
      // CHECK-NEXT: {{^ *}}[[@LINE+2]] |       A[x][y] = A[x][y - 2] + A[x][y - 3];{{$}}
      // CHECK-NEXT: {{^ *}}|                               ^{{$}}
      A[x][y] = A[x][y - 2] + A[x][y - 3];
    }
  }
}

void wrong_rank(int n, double A[64][64]) {
  // CHECK: {{^}}{{.*}}block-local-check.c:[[@LINE+4]]:31: error: 'A[x][0]' is accessed with 2 subscripts but 'block_local' lists 1 loop variables{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (int x = 1; x < n; x++) A[x][0] = 0;{{$}}
  // CHECK-NEXT: {{^ *}}|                               ^{{$}}
  #pragma omp parallel for schedule(blocked) block_local(A, (x), 0)
  for (int x = 1; x < n; x++) A[x][0] = 0;
}

void in_pre_block(int n, double A[64][64], double *B) {
  #pragma omp parallel for schedule(blocked) block_local(A, (x, y), 1)
  for (int x = 1; x < n; x++) {
    // CHECK: {{^}}{{.*}}block-local-check.c:[[@LINE+3]]:17: error: subscript 'n' of 'A' is not 'loop variable + constant' as 'block_local' requires{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+2]] |     B[x] = A[x][n];{{$}}
    // CHECK-NEXT: {{^ *}}|                 ^{{$}}
    B[x] = A[x][n];
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n; y++) {
      #pragma omp block
      A[x][y] = 0;
    }
  }
}

void accepted(int n, double A[64][64]) {
  #pragma omp parallel for schedule(blocked) block_local(A, (x, y), 1)
  for (int x = 1; x < n - 1; x++) {
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++)
      A[y][x] = A[y - 1][1 + x] + A[y + 1][x - 1] + A[(y)][(x)];
  }
}

// CHECK-NOT: error:
// CHECK: {{^}}10 errors generated.{{$}}
