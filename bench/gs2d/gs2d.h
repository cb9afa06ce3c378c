/// \file
/// The GS2D benchmark's variants: one in-place 2D 5-point Gauss-Seidel, each
/// in its own file written in one programming model, all computing exactly
/// what gs2d_seq() computes (bit for bit). The driver (main.c) times them.
///
/// Every variant takes an N x N row-major grid `a` of doubles whose border is
/// fixed and runs `sweeps` sweeps over the interior (N-2)^2 cells, updating
///   a[x][y] = 0.25 * (a[x-1][y] + a[x+1][y] + a[x][y-1] + a[x][y+1])
/// in row-major order, with the additions in exactly that order.
#ifndef GS2D_H
#define GS2D_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Tile sizes as the variants report them (rows x columns and the number of
/// tiles in each direction), for the benchmark's table.
typedef struct gs2d_tiles {
  int rows, cols;           ///< nominal tile size in rows and in columns
  int row_tiles, col_tiles; ///< number of tiles in each direction
} gs2d_tiles;

/// The reference: plain loops (seq.c).
void gs2d_seq(int n, double *a, int sweeps);

/// The proposal's Algorithm 1 through orbis-cc (orbis.c). The tile sizes are
/// the runtime's (or OMP_BLOCK_SIZE's); when `chosen` is not null the tile
/// queries' answers are stored there.
void gs2d_orbis(int n, double *a, int sweeps, gs2d_tiles *chosen);

/// Standard OpenMP doacross, `ordered(2)` over tiles of `tile_rows` x
/// `tile_cols` cells (omp_doacross.c).
void gs2d_omp_doacross(int n, double *a, int sweeps, int tile_rows,
                       int tile_cols);

/// Standard OpenMP with per-thread progress counters: each thread owns a
/// contiguous band of rows and walks it in blocks of `tile_cols` columns,
/// waiting for the band above (omp_wavefront.c).
void gs2d_omp_wavefront(int n, double *a, int sweeps, int tile_cols);

/// Standard OpenMP tiles of `tile_rows` x `tile_cols` cells, tile rows
/// dealt round robin and pipelined through progress counters, with the rows
/// of a tile advanced several at a time, each one column behind the row
/// above, their values kept in registers (omp_skewed.c).
void gs2d_omp_skewed(int n, double *a, int sweeps, int tile_rows,
                     int tile_cols);

/// The same stencil out of place (Jacobi), the roofline of this stencil:
/// `sweeps` sweeps alternating between `a` and `scratch` (whose border must
/// equal a's); returns the grid that holds the result (jacobi.c).
double *gs2d_jacobi(int n, double *a, double *scratch, int sweeps);

/// Plain loops of the same Jacobi sweeps, the reference of gs2d_jacobi (seq.c).
double *gs2d_jacobi_seq(int n, double *a, double *scratch, int sweeps);

#ifdef __cplusplus
}
#endif

#endif // GS2D_H
