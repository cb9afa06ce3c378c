// The 9-point in-place stencil (PolyBench seidel-2d) as a wavefront, with
// row tiles of one row ('schedule(blocked, 1)' on x), which the dependence
// check accepts (EXTENSIONS 1.10; with larger row tiles the read of
// A[x-1][y+1] would be reversed, see diagnostics/dependence-check.c). A
// column tile waits until the row above has finished one column past the
// tile's last (it reads A[x-1][y+1]). Bit-identical to the sequential sweep,
// built with -Wall -Werror, for any thread count and column tile size.
// Arguments: n sweeps column_tile.
// RUN: %clang-seq -O2 %s -o %t.seq
// RUN: %orbis-cc -O2 -Wall -Werror %s -o %t.par
// RUN: %t.seq 37 2 0 > %t.ref37
// RUN: %t.seq 130 3 0 > %t.ref130
// RUN: env OMP_NUM_THREADS=1 %t.par 37 2 4 | cmp - %t.ref37
// RUN: env OMP_NUM_THREADS=2 %t.par 37 2 5 | cmp - %t.ref37
// RUN: env OMP_NUM_THREADS=4 %t.par 37 2 1 | cmp - %t.ref37
// RUN: env OMP_NUM_THREADS=3 %t.par 130 3 16 | cmp - %t.ref130
// RUN: env OMP_NUM_THREADS=8 %t.par 130 3 7 | cmp - %t.ref130
#include <omp_blocked.h>
#include <stdio.h>
#include <stdlib.h>

enum { PAD = 64 / sizeof(int) };

static void sweep(int n, int tile, double (*A)[n]) {
  volatile int *done = NULL;
  #pragma omp parallel for schedule(blocked, 1)
  for (int x = 1; x < n - 1; x++) {
    #pragma omp single
    {
      done = calloc((omp_num_blocks() + 1) * PAD, sizeof(int));
      done[0] = n;
    }
    int xb = omp_block_num();
    #pragma omp for schedule(blocked, tile)
    for (int y = 1; y < n - 1; y++) {
      int need = y + omp_block_size();  // one column past the tile
      if (need > n - 2)
        need = n - 2;
      while (done[xb * PAD] < need) {}
      #pragma omp block
      A[x][y] = (A[x - 1][y - 1] + A[x - 1][y] + A[x - 1][y + 1] +
                 A[x][y - 1] + A[x][y] + A[x][y + 1] +
                 A[x + 1][y - 1] + A[x + 1][y] + A[x + 1][y + 1]) / 9.0;
      #pragma omp atomic
      done[(xb + 1) * PAD] += omp_block_size();
    }
  }
  free((void *)done);
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]), sweeps = atoi(argv[2]), tile = atoi(argv[3]);
  if (tile < 1)
    tile = 1;
  double (*A)[n] = malloc(sizeof(double[n][n]));
  for (int x = 0; x < n; x++)
    for (int y = 0; y < n; y++)
      A[x][y] = (double)((x * 7 + y * 13) % 101) / 100.0;
  for (int s = 0; s < sweeps; s++)
    sweep(n, tile, A);
  fwrite(A, sizeof(double), (size_t)n * n, stdout);
  free(A);
  return 0;
}
