/// \file
/// GS2D's reference variant `seq`: the sequential loop nest, compiled with the
/// same driver and flags as the parallel variants. Its result defines the
/// right answer and its speed the 1-thread baseline. The plain Jacobi sweeps are the `jacobi` variant's
/// reference.
#include "gs2d.h"

void gs2d_seq(int n, double *a, int sweeps) {
  double(*A)[n] = (double(*)[n])a;
  for (int t = 0; t < sweeps; t++)
    for (int x = 1; x < n - 1; x++)
      for (int y = 1; y < n - 1; y++)
        A[x][y] =
            0.25 * (A[x - 1][y] + A[x + 1][y] + A[x][y - 1] + A[x][y + 1]);
}

double *gs2d_jacobi_seq(int n, double *a, double *scratch, int sweeps) {
  double *in = a, *out = scratch;
  for (int t = 0; t < sweeps; t++) {
    for (int x = 1; x < n - 1; x++)
      for (int y = 1; y < n - 1; y++)
        out[(size_t)x * n + y] =
            0.25 * (in[(size_t)(x - 1) * n + y] + in[(size_t)(x + 1) * n + y] +
                    in[(size_t)x * n + y - 1] + in[(size_t)x * n + y + 1]);
    double *done = out;
    out = in;
    in = done;
  }
  return in;
}
