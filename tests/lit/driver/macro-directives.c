// OpenMP pragma lines are macro-expanded: clauses may come from object-like
// macros, and a macro may produce the whole directive with `_Pragma` (the
// macro invocation is then what the lowering replaces). A macro producing two
// directives cannot be rewritten in place and is diagnosed.
// RUN: %orbis-cc --emit-lowered -DGOOD %s | FileCheck %s
// RUN: %orbis-cc -DGOOD %s -o %t && %t | FileCheck --check-prefix=OUT %s
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --check-prefix=ERR %s
#include <stdio.h>
#define SCHED schedule(blocked, 4)
#define THREADS num_threads(2)
#define PRAGMA(x) _Pragma(#x)
#define OMP(x) PRAGMA(omp x)
#define TWO(x) PRAGMA(omp x) PRAGMA(omp atomic)

int main(void) {
  double a[10], b[10];
  int hits = 0;
  // CHECK: orbis_loop_init({{.*}}, 4, 1,
  // CHECK: #pragma omp parallel for num_threads ( 2 ) schedule(monotonic: dynamic, 1)
  #pragma omp parallel for SCHED THREADS
  for (int i = 0; i < 10; i++)
    a[i] = i;
  // CHECK: orbis_loop_init({{.*}}, 3, 1,
  // CHECK: #pragma omp parallel for schedule(monotonic: dynamic, 1)
  OMP(parallel for schedule(blocked, 3))
  for (int i = 0; i < 10; i++) {
    b[i] = 2 * a[i];
    // CHECK: #pragma omp atomic seq_cst
    OMP(atomic)
    hits++;
  }
  printf("%g %d\n", b[9], hits);
  // OUT: 18 10
#ifndef GOOD
  // ERR: macro-directives.c:[[@LINE+1]]:3: error: '#pragma omp parallel for' with extension clauses must be the only directive of its macro expansion
  TWO(parallel for schedule(blocked))
  for (int i = 0; i < 10; i++)
    hits++;
#endif
  return 0;
}
