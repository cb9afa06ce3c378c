// A size that is an integer expression with a floating literal inside a
// cast (`(int)(n * 0.5)`, `(int)2.9`) is an integer: C's value is the tile,
// on the host and in the GPU backend's host code (`-fsyntax-only` of
// --offload=cuda, which needs no toolkit). It was "must be a positive
// integer", as for a floating size.
// RUN: %orbis-cc -O1 %s -o %t
// RUN: env ORBIS_VERBOSE=1 OMP_NUM_THREADS=2 %t 100 2>&1 | FileCheck %s
// RUN: %orbis-cc --offload=cuda -fsyntax-only -DGPU %s
// CHECK-DAG: size-casts.c:[[#@LINE+20]]:{{[0-9]+}} level 0: 100 iterations, tile 50 (clause), 2 tiles
// CHECK-DAG: size-casts.c:[[#@LINE+22]]:{{[0-9]+}} level 0: 100 iterations, tile 2 (clause), 50 tiles
// CHECK: OK 4950 4950
#include <omp_blocked.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef GPU
void scale(int n, double *A) {
  #pragma omp parallel for schedule(blocked, (int)(n * 0.5)) map(tofrom: A[0:n])
  for (int i = 0; i < n; i++)
    A[i] *= 2;
  #pragma omp parallel for schedule(blocked, (int)2.9) map(tofrom: A[0:n])
  for (int i = 0; i < n; i++)
    A[i] *= 2;
}
#else
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100;
  long a = 0, b = 0;
  #pragma omp parallel for schedule(blocked, (int)(n * 0.5)) reduction(+: a)
  for (int i = 0; i < n; i++)
    a += i;
  #pragma omp parallel for schedule(blocked, (int)2.9) reduction(+: b)
  for (int i = 0; i < n; i++)
    b += i;
  printf("%s %ld %ld\n", a == 4950 && b == 4950 ? "OK" : "MISMATCH", a, b);
  return 0;
}
#endif
