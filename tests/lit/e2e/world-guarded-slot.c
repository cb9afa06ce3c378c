// A heat-like stencil in a world loop with the previous step's world
// array read behind guards, `t == 0 ? init : ... U[t - 1][x][y - 1] ...`,
// and borders guarded on all four sides, as a new user writes it: the
// staged tiles' setup fetched the world pointer U[t - 1] even at t = 0 (slot
// -1: "access outside the allocation"); a slot outside the array is now a
// null pointer there and the tile takes the element path. Each step's array
// is freed once consumed. Bit-identical to the sequential steps (OK), alone
// and under mpirun over shm and tcp, several tile shapes.
// RUN: %orbis-cc -O2 %s -o %t
// RUN: env OMP_NUM_THREADS=3 timeout -s KILL 60 %t 61 | FileCheck %s
// RUN: %mpirun -np 3 -x UCX_TLS=shm,self -x OMP_NUM_THREADS=2 -x OMP_BLOCK_SIZE=9,17 %t 53 | FileCheck %s
// RUN: %mpirun -np 2 -x UCX_TLS=tcp,self %t 37 | FileCheck %s
// CHECK: {{^OK$}}
// CHECK-NOT: MISMATCH
#include <omp_world.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 203, T = 7;
  double (*U[8])[n];
  #pragma omp world_parallel for world(U)
  for (int t = 0; t <= T; t++) {
    U[t] = omp_world_malloc(n);
    #pragma omp parallel for schedule(blocked)
    for (int x = 0; x < n; x++)
      #pragma omp for schedule(blocked)
      for (int y = 0; y < n; y++)
        U[t][x][y] = t == 0 ? (x * 31 + y * 7) % 11 :
          0.25 * ((x > 0 ? U[t - 1][x - 1][y] : 0.0) + (x + 1 < n ? U[t - 1][x + 1][y] : 0.0) +
                  (y > 0 ? U[t - 1][x][y - 1] : 0.0) + (y + 1 < n ? U[t - 1][x][y + 1] : 0.0));
    if (t == T) {
      double (*a)[n] = malloc(sizeof(double[n][n])), (*b)[n] = malloc(sizeof(double[n][n]));
      for (int x = 0; x < n; x++) for (int y = 0; y < n; y++) a[x][y] = (x * 31 + y * 7) % 11;
      for (int s = 1; s <= T; s++) {
        for (int x = 0; x < n; x++) for (int y = 0; y < n; y++)
          b[x][y] = 0.25 * ((x > 0 ? a[x - 1][y] : 0.0) + (x + 1 < n ? a[x + 1][y] : 0.0) +
                            (y > 0 ? a[x][y - 1] : 0.0) + (y + 1 < n ? a[x][y + 1] : 0.0));
        double (*c)[n] = a; a = b; b = c;
      }
      int ok = 1;
      for (int x = 0; x < n; x++) for (int y = 0; y < n; y++) ok &= U[t][x][y] == a[x][y];
      printf("%s\n", ok ? "OK" : "MISMATCH");
    }
    if (t >= 2) omp_world_free(U[t - 2]);
  }
  return 0;
}
