/// \file
/// GS2D-W, variant `orbis-world` (design/BENCHMARKS.md): Algorithm 2 through
/// orbis-cc, as examples/gauss_seidel_world.c writes it (sweep t on process
/// t mod P, its blocked nest in staged tiles), with the initial grid and the
/// boundary copies written as blocked loops as well (staged), timed. A first world loop
/// joins the world and lines the processes up; the time runs from there to
/// the end of the last sweep, on the process that runs it, which then checks
/// the result against the sequential sweeps (untimed) and prints
///   orbis-world N T P SECONDS GCUPS OK|MISMATCH
/// Usage: bench-gs2d-world N T (under mpirun, or alone).
#include <omp.h>
#include <omp_world.h>
#include <orbis/world.h>
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
  int *ready[1];
  // Joins the world; its end is a barrier.
  #pragma omp world_parallel for world(ready)
  for (int i = 0; i < 1; i++) {
    ready[0] = omp_world_malloc(1);
    ready[0][0] = 1;
  }
  double start = omp_get_wtime();
  double (*Vs[T + 1])[N];
  #pragma omp world_parallel for world(Vs)
  for (int t = 0; t <= T; t++) {
    Vs[t] = omp_world_malloc(N);
    if (t == 0) { // a write-only blocked nest: staged, one store per tile row
      #pragma omp parallel for schedule(blocked)
      for (int x = 0; x < N; x++) {
        #pragma omp for schedule(blocked)
        for (int y = 0; y < N; y++) {
          #pragma omp block
          Vs[0][x][y] = initial(N, x, y);
        }
      }
      continue;
    }
    // The boundary, as blocked loops too (staged: a few range operations
    // per tile instead of one round trip per element over TCP).
    #pragma omp parallel for schedule(blocked)
    for (int y = 0; y < N; y++)
      Vs[t][0][y] = Vs[t - 1][0][y];
    #pragma omp parallel for schedule(blocked)
    for (int y = 0; y < N; y++)
      Vs[t][N - 1][y] = Vs[t - 1][N - 1][y];
    #pragma omp parallel for schedule(blocked)
    for (int x = 1; x < N - 1; x++)
      Vs[t][x][0] = Vs[t - 1][x][0];
    #pragma omp parallel for schedule(blocked)
    for (int x = 1; x < N - 1; x++)
      Vs[t][x][N - 1] = Vs[t - 1][x][N - 1];
    #pragma omp parallel for schedule(blocked)
    for (int x = 1; x < N - 1; x++) {
      #pragma omp for schedule(blocked)
      for (int y = 1; y < N - 1; y++) {
        #pragma omp block
        Vs[t][x][y] = 0.25 * (Vs[t][x - 1][y] + Vs[t - 1][x + 1][y] +
                              Vs[t][x][y - 1] + Vs[t - 1][x][y + 1]);
      }
    }
    omp_world_free(Vs[t - 1]);
    if (t == T) {
      double seconds = omp_get_wtime() - start;
      double(*A)[N] = malloc(sizeof(double[N][N]));
      double *row = malloc(sizeof(double[N]));
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
      printf("orbis-world %d %d %d %.6f %.4f %s\n", N, T, orbis_world_size(),
             seconds, (double)(N - 2) * (N - 2) * T / seconds * 1e-9,
             same ? "OK" : "MISMATCH");
      free(row);
      free(A);
    }
  }
  return 0;
}
