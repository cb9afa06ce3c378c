/// \file
/// A three-level tiled nest on the GPU: 3D Gauss-Seidel (7-point, in
/// place). The x-tiles are pipelined through a progress counter per x-tile
/// that counts finished (y-tile, z-tile) pairs; the innermost pre-block
/// uses the queries of both inner loops. On the GPU the intra-tile copies
/// number the sub-tiles of the inner loops along the whole loop, so the same
/// counting synchronizes a tile's threads. Usage: gauss_seidel_3d nx ny nz T
#include <limits.h>
#include <omp_blocked.h>
#include <stdlib.h>

#include "check.h"

#define AT(x, y, z) G[((size_t)(x) * ny + (y)) * nz + (z)]

static void sweep(int nx, int ny, int nz, double *G) {
  volatile int *done = NULL;
  #pragma omp parallel for schedule(blocked) map(tofrom: G[0:(size_t)nx * ny * nz])
  for (int x = 1; x < nx - 1; x++) {
    #pragma omp single
    {
      done = calloc(omp_num_blocks() + 1, sizeof(int));
      done[0] = INT_MAX;
    }
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 1; y < ny - 1; y++) {
      int yb = omp_block_num();
      #pragma omp for schedule(blocked)
      for (int z = 1; z < nz - 1; z++) {
        int pair = yb * omp_num_blocks() + omp_block_num();
        while (done[xb] < pair + 1) {
        }
        #pragma omp block
        AT(x, y, z) = (AT(x - 1, y, z) + AT(x + 1, y, z) + AT(x, y - 1, z) +
                       AT(x, y + 1, z) + AT(x, y, z - 1) + AT(x, y, z + 1)) /
                          6.5 +
                      0.05 * AT(x, y, z);
        #pragma omp atomic
        done[xb + 1] += 1;
      }
    }
  }
  free((void *)done);
}

static void sweep_plain(int nx, int ny, int nz, double *G) {
  for (int x = 1; x < nx - 1; x++)
    for (int y = 1; y < ny - 1; y++)
      for (int z = 1; z < nz - 1; z++)
        AT(x, y, z) = (AT(x - 1, y, z) + AT(x + 1, y, z) + AT(x, y - 1, z) +
                       AT(x, y + 1, z) + AT(x, y, z - 1) + AT(x, y, z + 1)) /
                          6.5 +
                      0.05 * AT(x, y, z);
}

int main(int argc, char **argv) {
  int nx = argc > 1 ? atoi(argv[1]) : 37, ny = argc > 2 ? atoi(argv[2]) : 41,
      nz = argc > 3 ? atoi(argv[3]) : 45, t = argc > 4 ? atoi(argv[4]) : 2;
  size_t cells = (size_t)nx * ny * nz;
  double *G = malloc(cells * sizeof(double)), *R = malloc(cells * sizeof(double));
  for (size_t c = 0; c < cells; c++)
    G[c] = R[c] = (double)((c * 2654435761u) % 1000) / 999.0;
  for (int s = 0; s < t; s++) {
    sweep(nx, ny, nz, G);
    sweep_plain(nx, ny, nz, R);
  }
  int rc = check_bytes("gauss_seidel_3d", G, R, cells * sizeof(double),
                       sizeof(double));
  free(G);
  free(R);
  return rc;
}
