/// \file
/// C++ functions the instruction block calls, as a new user writes them:
/// one in a namespace called with its qualifier, function templates called
/// with explicit arguments (type and non-type, two instances of one
/// template), an overload set and a default argument. Their device copies
/// get distinct names and the calls name the copies (nvcc refused the
/// qualifier and the template arguments, and two instances collided).
/// Bit-identical to the same loop on the host.
/// Usage: cxx_names N
#include <omp_blocked.h>

#include <cstdlib>

#include "check.h"

namespace stencil {
inline double half(double v) { return v * 0.5; }
} // namespace stencil

template <class T> T twice(T v) { return v + v; }
template <int K> double scale(double v) { return v * K; }
inline double mix(double a, double b = 0.25) { return a * b; }
inline double mix(int a) { return a * 3.0; }

static double value(double v, int i) {
  return stencil::half(v) + twice<double>(v) + scale<3>(v) - scale<5>(v) +
         mix(v) + mix(v, 2.0) + mix(i);
}

static void on_gpu(int n, double *p) {
  #pragma omp parallel for schedule(blocked) map(tofrom: p[0:n])
  for (int i = 0; i < n; i++)
    p[i] = value(p[i], i);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 1001;
  double *p = static_cast<double *>(std::malloc(n * sizeof(double)));
  double *r = static_cast<double *>(std::malloc(n * sizeof(double)));
  for (int i = 0; i < n; i++)
    p[i] = r[i] = i * 0.37 - 5.0;
  on_gpu(n, p);
  for (int i = 0; i < n; i++)
    r[i] = value(r[i], i);
  return check_bytes("cxx_names", p, r, n * sizeof(double), sizeof(double));
}
