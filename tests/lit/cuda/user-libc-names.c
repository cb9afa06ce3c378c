// A program's own `abs`, `rand` and `div` (it does not include
// <stdlib.h>) in a GPU nest: neither the analysis parse nor the device
// code brings libc's declarations of those names in.
// RUN: %orbis-cc --offload=cuda -Wall -Werror -c %s -o %t.o
// REQUIRES: cuda
#include <omp_blocked.h>

static double abs(double v) { return v < 0 ? -v : v; }
static unsigned rand(unsigned seed) { return seed * 1103515245u + 12345u; }
static double div(double a, double b) { return a / b; }

void fold(int n, double *a) {
  #pragma omp parallel for schedule(blocked) map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = abs(div(a[i], 3.0) - (double)(rand((unsigned)i) % 9u));
}
