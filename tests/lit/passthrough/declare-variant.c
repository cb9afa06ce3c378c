// Pass-through of the constructs that need OpenMP when the source is parsed
// (issue 7, defect 12): 'begin/end declare variant' blocks (here and in a
// header: without -fopenmp their functions would be redefinitions),
// 'declare variant' on a declaration, 'metadirective', 'declare simd',
// 'declare reduction', 'declare target'. A file without extensions is
// compiled as written; one with a blocked loop too is lowered, its variant
// blocks kept, and runs as clang-19 -fopenmp's build of the same program
// without the blocked loop's schedule does.
// RUN: %orbis-cc -O1 %s -o %t.orbis
// RUN: %clang-omp -O1 %s -o %t.omp
// RUN: %orbis-cc --emit-lowered %s | diff - %s
// RUN: env OMP_NUM_THREADS=2 %t.omp > %t.ref
// RUN: env OMP_NUM_THREADS=2 %t.orbis | diff - %t.ref
// RUN: FileCheck %s < %t.ref
// RUN: %orbis-cc -O1 -DBLOCKED %s -o %t.blocked
// RUN: %orbis-cc --emit-lowered -DBLOCKED %s | FileCheck --check-prefix=LOWERED %s
// RUN: env OMP_NUM_THREADS=2 %t.blocked | diff - %t.ref
#include "Inputs/variants.h"
#include <omp.h>
#include <stdio.h>

int f(void) { return 1; }
#pragma omp begin declare variant match(construct={parallel})
int f(void) { return 2; }
#pragma omp end declare variant

int base_g(void) { return 3; }
int g_host(void) { return 4; }
#pragma omp declare variant(g_host) match(device={kind(host)})
int g(void) { return base_g(); }

#pragma omp declare simd
static double twice(double v) { return 2 * v; }

struct acc { double s; };
#pragma omp declare reduction(plus : struct acc : omp_out.s += omp_in.s) \
    initializer(omp_priv = (struct acc){0})

#pragma omp declare target
static int on_device(int v) { return v + 1; }
#pragma omp end declare target

int main(void) {
  int in_par = 0;
  #pragma omp parallel num_threads(2) reduction(+ : in_par)
  in_par += f() + where();
  struct acc a = {0};
  #pragma omp parallel for reduction(plus : a)
  for (int i = 0; i < 100; i++)
    a.s += twice(i);
  int n = 0;
  #pragma omp metadirective when(user={condition(1)}: parallel for reduction(+: n)) default(for)
  for (int i = 0; i < 10; i++)
    n += i;
  long m = 0;
#ifdef BLOCKED
  #pragma omp parallel for schedule(blocked, 7) reduction(+ : m)
#else
  #pragma omp parallel for reduction(+ : m)
#endif
  for (int i = 0; i < 100; i++)
    m += f() * i;
  printf("%d %d %d %.1f %d %ld %d\n", f() + where(), in_par, g(), a.s, n, m,
         on_device(1));
  return 0;
}
// CHECK: 11 44 4 9900.0 45 9900 2
// LOWERED: #pragma omp begin declare variant match(construct={parallel})
// LOWERED-NEXT: int f(void) { return 2; }
// LOWERED-NEXT: #pragma omp end declare variant
