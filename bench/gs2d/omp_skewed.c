/// \file
/// GS2D's `omp-skewed` variant: the strongest hand-written single-sweep
/// wavefront we know for a CPU, in standard OpenMP. The interior is cut into
/// tiles of R x C cells; the tile rows are dealt to the threads round robin
/// (static, 1), and each walks its tiles left to right once the tile row
/// above has finished the same columns (a progress counter per tile row,
/// C11 acquire/release atomics: plain loads and stores on x86, where
/// OpenMP's `atomic read acquire` calls the runtime's flush). Small tile rows keep the pipeline's fill short
/// and a tile in L2 (bands of N / P rows, as in omp-wavefront, lose 10-25%
/// here). Inside a tile, ROWS rows advance together, each LAG columns
/// behind the row above, so that the chain from each cell to its right
/// neighbour (the bound of a row-by-row sweep) becomes ROWS independent
/// chains that the core overlaps. Each row's last two values stay in
/// registers (the left neighbour of its next cell, and the upper neighbour
/// of the row below). The additions are in the order of gs2d_seq(), so the
/// result is bit-identical.
#include "gs2d.h"

#include <omp.h>
#include <stdatomic.h>
#include <stdlib.h>

/// Rows in lockstep. 6 is the best of 4, 6 and 8 at N = 2048 and 4096: 8 rows
/// a power of two apart fall into one L1 set (docs/benchmarks.md).
/// Each row LAG columns behind the row above: with 2, the value a row takes
/// from above was computed two steps earlier, so the chain of one step
/// holds only the row's own left neighbour (6-10% faster on one core than
/// a lag of 1; docs/benchmarks.md, session 18).
enum { ROWS = 6, LAG = 2 };

typedef struct progress {
  _Alignas(64) atomic_long done; ///< column blocks finished so far, all sweeps
} progress;

static inline int min_int(int a, int b) { return a < b ? a : b; }

static inline void pause(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  __asm__ __volatile__("yield");
#endif
}

/// Step k of ROWS rows from `row` (stride n) over columns [y0, y1): row r
/// updates column k - LAG r. h[r][0] is row r's value of the previous step,
/// h[r][j] that of j + 1 steps ago. From the last row up, so that the rows
/// above still hold the values of the steps before. `checked`: the first
/// and last LAG (ROWS - 1) steps, where some rows are outside the block; a
/// row past its last column goes on keeping its values for the row below.
static inline void step_rows(double *row, int n, int k, int y0, int y1,
                             double h[ROWS][LAG], int checked) {
  for (int r = ROWS - 1; r >= 0; r--) {
    const int y = k - LAG * r;
    if (checked && y < y0)
      continue;
    double v = h[r][0];
    if (!checked || y < y1) {
      double *self = row + (size_t)r * n;
      const double above = r ? h[r - 1][LAG - 1] : self[y - n];
      v = 0.25 * (above + self[y + n] + h[r][0] + self[y + 1]);
      self[y] = v;
    }
    for (int j = LAG - 1; j > 0; j--)
      h[r][j] = h[r][j - 1];
    h[r][0] = v;
  }
}

/// One sweep of ROWS rows from `row` over columns [y0, y1).
static void sweep_rows(double *row, int n, int y0, int y1) {
  double h[ROWS][LAG];
  for (int r = 0; r < ROWS; r++)
    for (int j = 0; j < LAG; j++)
      h[r][j] = row[(size_t)r * n + y0 - 1];
  const int span = LAG * (ROWS - 1);
  const int fill = min_int(y0 + span, y1);
  int k = y0;
  for (; k < fill; k++)
    step_rows(row, n, k, y0, y1, h, 1);
  for (; k < y1; k++)
    step_rows(row, n, k, y0, y1, h, 0);
  for (; k < y1 + span; k++)
    step_rows(row, n, k, y0, y1, h, 1);
}

/// Rows [x0, x1) over columns [y0, y1): groups of ROWS, the rest one by one.
static void sweep_block(double *a, int n, int x0, int x1, int y0, int y1) {
  int x = x0;
  for (; x + ROWS <= x1; x += ROWS)
    sweep_rows(a + (size_t)x * n, n, y0, y1);
  for (; x < x1; x++) {
    double *self = a + (size_t)x * n;
    for (int y = y0; y < y1; y++)
      self[y] = 0.25 * (self[y - n] + self[y + n] + self[y - 1] + self[y + 1]);
  }
}

void gs2d_omp_skewed(int n, double *a, int sweeps, int tile_rows,
                     int tile_cols) {
  const int inner = n - 2;
  const int row_tiles = (inner + tile_rows - 1) / tile_rows;
  const int col_tiles = (inner + tile_cols - 1) / tile_cols;
  // done[i]: tiles finished by tile row i - 1 over all sweeps; done[0]
  // stands for a row above the first that is always finished.
  progress *done = aligned_alloc(64, sizeof(progress) * (row_tiles + 1));
  if (!done)
    abort();
  for (int i = 0; i <= row_tiles; i++)
    atomic_init(&done[i].done, i ? 0 : (long)sweeps * col_tiles);
#pragma omp parallel
  for (int t = 0; t < sweeps; t++) {
#pragma omp for schedule(static, 1)
    for (int ti = 0; ti < row_tiles; ti++) {
      const int x0 = 1 + ti * tile_rows, x1 = min_int(x0 + tile_rows, n - 1);
      for (int tj = 0; tj < col_tiles; tj++) {
        const long need = (long)t * col_tiles + tj + 1;
        while (atomic_load_explicit(&done[ti].done, memory_order_acquire) <
               need)
          pause(); // leaves the core's resources to the thread waited for
        const int y0 = 1 + tj * tile_cols,
                  y1 = min_int(y0 + tile_cols, n - 1);
        sweep_block(a, n, x0, x1, y0, y1);
        atomic_store_explicit(&done[ti + 1].done, need, memory_order_release);
      }
    }
  }
  free(done);
}
