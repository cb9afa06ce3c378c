// A written array read with its loop variables in each other's places
// (`A[x][y]` and `A[y][x]`): iterations (a, b) and (b, a) meet, at a
// distance that points both ways, so tiles reverse one of them (MISMATCH at
// OMP_BLOCK_SIZE=7,5 before this check). An error, also between planes of
// one array; not between two arrays, nor where an outer level's constant
// tile size parts the planes.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error:
enum { N = 20 };
double A[N][N], B[N][N], P[8][N][N];

void transpose(void) {
  #pragma omp parallel for schedule(blocked)
  for (int x = 0; x < N; x++)
    #pragma omp for schedule(blocked)
    for (int y = 0; y < N; y++)
      A[x][y] = 0.5 * A[y][x] + 1.0;
  // CHECK: dependence-swapped-subscripts.c:[[#@LINE-1]]:23: error: tiling can reverse the dependence of 'A[y][x]' on 'A[x][y]': the subscripts name 'x' and 'y' in each other's places, so the distance varies from iteration to iteration and points both ways: write the result to another array [-Worbis-dependence]
  // CHECK: dependence-swapped-subscripts.c:[[#@LINE-6]]:3: note: blocked loop of 'x' is here
}

void planes(void) {
  #pragma omp parallel for schedule(blocked)
  for (int p = 0; p < 8; p++)
    #pragma omp for schedule(blocked)
    for (int x = 0; x < N; x++)
      #pragma omp for schedule(blocked)
      for (int y = 0; y < N; y++)
        P[p][x][y] = 0.5 * P[p][y + 1][x] + 1.0;
  // CHECK: dependence-swapped-subscripts.c:[[#@LINE-1]]:28: error: tiling can reverse the dependence of 'P[p][y + 1][x]' on 'P[p][x][y]': the subscripts name 'x' and 'y' in each other's places
  // CHECK: dependence-swapped-subscripts.c:[[#@LINE-6]]:5: note: blocked loop of 'x' is here
}

void previousPlane(void) {
  #pragma omp parallel for schedule(blocked)
  for (int p = 1; p < 8; p++)
    #pragma omp for schedule(blocked)
    for (int x = 0; x < N; x++)
      #pragma omp for schedule(blocked)
      for (int y = 0; y < N; y++)
        P[p][x][y] = 0.5 * P[p - 1][y][x];
  // CHECK: dependence-swapped-subscripts.c:[[#@LINE-1]]:28: error: tiling can reverse the dependence of 'P[p - 1][y][x]' on 'P[p][x][y]'
  // CHECK: dependence-swapped-subscripts.c:[[#@LINE-6]]:5: note: blocked loop of 'x' is here
}

void legal(void) {
  #pragma omp parallel for schedule(blocked)
  for (int x = 0; x < N; x++)
    #pragma omp for schedule(blocked)
    for (int y = 0; y < N; y++)
      A[x][y] = 0.5 * B[y][x];
  #pragma omp parallel for schedule(blocked, 1)
  for (int p = 1; p < 8; p++)
    #pragma omp for schedule(blocked)
    for (int x = 0; x < N; x++)
      #pragma omp for schedule(blocked)
      for (int y = 0; y < N; y++)
        P[p][x][y] = 0.5 * P[p - 1][y][x];
}
