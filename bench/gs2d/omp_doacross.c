/// \file
/// GS2D's `omp-doacross` variant: the wavefront said the standard OpenMP way.
/// The interior is cut by hand into tiles of R x C cells; `ordered(2)` over
/// the tile indices with `depend(sink: ti-1, tj) depend(sink: ti, tj-1)` lets
/// tile (ti, tj) start once the tile above and the tile to its left are done,
/// which covers every dependence of the in-place sweep (the new values above
/// and to the left, and the old values below and to the right, which the later
/// tiles only overwrite after this one finished). One parallel loop per sweep.
#include "gs2d.h"

static inline int min_int(int a, int b) { return a < b ? a : b; }

void gs2d_omp_doacross(int n, double *a, int sweeps, int tile_rows,
                       int tile_cols) {
  double(*A)[n] = (double(*)[n])a;
  const int inner = n - 2;
  const int row_tiles = (inner + tile_rows - 1) / tile_rows;
  const int col_tiles = (inner + tile_cols - 1) / tile_cols;
  for (int t = 0; t < sweeps; t++) {
    // Only the tile-row loop is shared (collapse(1)); chunks of one tile row
    // dealt round robin, so consecutive tile rows run on different threads
    // and each trails the one above by one tile.
#pragma omp parallel for ordered(2) schedule(static, 1)
    for (int ti = 0; ti < row_tiles; ti++)
      for (int tj = 0; tj < col_tiles; tj++) {
#pragma omp ordered depend(sink : ti - 1, tj) depend(sink : ti, tj - 1)
        const int x0 = 1 + ti * tile_rows, x1 = min_int(x0 + tile_rows, n - 1);
        const int y0 = 1 + tj * tile_cols, y1 = min_int(y0 + tile_cols, n - 1);
        for (int x = x0; x < x1; x++)
          for (int y = y0; y < y1; y++)
            A[x][y] =
                0.25 * (A[x - 1][y] + A[x + 1][y] + A[x][y - 1] + A[x][y + 1]);
#pragma omp ordered depend(source)
      }
  }
}
