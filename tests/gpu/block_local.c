/// \file
/// `block_local` on the GPU: Algorithm 1 with the grid's tile plus a halo of
/// one cell staged in shared memory (the clause lists the loop variables in
/// the other order, which must not matter), once with a fixed-size array
/// and once with a VLA pointer. Usage: block_local N T
#include <omp_blocked.h>
#include <stdlib.h>

#include "check.h"

enum { PAD = 16, M = 130 };

static void sweep_vla(int n, double (*A)[n]) {
  volatile int *counters = NULL;
  #pragma omp parallel for schedule(blocked) map(tofrom: A[0:n]) block_local(A, (y, x), 1)
  for (int x = 1; x < n - 1; x++) {
    #pragma omp single
    {
      counters = calloc((omp_num_blocks() + 1) * PAD, sizeof(int));
      counters[0] = n;
    }
    int xblock = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++) {
      while (counters[xblock * PAD] < y + omp_block_size() - 1) {
      }
      #pragma omp block
      A[x][y] = 0.25 * (A[x - 1][y] + A[x + 1][y] + A[x][y - 1] + A[x][y + 1]);
      #pragma omp atomic
      counters[(xblock + 1) * PAD] += omp_block_size();
    }
  }
  free((void *)counters);
}

static double G[M][M], R[M][M];

static void sweep_fixed(void) {
  volatile int *counters = NULL;
  #pragma omp parallel for schedule(blocked) block_local(G, (x, y), 1)
  for (int x = 1; x < M - 1; x++) {
    #pragma omp single
    {
      counters = calloc((omp_num_blocks() + 1) * PAD, sizeof(int));
      counters[0] = M;
    }
    int xblock = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 1; y < M - 1; y++) {
      while (counters[xblock * PAD] < y + omp_block_size() - 1) {
      }
      #pragma omp block
      G[x][y] = 0.25 * (G[x - 1][y] + G[x + 1][y] + G[x][y - 1] + G[x][y + 1]);
      #pragma omp atomic
      counters[(xblock + 1) * PAD] += omp_block_size();
    }
  }
  free((void *)counters);
}

static void sweep_plain(int n, double (*A)[n]) {
  for (int x = 1; x < n - 1; x++)
    for (int y = 1; y < n - 1; y++)
      A[x][y] = 0.25 * (A[x - 1][y] + A[x + 1][y] + A[x][y - 1] + A[x][y + 1]);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 301, t = argc > 2 ? atoi(argv[2]) : 2;
  double(*A)[n] = malloc(sizeof(double[n][n]));
  double(*B)[n] = malloc(sizeof(double[n][n]));
  for (int x = 0; x < n; x++)
    for (int y = 0; y < n; y++)
      A[x][y] = B[x][y] = (double)((x * 7 + y * 13) % 101) / 100.0;
  for (int x = 0; x < M; x++)
    for (int y = 0; y < M; y++)
      G[x][y] = R[x][y] = (double)((x * 3 + y * 5) % 37) / 36.0;
  for (int s = 0; s < t; s++) {
    sweep_vla(n, A);
    sweep_plain(n, B);
    sweep_fixed();
    sweep_plain(M, R);
  }
  int rc = check_bytes("block_local vla", A, B, sizeof(double[n][n]),
                       sizeof(double));
  rc |= check_bytes("block_local fixed", G, R, sizeof G, sizeof(double));
  return rc;
}
