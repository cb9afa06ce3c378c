// OpenMP pragma lines are macro-expanded: clauses may come from object-like
// macros. A `_Pragma` produced by a macro cannot be rewritten in place and is
// diagnosed.
// RUN: %orbis-cc --emit-lowered -DGOOD %s | FileCheck %s
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --check-prefix=ERR %s
#define SCHED schedule(blocked, 4)
#define THREADS num_threads(2)
#define PRAGMA(x) _Pragma(#x)
#define OMP(x) PRAGMA(omp x)

void f(int n, double *a) {
  // CHECK: orbis_loop_init({{.*}}, 4, 1,
  // CHECK: #pragma omp parallel for num_threads ( 2 ) schedule(monotonic: dynamic, 1)
  #pragma omp parallel for SCHED THREADS
  for (int i = 0; i < n; i++)
    a[i] = i;
}

#ifndef GOOD
void g(int n, double *a) {
  // ERR: macro-directives.c:[[@LINE+1]]:3: error: '#pragma omp parallel for' with extension clauses cannot come from a macro expansion
  OMP(parallel for schedule(blocked, 4))
  for (int i = 0; i < n; i++)
    a[i] = i;
}
#endif
