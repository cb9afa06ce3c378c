// A world program of another shape than the suite's Gauss-Seidel, as a new
// user would write it: a 9-point stencil reading this sweep above and to
// the left and the previous sweep (Vs[t - 1]) everywhere else, including
// diagonals that the dependence check must not confuse with this sweep's
// elements (t and t - 1 never meet); unsigned loops with `<=`; a world
// array of 4 subscripts whose plane subscript is invariant in the nest; a
// second nest per sweep; schedule(static, 2); odd sizes and tiles, several
// threads; staged and on the element path. Bit-identical to a sequential
// reference (OK).
// RUN: %orbis-cc -O2 %s -o %t
// RUN: env OMP_NUM_THREADS=5 timeout -s KILL 60 %t 61 5 | FileCheck %s
// RUN: %mpirun -np 3 -x UCX_TLS=shm,self -x OMP_NUM_THREADS=3 -x OMP_BLOCK_SIZE=7,9 %t 61 7 | FileCheck %s
// RUN: %mpirun -np 2 -x UCX_TLS=tcp,self %t 40 4 | FileCheck %s
// RUN: env ORBIS_WORLD_STAGED=0 OMP_NUM_THREADS=2 timeout -s KILL 60 %t 33 3 | FileCheck %s
// CHECK: {{^OK$}}
#include <omp_world.h>
#include <stdio.h>
#include <stdlib.h>
/* 9-point Gauss-Seidel-like sweep, unsigned loops with <=, a 3D-ish world
   array (planes), odd sizes, long elements mixed with double. */
static double init(int x, int y) { return ((x * 31 + y * 17) % 97) / 7.0; }
int main(int argc, char **argv) {
  int N = atoi(argv[1]), T = atoi(argv[2]);
  double (*Vs[T + 1])[2][N];  /* two planes per sweep; plane 1 = plane 0 * 2 */
  #pragma omp world_parallel for world(Vs) schedule(static, 2)
  for (int t = 0; t <= T; t++) {
    Vs[t] = omp_world_malloc(N);
    if (t == 0) {
      for (int x = 0; x < N; x++)
        for (int y = 0; y < N; y++) { Vs[0][x][0][y] = init(x, y); Vs[0][x][1][y] = 2 * init(x, y); }
      continue;
    }
    for (int y = 0; y < N; y++) {
      Vs[t][0][0][y] = Vs[t - 1][0][0][y]; Vs[t][N - 1][0][y] = Vs[t - 1][N - 1][0][y];
    }
    for (int x = 1; x < N - 1; x++) {
      Vs[t][x][0][0] = Vs[t - 1][x][0][0]; Vs[t][x][0][N - 1] = Vs[t - 1][x][0][N - 1];
    }
    #pragma omp parallel for schedule(blocked)
    for (unsigned x = 1; x <= (unsigned)N - 2; x++) {
      #pragma omp for schedule(blocked)
      for (unsigned y = 1; y <= (unsigned)N - 2; y++) {
        #pragma omp block
        Vs[t][x][0][y] = (Vs[t][x - 1][0][y - 1] + Vs[t][x - 1][0][y] + Vs[t - 1][x - 1][0][y + 1] +
                          Vs[t][x][0][y - 1] + Vs[t - 1][x][0][y + 1] +
                          Vs[t - 1][x + 1][0][y - 1] + Vs[t - 1][x + 1][0][y] + Vs[t - 1][x + 1][0][y + 1] +
                          Vs[t - 1][x][1][y]) / 9.0;
      }
    }
    #pragma omp parallel for schedule(blocked)
    for (int x = 0; x < N; x++) {
      #pragma omp for schedule(blocked)
      for (int y = 0; y < N; y++)
        Vs[t][x][1][y] = 2 * Vs[t][x][0][y];
    }
    if (t == T) {
      double (*A)[N] = malloc(sizeof(double[N][N])), (*B)[N] = malloc(sizeof(double[N][N]));
      for (int x = 0; x < N; x++) for (int y = 0; y < N; y++) { A[x][y] = init(x, y); B[x][y] = 2 * init(x, y); }
      double (*O)[N] = malloc(sizeof(double[N][N]));
      for (int s = 1; s <= T; s++) {
        for (int x = 0; x < N; x++) for (int y = 0; y < N; y++) O[x][y] = A[x][y];
        for (int x = 1; x < N - 1; x++)
          for (int y = 1; y < N - 1; y++)
            A[x][y] = (A[x - 1][y - 1] + A[x - 1][y] + O[x - 1][y + 1] + A[x][y - 1] + O[x][y + 1] +
                       O[x + 1][y - 1] + O[x + 1][y] + O[x + 1][y + 1] + B[x][y]) / 9.0;
        for (int x = 0; x < N; x++) for (int y = 0; y < N; y++) B[x][y] = 2 * A[x][y];
      }
      int same = 1;
      for (int x = 0; x < N; x++) for (int y = 0; y < N; y++)
        same &= Vs[T][x][0][y] == A[x][y] && Vs[T][x][1][y] == B[x][y];
      printf("%s\n", same ? "OK" : "MISMATCH");
    }
  }
  return 0;
}
