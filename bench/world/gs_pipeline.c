/// \file
/// Algorithm 2 at library level, for timing: Gauss-Seidel on an R x C grid,
/// T sweeps pipelined across the processes (row x of every sweep lives with
/// process x mod P; a row waits, chunk by chunk, for the row above in the
/// same sweep and reads the row below from the sweep before). The C API
/// only, no extension pragmas: what the runtime costs under load and when
/// processes outnumber cores (issue 9, item 12).
/// Usage: bench-world-gs [ROWS COLS SWEEPS CHUNK] (default 1026 1024 10 64).
/// Rank 0 prints `OK <seconds>` when the result is bit-identical to the
/// sequential sweeps, `MISMATCH` otherwise, and the time of the sequential
/// sweeps.
#include <orbis/world.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CHECK(call)                                                            \
  do {                                                                         \
    orbis_status_t s_ = (call);                                                \
    if (s_ != ORBIS_OK) {                                                      \
      fprintf(stderr, "%s: %s %s\n", #call, orbis_status_string(s_),         \
              orbis_world_error_detail());                                     \
      exit(2);                                                                 \
    }                                                                          \
  } while (0)

static int rows = 1026, cols = 1024, sweeps = 10, chunk = 64;
static int rank, size, rows_per;
static orbis_world_ptr_t grid[1024];

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static double initial(int x, int y) {
  return (x == 0 || y == 0 || x == rows - 1 || y == cols - 1)
             ? 1.0
             : (double)((x * 7 + y * 13) % 101) / 100.0;
}

/// Row x of sweep t, in the allocation of process x % size.
static uint64_t at(int t, int x) {
  return ((uint64_t)t * rows_per + x / size) * cols;
}

int main(int argc, char **argv) {
  if (argc == 5) {
    rows = atoi(argv[1]);
    cols = atoi(argv[2]);
    sweeps = atoi(argv[3]);
    chunk = atoi(argv[4]);
  }
  CHECK(orbis_world_init());
  rank = orbis_world_rank();
  size = orbis_world_size();
  if (size > 1024 || rows < 3 || cols < 3 || sweeps < 1 || chunk < 1) {
    fprintf(stderr, "bench-world-gs: bad arguments\n");
    return 2;
  }
  rows_per = (rows + size - 1) / size;
  orbis_world_ptr_t mine;
  CHECK(orbis_world_malloc((size_t)(sweeps + 1) * rows_per * cols,
                           sizeof(double), &mine));
  CHECK(orbis_world_store(orbis_world_root(rank), 0, &mine));
  for (int p = 0; p < size; p++)
    CHECK(orbis_world_load(orbis_world_root(p), 0, &grid[p]));
  double *up = malloc(cols * sizeof(double)), *old = malloc(cols * sizeof(double));
  double *down = malloc(cols * sizeof(double)), *row = malloc(cols * sizeof(double));
  for (int x = rank; x < rows; x += size) {
    for (int y = 0; y < cols; y++)
      row[y] = initial(x, y);
    CHECK(orbis_world_store_range(mine, at(0, x), cols, row));
    if (x == 0 || x == rows - 1)
      for (int t = 1; t <= sweeps; t++)
        CHECK(orbis_world_store_range(mine, at(t, x), cols, row));
  }
  CHECK(orbis_world_barrier());
  double start = now();
  for (int t = 1; t <= sweeps; t++)
    for (int x = 1 + (rank + size - 1) % size; x < rows - 1; x += size) {
      CHECK(orbis_world_load_range(grid[x % size], at(t - 1, x), cols, old));
      CHECK(orbis_world_load_range(grid[(x + 1) % size], at(t - 1, x + 1),
                                   cols, down));
      row[0] = old[0];
      row[cols - 1] = old[cols - 1];
      CHECK(orbis_world_store(mine, at(t, x), &row[0]));
      for (int y0 = 1; y0 < cols - 1; y0 += chunk) {
        int y1 = y0 + chunk < cols - 1 ? y0 + chunk : cols - 1;
        CHECK(orbis_world_load_range(grid[(x - 1) % size], at(t, x - 1) + y0,
                                     y1 - y0, up + y0));
        for (int y = y0; y < y1; y++)
          row[y] = 0.25 * (up[y] + down[y] + row[y - 1] + old[y + 1]);
        CHECK(orbis_world_store_range(mine, at(t, x) + y0, y1 - y0, row + y0));
      }
      CHECK(orbis_world_store(mine, at(t, x) + cols - 1, &row[cols - 1]));
    }
  CHECK(orbis_world_barrier());
  double elapsed = now() - start;
  if (rank == 0) {
    double *A = malloc((size_t)rows * cols * sizeof(double));
    for (int x = 0; x < rows; x++)
      for (int y = 0; y < cols; y++)
        A[(size_t)x * cols + y] = initial(x, y);
    double seq = now();
    for (int t = 1; t <= sweeps; t++)
      for (int x = 1; x < rows - 1; x++)
        for (int y = 1; y < cols - 1; y++)
          A[(size_t)x * cols + y] =
              0.25 * (A[(size_t)(x - 1) * cols + y] + A[(size_t)(x + 1) * cols + y] +
                      A[(size_t)x * cols + y - 1] + A[(size_t)x * cols + y + 1]);
    seq = now() - seq;
    int same = 1;
    for (int x = 0; x < rows && same; x++) {
      CHECK(orbis_world_load_range(grid[x % size], at(sweeps, x), cols, row));
      same = memcmp(row, A + (size_t)x * cols, cols * sizeof(double)) == 0;
    }
    printf("%s %.4f s (P = %d; sequential %.4f s)\n", same ? "OK" : "MISMATCH",
           elapsed, size, seq);
  }
  CHECK(orbis_world_finalize());
  return 0;
}
