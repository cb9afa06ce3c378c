/// \file
/// GS2D-W, variant `mpi-hand` (design/BENCHMARKS.md): hand-written MPI
/// pipelined Gauss-Seidel. Rank r owns a block of rows (plus a halo row
/// above and below); each sweep goes through the columns in chunks: a chunk
/// waits for the row above it from rank r - 1 (this sweep) and for the row
/// below from rank r + 1 (its previous sweep), is computed row by row, and
/// its first and last rows go up and down with nonblocking sends. No barrier
/// between sweeps: rank r runs its sweep t as soon as its neighbours allow.
/// Not done (see docs/benchmarks.md): sweeps fused in blocks, several rows
/// advanced together one column apart, threads inside a rank.
/// Prints `mpi-hand N T P SECONDS GCUPS OK|MISMATCH` on rank 0 (the result
/// gathered and compared with the sequential sweeps, untimed).
/// Usage: bench-gs2d-mpi N T [CHUNK (512)]
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double initial(int n, int x, int y) {
  return (x == 0 || y == 0 || x == n - 1 || y == n - 1)
             ? 1.0
             : (double)((x * 7 + y * 13) % 101) / 100.0;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (argc < 3) {
    if (!rank)
      fprintf(stderr, "usage: %s N T [CHUNK]\n", argv[0]);
    MPI_Finalize();
    return 2;
  }
  int n = atoi(argv[1]), sweeps = atoi(argv[2]);
  int chunk = argc > 3 ? atoi(argv[3]) : 512;
  if (n < 3 || sweeps < 1 || chunk < 1 || size > n - 2) {
    if (!rank)
      fprintf(stderr, "bad arguments\n");
    MPI_Finalize();
    return 2;
  }
  // Interior rows 1 .. n-2 split in blocks; rank r owns [first, last).
  int inner = n - 2, first = 1 + (long)inner * rank / size,
      last = 1 + (long)inner * (rank + 1) / size, rows = last - first;
  // Local rows first-1 .. last (halo above and below).
  double *a = malloc(sizeof(double) * (size_t)(rows + 2) * n);
#define A(x, y) a[(size_t)((x) - first + 1) * n + (y)]
  for (int x = first - 1; x <= last; x++)
    for (int y = 0; y < n; y++)
      A(x, y) = initial(n, x, y);
  int chunks = (inner + chunk - 1) / chunk;
  MPI_Request *sends = malloc(sizeof(MPI_Request) * 2 * chunks);
  double *up = malloc(sizeof(double) * n), *down = malloc(sizeof(double) * n);
  MPI_Barrier(MPI_COMM_WORLD);
  double start = MPI_Wtime();
  for (int t = 1; t <= sweeps; t++) {
    int pending = 0;
    for (int c = 0; c < chunks; c++) {
      int y0 = 1 + c * chunk, y1 = y0 + chunk < n - 1 ? y0 + chunk : n - 1;
      int len = y1 - y0;
      // The row above, this sweep; the row below, the previous sweep (the
      // initial values at t = 1).
      if (rank > 0)
        MPI_Recv(&A(first - 1, y0), len, MPI_DOUBLE, rank - 1, 2 * c,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      if (rank < size - 1 && t > 1)
        MPI_Recv(&A(last, y0), len, MPI_DOUBLE, rank + 1, 2 * c + 1,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      for (int x = first; x < last; x++) {
        double *row = &A(x, 0), *above = &A(x - 1, 0), *below = &A(x + 1, 0);
        for (int y = y0; y < y1; y++)
          row[y] = 0.25 * (above[y] + below[y] + row[y - 1] + row[y + 1]);
      }
      // The last row down (the rank below's row above, this sweep); the
      // first row up (the rank above's row below, for its next sweep).
      if (rank < size - 1)
        MPI_Isend(&A(last - 1, y0), len, MPI_DOUBLE, rank + 1, 2 * c,
                  MPI_COMM_WORLD, &sends[pending++]);
      if (rank > 0 && t < sweeps) {
        memcpy(up + y0, &A(first, y0), sizeof(double) * len);
        MPI_Isend(up + y0, len, MPI_DOUBLE, rank - 1, 2 * c + 1,
                  MPI_COMM_WORLD, &sends[pending++]);
      }
    }
    // The buffers are reused next sweep (the halo rows and `up`).
    MPI_Waitall(pending, sends, MPI_STATUSES_IGNORE);
  }
  double seconds = MPI_Wtime() - start, slowest;
  MPI_Reduce(&seconds, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  // Gather and check on rank 0 (untimed).
  double *all = NULL;
  int *counts = NULL, *offsets = NULL;
  if (!rank) {
    all = malloc(sizeof(double) * (size_t)n * n);
    counts = malloc(sizeof(int) * size);
    offsets = malloc(sizeof(int) * size);
    for (int p = 0; p < size; p++) {
      int f = 1 + (long)inner * p / size, l = 1 + (long)inner * (p + 1) / size;
      counts[p] = (l - f) * n;
      offsets[p] = f * n;
    }
  }
  MPI_Gatherv(&A(first, 0), rows * n, MPI_DOUBLE, all, counts, offsets,
              MPI_DOUBLE, 0, MPI_COMM_WORLD);
  if (!rank) {
    double *s = malloc(sizeof(double) * (size_t)n * n);
    for (int x = 0; x < n; x++)
      for (int y = 0; y < n; y++)
        s[(size_t)x * n + y] = initial(n, x, y);
    for (int t = 1; t <= sweeps; t++)
      for (int x = 1; x < n - 1; x++)
        for (int y = 1; y < n - 1; y++)
          s[(size_t)x * n + y] =
              0.25 * (s[(size_t)(x - 1) * n + y] + s[(size_t)(x + 1) * n + y] +
                      s[(size_t)x * n + y - 1] + s[(size_t)x * n + y + 1]);
    int same = 1;
    for (int x = 1; x < n - 1 && same; x++)
      same = !memcmp(all + (size_t)x * n, s + (size_t)x * n, sizeof(double) * n);
    printf("mpi-hand %d %d %d %.6f %.4f %s\n", n, sweeps, size, slowest,
           (double)inner * inner * sweeps / slowest * 1e-9,
           same ? "OK" : "MISMATCH");
    free(s);
  }
  free(all);
  free(counts);
  free(offsets);
  free(a);
  free(sends);
  free(up);
  free(down);
  MPI_Finalize();
  return 0;
}
