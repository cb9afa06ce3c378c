/// \file
/// Algorithm 2 of the proposal made concrete: Gauss-Seidel sweeps pipelined
/// across the processes of a world (docs/user-guide.md, "world_parallel
/// for"). Sweep t runs on process t mod P; it writes its grid Vs[t] (world
/// memory it allocates) and reads sweep t - 1's grid, written by another
/// process, element by element: a read of an element not written yet waits
/// until it is, so sweep t follows sweep t - 1 row by row. Sweep t is the
/// only reader of Vs[t - 1] and frees it when done, so each process holds a
/// few grids, not T.
///
/// Usage: gauss_seidel_world N T. The process of the last sweep prints `OK`
/// when the result is bit-identical to T sequential sweeps, `MISMATCH`
/// otherwise. Runs alone, under mpirun or srun:
///   orbis-cc -O2 examples/gauss_seidel_world.c -o gauss_seidel_world
///   ./gauss_seidel_world 512 9
///   mpirun -np 3 ./gauss_seidel_world 512 9
///   mpirun -np 4 -x UCX_TLS=tcp,self ./gauss_seidel_world 512 9
///
/// Differences from the paper's listing (a sketch): its indices mix the grid
/// of a sweep with the one before and offset them by one; here Vs[t] is the
/// grid after t sweeps, Vs[0] the initial one, and the boundary is copied
/// from sweep to sweep. The interior is the paper's blocked nest: each
/// tile waits for and copies in what it reads (the rows above and below
/// and the column to its left, from this sweep and the one before) with a
/// few range loads, computes locally, and stores its part with range
/// stores: the staged tiles of docs/lowering.md. ORBIS_WORLD_STAGED=0 runs
/// the same nest on the element path (one libworld call per access).
#include <omp_world.h>
#include <stdio.h>
#include <stdlib.h>

static double initial(int n, int x, int y) {
  return (x == 0 || y == 0 || x == n - 1 || y == n - 1)
             ? 1.0
             : (double)((x * 7 + y * 13) % 101) / 100.0;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s N T\n", argv[0]);
    return 2;
  }
  int N = atoi(argv[1]), T = atoi(argv[2]);
  if (N < 3 || T < 1) {
    fprintf(stderr, "N must be at least 3 and T at least 1\n");
    return 2;
  }
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
      Vs[t][x][N - 1] = Vs[t - 1][x][N - 1];
    }
    // Tiles in a wavefront: a tile's reads of this sweep wait for the tiles
    // above and to the left, its reads of Vs[t - 1] for the sweep before.
    #pragma omp parallel for schedule(blocked)
    for (int x = 1; x < N - 1; x++) {
      #pragma omp for schedule(blocked)
      for (int y = 1; y < N - 1; y++) {
        #pragma omp block
        Vs[t][x][y] = 0.25 * (Vs[t][x - 1][y] + Vs[t - 1][x + 1][y] +
                              Vs[t][x][y - 1] + Vs[t - 1][x][y + 1]);
      }
    }
    omp_world_free(Vs[t - 1]); // sweep t was its only reader
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
