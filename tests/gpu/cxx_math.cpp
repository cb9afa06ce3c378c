/// \file
/// <cmath> as C++ writes it in the instruction block: the float overloads
/// (`std::sqrt(float)`, `std::abs(float)`, `std::fabs`), and std::min and
/// std::max. A new user's trial found them refused as host library
/// functions while `sqrtf` and `std::sqrt(double)` were accepted. These are
/// exact operations (a square root is correctly rounded on both sides), so
/// the result is bit-identical to the same loop on the host.
/// Usage: cxx_math N
#include <omp_blocked.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "check.h"

static float value(float v, double w) {
  return std::sqrt(v) + std::abs(v - 3.0f) + std::max(v, 1.5f) -
         std::min(v, 0.5f) + static_cast<float>(std::fabs(w - 2.0) +
                                                std::sqrt(w));
}

static void on_gpu(int n, float *p, const double *q) {
  #pragma omp parallel for schedule(blocked) map(tofrom: p[0:n]) map(to: q[0:n])
  for (int i = 0; i < n; i++)
    p[i] = value(p[i], q[i]);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 1001;
  float *p = static_cast<float *>(std::malloc(n * sizeof(float)));
  float *r = static_cast<float *>(std::malloc(n * sizeof(float)));
  double *q = static_cast<double *>(std::malloc(n * sizeof(double)));
  for (int i = 0; i < n; i++) {
    p[i] = r[i] = static_cast<float>(i % 97) * 0.37f;
    q[i] = (i % 31) * 1.7;
  }
  on_gpu(n, p, q);
  for (int i = 0; i < n; i++)
    r[i] = value(r[i], q[i]);
  int failed = check_bytes("cxx_math", p, r, n * sizeof(float), sizeof(float));
  std::free(p);
  std::free(r);
  std::free(q);
  return failed;
}
