// Algorithm 2 on the element path: the sweeps of Gauss-Seidel dealt
// cyclically to the processes of the world, sweep t reading sweep t - 1's
// grid (world memory written by another process) element by element and
// waiting for each until it is written; the process of the last sweep
// compares the result with the sequential sweeps bit for bit and prints OK
// or MISMATCH. Alone, and under mpirun over shared memory and TCP with 2-4
// processes and 8 on 2 cores, with T not a multiple of P.
//
// RUN: %orbis-cc -O2 %s -o %t
// RUN: timeout -s KILL 60 %t 40 5 | FileCheck %s
// RUN: %mpirun -np 2 -x UCX_TLS=shm,self %t 40 5 | FileCheck %s
// RUN: %mpirun -np 3 -x UCX_TLS=shm,self %t 33 7 | FileCheck %s
// RUN: %mpirun -np 4 -x UCX_TLS=tcp,self %t 24 6 | FileCheck %s
// RUN: %mpirun -np 3 -x UCX_TLS=tcp,self %t 17 4 | FileCheck %s
// RUN: %mpirun -np 8 -x UCX_TLS=shm,self %t 20 9 | FileCheck %s
// CHECK: {{^OK$}}
#include <omp_world.h>
#include <stdio.h>
#include <stdlib.h>

static double initial(int n, int x, int y) {
  return (x == 0 || y == 0 || x == n - 1 || y == n - 1)
             ? 1.0
             : (double)((x * 7 + y * 13) % 101) / 100.0;
}

int main(int argc, char **argv) {
  int N = atoi(argv[1]), T = atoi(argv[2]);
  double (*Vs[T + 1])[N]; // the grid of each sweep, in world memory
  #pragma omp world_parallel for world(Vs)
  for (int t = 0; t <= T; t++) {
    Vs[t] = omp_world_malloc(N); // N rows of N doubles, owned here
    if (t == 0) {
      for (int x = 0; x < N; x++)
        for (int y = 0; y < N; y++)
          Vs[0][x][y] = initial(N, x, y);
      continue;
    }
    for (int y = 0; y < N; y++) {
      Vs[t][0][y] = Vs[t - 1][0][y];
      Vs[t][N - 1][y] = Vs[t - 1][N - 1][y];
    }
    for (int x = 1; x < N - 1; x++) {
      Vs[t][x][0] = Vs[t - 1][x][0];
      for (int y = 1; y < N - 1; y++)
        Vs[t][x][y] = 0.25 * (Vs[t][x - 1][y] + Vs[t - 1][x + 1][y] +
                              Vs[t][x][y - 1] + Vs[t - 1][x][y + 1]);
      Vs[t][x][N - 1] = Vs[t - 1][x][N - 1];
    }
    if (t == T) {
      double(*A)[N] = malloc(sizeof(double[N][N]));
      for (int x = 0; x < N; x++)
        for (int y = 0; y < N; y++)
          A[x][y] = initial(N, x, y);
      for (int s = 1; s <= T; s++)
        for (int x = 1; x < N - 1; x++)
          for (int y = 1; y < N - 1; y++)
            A[x][y] = 0.25 * (A[x - 1][y] + A[x + 1][y] + A[x][y - 1] +
                              A[x][y + 1]);
      int same = 1;
      for (int x = 0; x < N; x++)
        for (int y = 0; y < N; y++)
          same = same && Vs[T][x][y] == A[x][y];
      printf("%s\n", same ? "OK" : "MISMATCH");
      free(A);
    }
  }
  return 0;
}
