// A program that does not include <stdlib.h> may use the names it declares
// for its own functions (`static double abs(double)`, `rand`, `div`).
// orbis-cc's analysis parse included omp.h, and with it <stdlib.h>, in
// front of every file: "static declaration of 'abs' follows non-static
// declaration". The analysis now sees only what the program includes.
//
// RUN: %clang-seq -O2 %s -o %t.seq
// RUN: %orbis-cc -O2 %s -o %t.par
// RUN: %t.seq 1003 > %t.ref
// RUN: env OMP_NUM_THREADS=3 OMP_BLOCK_SIZE=7 %t.par 1003 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=1 %t.par 1003 | cmp - %t.ref
#include <omp_blocked.h>
#include <stdio.h>

static double abs(double v) { return v < 0 ? -v : v; }
static unsigned rand(unsigned seed) { return seed * 1103515245u + 12345u; }
static double div(double a, double b) { return a / b; }

int main(int argc, char **argv) {
  int n = 0;
  for (const char *p = argc > 1 ? argv[1] : "100"; *p; ++p)
    n = n * 10 + (*p - '0');
  static double a[4096], b[4096];
  for (int i = 0; i < n; i++)
    a[i] = div((double)(rand((unsigned)i) % 1000u), 7.0) - 70.0;
  #pragma omp parallel for schedule(blocked)
  for (int i = 1; i < n; i++)
    b[i] = abs(a[i] - a[i - 1] * 0.5);
  double sum = 0;
  for (int i = 0; i < n; i++)
    sum += b[i];
  printf("%a\n", sum);
  return 0;
}
