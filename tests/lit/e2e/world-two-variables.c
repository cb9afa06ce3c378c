// Two world pointers in one nest: V, written by the nest and read above and
// to the left (a wavefront within one array, which world memory allows:
// every element is written once), and C, a grid of coefficients written
// before the nest. Two world variables never name the same memory (a world
// pointer only ever gets a fresh omp_world_malloc), so the nest's rows run
// in lockstep with their values in registers, where two ordinary pointers
// would keep the plain order. Bit-identical to the sequential loop (OK),
// staged and on the element path, alone and across processes.
// RUN: %orbis-cc -O2 %s -o %t
// RUN: %orbis-cc --emit-lowered %s | grep -v '// LOWERED' | FileCheck --check-prefix=LOWERED %s
// RUN: %orbis-cc --print-model %s | FileCheck --check-prefix=MODEL %s
// RUN: env OMP_NUM_THREADS=3 timeout -s KILL 60 %t 45 | FileCheck %s
// RUN: %mpirun -np 3 -x UCX_TLS=shm,self -x OMP_NUM_THREADS=2 -x OMP_BLOCK_SIZE=8,12 %t 61 | FileCheck %s
// RUN: %mpirun -np 2 -x UCX_TLS=tcp,self %t 40 | FileCheck %s
// RUN: env ORBIS_WORLD_STAGED=0 OMP_NUM_THREADS=2 timeout -s KILL 60 %t 33 | FileCheck %s
// CHECK: {{^OK$}}
// MODEL: intra-tile schedule: rows in lockstep, lag 1 (distances (0, 1) (1, 0))
// LOWERED-NOT: may be the same memory
// LOWERED: tile order: 6 rows 2 columns apart, rows in lockstep, lag 1 (distances (0, 1) (1, 0)), 2 reads from registers
// LOWERED-NOT: may be the same memory
#include <omp_world.h>
#include <stdio.h>
#include <stdlib.h>

static double coefficient(int x, int y) { return ((x * 7 + y * 13) % 101) / 100.0; }

int main(int argc, char **argv) {
  int N = atoi(argv[1]);
  double (*V)[N], (*C)[N];
  #pragma omp world_parallel for world(V, C)
  for (int i = 0; i < 3; i++) {
    if (i == 0) {
      V = omp_world_malloc(N);
      C = omp_world_malloc(N);
      for (int x = 0; x < N; x++)
        for (int y = 0; y < N; y++)
          C[x][y] = coefficient(x, y);
      for (int k = 0; k < N; k++) {
        V[0][k] = k / 8.0;
        if (k > 0)
          V[k][0] = k / 16.0;
      }
    }
    if (i == 1) {
      #pragma omp parallel for schedule(blocked)
      for (int x = 1; x < N; x++)
        #pragma omp for schedule(blocked)
        for (int y = 1; y < N; y++)
          V[x][y] = C[x][y] + 0.5 * (V[x - 1][y] + V[x][y - 1]);
    }
    if (i == 2) {
      double(*A)[N] = malloc(sizeof(double[N][N]));
      for (int k = 0; k < N; k++) {
        A[0][k] = k / 8.0;
        A[k][0] = k / 16.0;
      }
      A[0][0] = 0;
      for (int x = 1; x < N; x++)
        for (int y = 1; y < N; y++)
          A[x][y] = coefficient(x, y) + 0.5 * (A[x - 1][y] + A[x][y - 1]);
      int same = 1;
      for (int x = 0; x < N; x++)
        for (int y = 0; y < N; y++)
          same &= V[x][y] == A[x][y];
      printf("%s\n", same ? "OK" : "MISMATCH");
      free(A);
    }
  }
  return 0;
}
