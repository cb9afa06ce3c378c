/// \file
/// Rows in lockstep (docs/lowering.md) with other lags and directions than
/// Algorithm 1's: a stencil that reads two rows up and one column right
/// (distance (2, -1): with row tiles of 2, rows run 2 columns apart), a
/// sweep whose inner loop counts down, and one that reads its own row two
/// columns back (two values from before the loop in each row's history). Each is bit-identical to its
/// sequential sweep; run-gpu-tests.sh runs it under both GPU schedules.
/// Usage: row_lags N T
#include <omp_blocked.h>
#include <stdlib.h>

#include "check.h"

enum { PAD = 16 };

/// Reads A[x-2][y+1]: a row tile of 2 keeps the tiling legal (EXTENSIONS
/// 1.10), and a column tile waits for the band above to be one column past
/// its end.
static void sweep_far(int n, double (*A)[n]) {
  volatile int *done = NULL;
  #pragma omp parallel for schedule(blocked, 2) map(tofrom: A[0:n])
  for (int x = 2; x < n - 1; x++) {
    #pragma omp single
    {
      done = calloc((omp_num_blocks() + 1) * PAD, sizeof(int));
      done[0] = n;
    }
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 2; y++) {
      int need = y + omp_block_size();
      if (need > n - 3)
        need = n - 3;
      while (done[xb * PAD] < need) {
      }
      #pragma omp block
      A[x][y] = 0.25 * (A[x - 2][y + 1] + A[x - 1][y] + A[x][y - 1] +
                        A[x + 1][y]);
      #pragma omp atomic
      done[(xb + 1) * PAD] += omp_block_size();
    }
  }
  free((void *)done);
}

static void sweep_far_plain(int n, double (*A)[n]) {
  for (int x = 2; x < n - 1; x++)
    for (int y = 1; y < n - 2; y++)
      A[x][y] = 0.25 * (A[x - 2][y + 1] + A[x - 1][y] + A[x][y - 1] +
                        A[x + 1][y]);
}

/// Gauss-Seidel with the columns from right to left: a tile waits for the
/// band above to have finished the same iterations, counted from the right.
static void sweep_down(int n, double (*A)[n]) {
  volatile int *done = NULL;
  #pragma omp parallel for schedule(blocked) map(tofrom: A[0:n])
  for (int x = 1; x < n - 1; x++) {
    #pragma omp single
    {
      done = calloc((omp_num_blocks() + 1) * PAD, sizeof(int));
      done[0] = n;
    }
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = n - 2; y >= 1; y--) {
      while (done[xb * PAD] < n - 2 - y + omp_block_size()) {
      }
      #pragma omp block
      A[x][y] = 0.25 * (A[x - 1][y] + A[x + 1][y] + A[x][y - 1] + A[x][y + 1]);
      #pragma omp atomic
      done[(xb + 1) * PAD] += omp_block_size();
    }
  }
  free((void *)done);
}

static void sweep_down_plain(int n, double (*A)[n]) {
  for (int x = 1; x < n - 1; x++)
    for (int y = n - 2; y >= 1; y--)
      A[x][y] = 0.25 * (A[x - 1][y] + A[x + 1][y] + A[x][y - 1] + A[x][y + 1]);
}

/// Reads A[x][y-2]: each row starts from the two elements before its first
/// column, and forwards two of its own values.
static void sweep_two_back(int n, double (*A)[n]) {
  volatile int *done = NULL;
  #pragma omp parallel for schedule(blocked) map(tofrom: A[0:n])
  for (int x = 1; x < n - 1; x++) {
    #pragma omp single
    {
      done = calloc((omp_num_blocks() + 1) * PAD, sizeof(int));
      done[0] = n;
    }
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 2; y < n - 1; y++) {
      while (done[xb * PAD] < y + omp_block_size() - 2) {
      }
      #pragma omp block
      A[x][y] = 0.25 * (A[x - 1][y] + A[x][y - 2] + A[x][y - 1] + A[x + 1][y]);
      #pragma omp atomic
      done[(xb + 1) * PAD] += omp_block_size();
    }
  }
  free((void *)done);
}

static void sweep_two_back_plain(int n, double (*A)[n]) {
  for (int x = 1; x < n - 1; x++)
    for (int y = 2; y < n - 1; y++)
      A[x][y] = 0.25 * (A[x - 1][y] + A[x][y - 2] + A[x][y - 1] + A[x + 1][y]);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 301, t = argc > 2 ? atoi(argv[2]) : 2;
  double(*A)[n] = malloc(sizeof(double[n][n]));
  double(*B)[n] = malloc(sizeof(double[n][n]));
  double(*C)[n] = malloc(sizeof(double[n][n]));
  double(*D)[n] = malloc(sizeof(double[n][n]));
  double(*E)[n] = malloc(sizeof(double[n][n]));
  double(*F)[n] = malloc(sizeof(double[n][n]));
  for (int x = 0; x < n; x++)
    for (int y = 0; y < n; y++)
      A[x][y] = B[x][y] = C[x][y] = D[x][y] = E[x][y] = F[x][y] =
          (double)((x * 7 + y * 13) % 101) / 100.0;
  for (int s = 0; s < t; s++) {
    sweep_far(n, A);
    sweep_far_plain(n, B);
    sweep_down(n, C);
    sweep_down_plain(n, D);
    sweep_two_back(n, E);
    sweep_two_back_plain(n, F);
  }
  int rc = check_bytes("row_lags far", A, B, sizeof(double[n][n]),
                       sizeof(double));
  rc |= check_bytes("row_lags down", C, D, sizeof(double[n][n]),
                    sizeof(double));
  rc |= check_bytes("row_lags two back", E, F, sizeof(double[n][n]),
                    sizeof(double));
  return rc;
}
