/// \file
/// A GPU nest in a C++ source: a plain function over a mapped pointer into
/// a std::vector's storage, calling a function of the same file. The result
/// must equal the sequential one. Usage: cxx_plain [n]
#include <omp_blocked.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

static double scaled(double x) { return x * 0.5 + 1.0 / 3.0; }

static void run(int n, double *p) {
  #pragma omp parallel for schedule(blocked) map(tofrom: p[0:n])
  for (int i = 0; i < n; i++)
    p[i] = scaled(p[i]) + i % 7;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 1001;
  std::vector<double> v(n), w(n);
  for (int i = 0; i < n; i++)
    v[i] = w[i] = 1.0 / (i + 1);
  run(n, v.data());
  for (int i = 0; i < n; i++)
    w[i] = scaled(w[i]) + i % 7;
  bool same = v == w;
  std::printf("%s cxx_plain\n", same ? "OK" : "MISMATCH");
  return same ? 0 : 1;
}
