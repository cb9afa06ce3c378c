/// \file
/// Wavefront Gauss-Seidel with blocked loops: the proposal's Algorithm 1.
///
/// One 2D 5-point Gauss-Seidel sweep updates the grid in place, so cell (x, y)
/// needs the new values of (x-1, y) and (x, y-1) and the old values of
/// (x+1, y) and (x, y+1). `schedule(blocked)` tiles the row loop into row
/// blocks shared among threads and the column loop into column tiles. A row
/// block may start a column tile once the block above has finished the same
/// columns; it learns that from the block above's progress counter, allocated
/// once by `single`, advanced by a whole tile at a time with `atomic`, and
/// sized and indexed with the tile queries. With the pragmas ignored the
/// queries say "one tile" and the same code is the sequential sweep.
///
/// The program runs T sweeps this way and T sweeps with a plain loop, compares
/// the two grids bit for bit and prints `OK ...` with both speeds in GCUP/s
/// (10^9 cell updates per second), or `MISMATCH ...` and exits with status 1.
///
/// Usage: gauss_seidel [N=4096] [T=4]
#include <omp_blocked.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

/// Progress counters are spaced one cache line apart.
enum { PAD = 64 / sizeof(int) };

/// One sweep, Algorithm 1. Tiles of the row loop are handed out in increasing
/// order, so a block only ever waits on a block that is running or done: this
/// cannot deadlock, whatever the number of threads.
static void sweep_blocked(int n, double (*A)[n]) {
  // counters[b * PAD] = columns finished by row block b - 1 (one cache line
  // per counter, so that spinning on one does not slow down the writers of
  // the others); counters[0] stands for a block above the first one that is
  // always finished.
  volatile int *counters = NULL;
#pragma omp parallel for schedule(blocked) map(tofrom: A[0:n])
  for (int x = 1; x < n - 1; x++) {
    // Pre-block of the row loop: runs once per row block; the single runs
    // once for the whole loop and every block waits until it is done.
#pragma omp single
    {
      counters = calloc((omp_num_blocks() + 1) * PAD, sizeof(int));
      if (!counters)
        abort();
      counters[0] = n;
    }
    int xblock = omp_block_num();
#pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++) {
      // Once per column tile, y = its first column: wait until the row
      // block above has finished this tile's last column (counters count
      // finished columns; columns start at 1).
      while (counters[xblock * PAD] < y + omp_block_size() - 1) {
      }
#pragma omp block
      A[x][y] = 0.25 * (A[x - 1][y] + A[x + 1][y] + A[x][y - 1] + A[x][y + 1]);
      // Once per column tile: one atomic publishes the whole tile.
#pragma omp atomic
      counters[(xblock + 1) * PAD] += omp_block_size();
    }
  }
  free((void *)counters);
}

/// The same sweep as a plain loop: the reference the result must match.
static void sweep_plain(int n, double (*A)[n]) {
  for (int x = 1; x < n - 1; x++)
    for (int y = 1; y < n - 1; y++)
      A[x][y] = 0.25 * (A[x - 1][y] + A[x + 1][y] + A[x][y - 1] + A[x][y + 1]);
}

/// Fixed boundary, deterministic interior: every run computes the same grid.
static void init(int n, double (*A)[n]) {
  for (int x = 0; x < n; x++)
    for (int y = 0; y < n; y++)
      A[x][y] = (x == 0 || y == 0 || x == n - 1 || y == n - 1)
                    ? 1.0
                    : (double)((x * 7 + y * 13) % 101) / 100.0;
}

/// Wall-clock seconds; omp_get_wtime when built as an OpenMP program, so that
/// the file still builds when compiled sequentially (pragmas ignored).
static double now(void) {
#ifdef _OPENMP
  return omp_get_wtime();
#else
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
#endif
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4096;
  int sweeps = argc > 2 ? atoi(argv[2]) : 4;
  if (n < 3 || sweeps < 1) {
    fprintf(stderr, "usage: %s [N>=3 (4096)] [T>=1 (4)]\n", argv[0]);
    return 2;
  }
#ifdef _OPENMP
  int threads = omp_get_max_threads();
#else
  int threads = 1;
#endif

  double(*blocked)[n] = malloc(sizeof(double[n][n]));
  double(*plain)[n] = malloc(sizeof(double[n][n]));
  if (!blocked || !plain) {
    fprintf(stderr, "gauss_seidel: cannot allocate two %dx%d grids\n", n, n);
    return 2;
  }
  init(n, blocked);
  init(n, plain);

  double t0 = now();
  for (int t = 0; t < sweeps; t++)
    sweep_blocked(n, blocked);
  double t1 = now();
  for (int t = 0; t < sweeps; t++)
    sweep_plain(n, plain);
  double t2 = now();

  double cells = (double)(n - 2) * (n - 2) * sweeps;
  int same = memcmp(blocked, plain, sizeof(double[n][n])) == 0;
  printf("%s gauss_seidel N=%d T=%d threads=%d: %.3f GCUP/s (sequential "
         "%.3f GCUP/s)\n",
         same ? "OK" : "MISMATCH", n, sweeps, threads, cells / (t1 - t0) / 1e9,
         cells / (t2 - t1) / 1e9);
  if (!same)
    for (int x = 0; x < n; x++)
      for (int y = 0; y < n; y++)
        if (memcmp(&blocked[x][y], &plain[x][y], sizeof(double)) != 0) {
          printf("first difference at (%d, %d): %.17g instead of %.17g\n", x, y,
                 blocked[x][y], plain[x][y]);
          x = n;
          break;
        }
  free(blocked);
  free(plain);
  return same ? 0 : 1;
}
