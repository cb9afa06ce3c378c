/// \file
/// GS2D's `jacobi` variant: the same 5-point stencil without dependences
/// (out of place, new values from old ones only), one `parallel for` per
/// sweep that the compiler vectorizes. It is not Gauss-Seidel: it is the
/// roofline of this stencil on the machine (how fast the cells go by when
/// nothing chains them), and is checked against its own sequential result.
#include "gs2d.h"

/// One sweep from `in` to `out`; the border of `out` is already set.
static void sweep(int n, const double *restrict in, double *restrict out) {
#pragma omp parallel for schedule(static)
  for (int x = 1; x < n - 1; x++) {
    const double *above = in + (size_t)(x - 1) * n, *self = in + (size_t)x * n,
                 *below = in + (size_t)(x + 1) * n;
    double *dst = out + (size_t)x * n;
    for (int y = 1; y < n - 1; y++)
      dst[y] = 0.25 * (above[y] + below[y] + self[y - 1] + self[y + 1]);
  }
}

double *gs2d_jacobi(int n, double *a, double *scratch, int sweeps) {
  double *in = a, *out = scratch;
  for (int t = 0; t < sweeps; t++) {
    sweep(n, in, out);
    double *done = out;
    out = in;
    in = done;
  }
  return in;
}
