/// \file
/// A C program whose names are C++ keywords (`this`, `new`, `class`, a
/// function parameter `delete`): the device code is C++, where nvcc refused
/// them; the generated .cu renames them. Bit-identical to the host loop.
/// Usage: c_keywords N
#include <omp_blocked.h>
#include <stdlib.h>

#include "check.h"

static double weigh(double class, double delete) { return class * 0.5 + delete; }

static void on_gpu(int n, double *new, double this) {
  #pragma omp parallel for schedule(blocked) map(tofrom: new[0:n])
  for (int i = 0; i < n; i++) {
    double private = new[i];
    new[i] = weigh(private, this) - i;
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1001;
  double *new = malloc(n * sizeof(double)), *want = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++)
    new[i] = want[i] = i * 0.75 - 3.0;
  on_gpu(n, new, 2.5);
  for (int i = 0; i < n; i++)
    want[i] = weigh(want[i], 2.5) - i;
  return check_bytes("c_keywords", new, want, n * sizeof(double),
                     sizeof(double));
}
