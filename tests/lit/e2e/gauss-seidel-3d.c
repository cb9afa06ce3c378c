// A three-level tiled nest: 3D Gauss-Seidel (7-point, in place). The x-tiles
// are pipelined: x-tile b runs its (y-tile, z-tile) pairs in lexicographic
// order and publishes how many it has finished; before a pair, x-tile b waits
// until x-tile b-1 has finished the same pair (the innermost pre-block uses
// queries of both inner loops). Bit-identical to the sequential program for
// every size, thread count and tile size (clause, OMP_BLOCK_SIZE with three
// levels, automatic).
//
// Arguments: sweeps n...; each n is an n x (n+1) x (n+2) grid. Output: raw
// bytes of the grid.
//
// RUN: %clang-seq -O2 %s -o %t.seq
// RUN: %orbis-cc -O2 %s -o %t.par
// RUN: %orbis-cc -O2 -DTILES %s -o %t.part
// RUN: %t.seq 2 1 2 3 4 7 17 31 > %t.ref
// RUN: %t.seq 1 64 > %t.ref64
// RUN: env OMP_NUM_THREADS=1 %t.part 2 1 2 3 4 7 17 31 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=2 %t.part 2 1 2 3 4 7 17 31 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.part 2 1 2 3 4 7 17 31 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=4 %t.part 2 1 2 3 4 7 17 31 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.part 1 64 | cmp - %t.ref64
// RUN: env OMP_NUM_THREADS=3 OMP_BLOCK_SIZE=2,3,4 %t.par 2 1 2 3 4 7 17 31 | cmp - %t.ref
// RUN: %t.seq 2 1 2 3 4 7 17 > %t.ref17
// RUN: env OMP_NUM_THREADS=4 OMP_BLOCK_SIZE=1,1,1 %t.par 2 1 2 3 4 7 17 | cmp - %t.ref17
// RUN: env OMP_NUM_THREADS=2 OMP_BLOCK_SIZE=5,,7 %t.par 2 1 2 3 4 7 17 31 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=4 OMP_BLOCK_SIZE=9,13,6 %t.par 1 64 | cmp - %t.ref64
// RUN: env OMP_NUM_THREADS=1 %t.par 2 1 2 3 4 7 17 31 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=3 ORBIS_L2_CACHE_SIZE=4096 %t.par 2 1 2 3 4 7 17 31 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=4 ORBIS_L2_CACHE_SIZE=4096 %t.par 1 64 | cmp - %t.ref64
#include <limits.h>
#include <omp_blocked.h>
#include <stdio.h>
#include <stdlib.h>

#define AT(x, y, z) G[((size_t)(x) * ny + (y)) * nz + (z)]

static void sweep(int nx, int ny, int nz, double *G) {
  volatile int *done = NULL;
#ifdef TILES
  #pragma omp parallel for schedule(blocked, 3)
#else
  #pragma omp parallel for schedule(blocked)
#endif
  for (int x = 1; x < nx - 1; x++) {
    #pragma omp single
    {
      done = calloc(omp_num_blocks() + 1, sizeof(int));
      done[0] = INT_MAX;
    }
    int xb = omp_block_num();
#ifdef TILES
    #pragma omp for schedule(blocked, 4)
#else
    #pragma omp for schedule(blocked)
#endif
    for (int y = 1; y < ny - 1; y++) {
      int yb = omp_block_num();
#ifdef TILES
      #pragma omp for schedule(blocked, 5)
#else
      #pragma omp for schedule(blocked)
#endif
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

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  int sweeps = atoi(argv[1]);
  for (int a = 2; a < argc; a++) {
    int nx = atoi(argv[a]), ny = nx + 1, nz = nx + 2;
    size_t cells = (size_t)nx * ny * nz;
    double *G = malloc(cells * sizeof(double));
    for (size_t c = 0; c < cells; c++)
      G[c] = (double)((c * 2654435761u) % 1013) / 17.0;
    for (int t = 0; t < sweeps; t++)
      sweep(nx, ny, nz, G);
    fwrite(G, sizeof(double), cells, stdout);
    free(G);
  }
  return 0;
}
