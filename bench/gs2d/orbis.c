/// \file
/// GS2D's `orbis` variant: the proposal's Algorithm 1, one `parallel for
/// schedule(blocked)` per sweep, through orbis-cc. No tile size is given: the
/// runtime chooses (or OMP_BLOCK_SIZE overrides), and the first tile of each
/// level records what was chosen through the public tile queries.
#include "gs2d.h"

#include <omp_blocked.h>

#include <stdlib.h>

/// Counters one cache line apart: the block that spins on a counter must not
/// slow down the blocks that update their neighbours (as in omp-wavefront).
enum { PAD = 64 / sizeof(int) };

/// One sweep. Row blocks are handed out in increasing order, so a block only
/// waits on a block that is running or finished, whatever the thread count.
static void sweep(int n, double (*A)[n], gs2d_tiles *chosen) {
  // counters[b] = columns finished by row block b - 1; counters[0] stands for
  // a block above the first one that is always finished.
  volatile int *counters = NULL;
#pragma omp parallel for schedule(blocked)
  for (int x = 1; x < n - 1; x++) {
#pragma omp single
    {
      counters = calloc((omp_num_blocks() + 1) * PAD, sizeof(int));
      if (!counters)
        abort();
      counters[0] = n;
    }
    int xblock = omp_block_num();
    // Only the driver's first, untimed run asks for the sizes.
    if (chosen && xblock == 0) {
      chosen->rows = omp_block_size();
      chosen->row_tiles = omp_num_blocks();
    }
#pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++) {
      // y is the column tile's first column: wait until the row block above
      // has finished this tile's last column (counters count finished
      // columns; columns start at 1).
      while (counters[xblock * PAD] < y + omp_block_size() - 1) {
      }
      if (chosen && xblock == 0 && omp_block_num() == 0) {
        chosen->cols = omp_block_size();
        chosen->col_tiles = omp_num_blocks();
      }
#pragma omp block
      A[x][y] = 0.25 * (A[x - 1][y] + A[x + 1][y] + A[x][y - 1] + A[x][y + 1]);
#pragma omp atomic
      counters[(xblock + 1) * PAD] += omp_block_size();
    }
  }
  free((void *)counters);
}

void gs2d_orbis(int n, double *a, int sweeps, gs2d_tiles *chosen) {
  for (int t = 0; t < sweeps; t++)
    sweep(n, (double(*)[n])a, chosen);
}
