/// \file
/// Gauss-Seidel over the whole grid, boundaries included, each read of a
/// neighbour guarded (`y > 0 ? A[x][y - 1] : 1.0`): the rows in lockstep
/// would load guarded reads ahead of their guards (outside the array at the
/// borders), so the nest keeps the copies (docs/lowering.md, "Rows in
/// lockstep"). Bit-identical to the sequential sweeps, with the grid's
/// first row at the start of its allocation and its last at the end.
/// Usage: guarded_reads N T
#include <omp_blocked.h>
#include <stdlib.h>

#include "check.h"

enum { PAD = 16 };

static void sweep(int n, double (*A)[n]) {
  volatile int *done = NULL;
  #pragma omp parallel for schedule(blocked) map(tofrom: A[0:n])
  for (int x = 0; x < n; x++) {
    #pragma omp single
    {
      done = calloc((omp_num_blocks() + 1) * PAD, sizeof(int));
      done[0] = n;
    }
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 0; y < n; y++) {
      while (done[xb * PAD] < y + omp_block_size()) {
      }
      #pragma omp block
      A[x][y] = 0.25 * ((x > 0 ? A[x - 1][y] : 1.0) +
                        (x < n - 1 ? A[x + 1][y] : 2.0) +
                        (y > 0 ? A[x][y - 1] : 3.0) +
                        (y < n - 1 ? A[x][y + 1] : 4.0));
      #pragma omp atomic
      done[(xb + 1) * PAD] += omp_block_size();
    }
  }
  free((void *)done);
}

static void sweep_plain(int n, double (*A)[n]) {
  for (int x = 0; x < n; x++)
    for (int y = 0; y < n; y++)
      A[x][y] = 0.25 * ((x > 0 ? A[x - 1][y] : 1.0) +
                        (x < n - 1 ? A[x + 1][y] : 2.0) +
                        (y > 0 ? A[x][y - 1] : 3.0) +
                        (y < n - 1 ? A[x][y + 1] : 4.0));
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 301, t = argc > 2 ? atoi(argv[2]) : 2;
  double(*A)[n] = malloc(sizeof(double[n][n]));
  double(*B)[n] = malloc(sizeof(double[n][n]));
  for (int x = 0; x < n; x++)
    for (int y = 0; y < n; y++)
      A[x][y] = B[x][y] = (double)((x * 7 + y * 13) % 101) / 100.0;
  for (int s = 0; s < t; s++) {
    sweep(n, A);
    sweep_plain(n, B);
  }
  return check_bytes("guarded_reads", A, B, sizeof(double[n][n]),
                     sizeof(double));
}
