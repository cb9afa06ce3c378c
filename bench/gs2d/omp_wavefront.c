/// \file
/// GS2D's `omp-wavefront` variant: hand-written pipelining with progress
/// counters, as in NPB LU's pipelined SSOR. Each thread owns a contiguous band
/// of rows (static split) and walks it in blocks of C columns; before a block
/// it spins until the band above has finished the same columns, and after it
/// publishes its own progress (OpenMP 5 `atomic` with acquire/release). One
/// parallel region for all sweeps, a barrier between sweeps (a band must not
/// start sweep t+1 while the band below still reads its last row of sweep t).
#include "gs2d.h"

#include <omp.h>
#include <stdlib.h>

/// Progress counters on separate cache lines: a writer must not slow down the
/// spinning readers of its neighbours.
typedef struct progress {
  _Alignas(64) long done; ///< column blocks finished so far, all sweeps
} progress;

static inline int min_int(int a, int b) { return a < b ? a : b; }

void gs2d_omp_wavefront(int n, double *a, int sweeps, int tile_cols) {
  double(*A)[n] = (double(*)[n])a;
  const int inner = n - 2;
  const int col_blocks = (inner + tile_cols - 1) / tile_cols;
  progress *prog = aligned_alloc(64, sizeof(progress) * omp_get_max_threads());
  if (!prog)
    abort();
#pragma omp parallel
  {
    const int p = omp_get_thread_num(), P = omp_get_num_threads();
    const int x0 = 1 + (int)((long)inner * p / P);
    const int x1 = 1 + (int)((long)inner * (p + 1) / P);
    prog[p].done = 0;
#pragma omp barrier
    for (int t = 0; t < sweeps; t++) {
      for (int b = 0; b < col_blocks; b++) {
        // Counters never reset: block b of sweep t is number t*col_blocks+b.
        const long need = (long)t * col_blocks + b + 1;
        if (p > 0) {
          long above;
          do {
#pragma omp atomic read acquire
            above = prog[p - 1].done;
          } while (above < need);
        }
        const int y0 = 1 + b * tile_cols, y1 = min_int(y0 + tile_cols, n - 1);
        for (int x = x0; x < x1; x++)
          for (int y = y0; y < y1; y++)
            A[x][y] =
                0.25 * (A[x - 1][y] + A[x + 1][y] + A[x][y - 1] + A[x][y + 1]);
#pragma omp atomic write release
        prog[p].done = need;
      }
#pragma omp barrier
    }
  }
  free(prog);
}
