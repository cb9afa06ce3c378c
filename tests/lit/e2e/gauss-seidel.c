// Algorithm 1 of the proposal: Gauss-Seidel 5-point sweeps in place, the
// x-tiles pipelined through per-tile progress counters (spin-wait in the
// inner pre-block, atomic publish in the inner post-block). The result must be
// bit-identical to the sequential program for every size, thread count and
// tile size (clause constant, clause runtime expression, OMP_BLOCK_SIZE,
// automatic with a small L2 that forces several inner tiles).
//
// Arguments: sweeps tile_x tile_y n... (tile_x/tile_y only matter in the
// RUNTIME_TILES build); each n is an n x (n+3) grid. Output: raw grid bytes.
//
// RUN: %clang-seq -O2 %s -o %t.seq
// RUN: %orbis-cc -O2 %s -o %t.par
// RUN: %orbis-cc -O2 -DTX=7 -DTY=5 %s -o %t.par75
// RUN: %orbis-cc -O2 -DRUNTIME_TILES %s -o %t.parrt
// RUN: %t.seq 3 0 0 1 2 3 4 17 31 101 > %t.ref
// RUN: %t.seq 2 0 0 300 > %t.ref300
//
// Constant tile sizes in the clause, 1 to 4 threads.
// RUN: env OMP_NUM_THREADS=1 %t.par75 3 0 0 1 2 3 4 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=2 %t.par75 3 0 0 1 2 3 4 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.par75 3 0 0 1 2 3 4 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=4 %t.par75 3 0 0 1 2 3 4 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.par75 2 0 0 300 | cmp - %t.ref300
// RUN: env OMP_NUM_THREADS=8 %t.par75 2 0 0 300 | cmp - %t.ref300
//
// Sizes given by runtime expressions in the clause.
// RUN: env OMP_NUM_THREADS=2 %t.parrt 3 1 1 1 2 3 4 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.parrt 3 2 3 1 2 3 4 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=4 %t.parrt 3 16 4 1 2 3 4 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.parrt 3 1000 1000 1 2 3 4 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=4 %t.parrt 2 13 29 300 | cmp - %t.ref300
//
// Sizes from OMP_BLOCK_SIZE (both levels, level 0 only, level 1 only).
// RUN: env OMP_NUM_THREADS=3 OMP_BLOCK_SIZE=5,3 %t.par 3 0 0 1 2 3 4 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=2 OMP_BLOCK_SIZE=4 %t.par 3 0 0 1 2 3 4 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=4 OMP_BLOCK_SIZE=,6 %t.par 3 0 0 1 2 3 4 17 31 101 | cmp - %t.ref
// RUN: %t.seq 3 0 0 1 2 3 4 17 31 > %t.ref.small
// RUN: env OMP_NUM_THREADS=1 OMP_BLOCK_SIZE=1,1 %t.par 3 0 0 1 2 3 4 17 31 | cmp - %t.ref.small
// RUN: env OMP_NUM_THREADS=4 OMP_BLOCK_SIZE=1,1 %t.par 3 0 0 1 2 3 4 17 31 | cmp - %t.ref.small
// RUN: env OMP_NUM_THREADS=4 OMP_BLOCK_SIZE=11,23 %t.par 2 0 0 300 | cmp - %t.ref300
// RUN: env OMP_NUM_THREADS=4 OMP_BLOCK_SIZE=1,1 %t.par 2 0 0 300 | cmp - %t.ref300
//
// Automatic sizes; a small L2 forces several inner tiles.
// RUN: env OMP_NUM_THREADS=1 %t.par 3 0 0 1 2 3 4 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=2 ORBIS_L2_CACHE_SIZE=4096 %t.par 3 0 0 1 2 3 4 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=3 ORBIS_L2_CACHE_SIZE=4096 %t.par 3 0 0 1 2 3 4 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=4 ORBIS_L2_CACHE_SIZE=4096 %t.par 3 0 0 1 2 3 4 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=3 ORBIS_L2_CACHE_SIZE=4096 %t.par 2 0 0 300 | cmp - %t.ref300
// RUN: env OMP_NUM_THREADS=2 ORBIS_L2_CACHE_SIZE=256 %t.par 2 0 0 300 | cmp - %t.ref300
#include <omp_blocked.h>
#include <stdio.h>
#include <stdlib.h>

static int tile_x, tile_y;

static void sweep(int n, int m, double *A) {
  volatile int *counters = NULL;
#if defined(TX)
  #pragma omp parallel for schedule(blocked, TX)
#elif defined(RUNTIME_TILES)
  #pragma omp parallel for schedule(blocked, tile_x)
#else
  #pragma omp parallel for schedule(blocked)
#endif
  for (int x = 1; x < n - 1; x++) {
    #pragma omp single
    {
      counters = calloc(omp_num_blocks() + 1, sizeof(int));
      counters[0] = m; // the boundary row is done
    }
    int xb = omp_block_num();
#if defined(TY)
    #pragma omp for schedule(blocked, TY)
#elif defined(RUNTIME_TILES)
    #pragma omp for schedule(blocked, tile_y)
#else
    #pragma omp for schedule(blocked)
#endif
    for (int y = 1; y < m - 1; y++) {
      // Rows of the x-tile above must be done up to the tile's last column.
      while (counters[xb] < y + omp_block_size() - 1) {
      }
      #pragma omp block
      A[x * m + y] = 0.25 * (A[(x - 1) * m + y] + A[(x + 1) * m + y] +
                             A[x * m + y - 1] + A[x * m + y + 1]) +
                     0.125 * A[x * m + y];
      #pragma omp atomic
      counters[xb + 1] += omp_block_size();
    }
  }
  free((void *)counters);
}

int main(int argc, char **argv) {
  if (argc < 4)
    return 2;
  int sweeps = atoi(argv[1]);
  tile_x = atoi(argv[2]);
  tile_y = atoi(argv[3]);
  for (int a = 4; a < argc; a++) {
    int n = atoi(argv[a]), m = n + 3;
    double *A = malloc(sizeof(double) * n * m);
    for (int i = 0; i < n * m; i++)
      A[i] = (double)((i * 7919) % 101) / 7.0 - 3.0;
    for (int t = 0; t < sweeps; t++)
      sweep(n, m, A);
    fwrite(A, sizeof(double), (size_t)n * m, stdout);
    free(A);
  }
  return 0;
}
