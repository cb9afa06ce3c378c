// With --offload=cuda a kernel launch replaces the nest, so clang never saw
// its directives and accepted what it rejects on the CPU: an undeclared name
// in `num_threads`, `private` or `firstprivate` compiled silently. clang checks the directives of the host lowering now: the same
// errors, at the same places, as without --offload.
// RUN: not %orbis-cc --offload=cuda -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: not %orbis-cc --offload=cuda -fsyntax-only %s 2>&1 | FileCheck --check-prefix=COUNT %s
// COUNT-COUNT-3: error:
// COUNT-NOT: error:
// RUN: %orbis-cc --offload=cuda -fsyntax-only -DCORRECT %s
// REQUIRES: cuda
#include <omp_blocked.h>

#ifdef CORRECT
#define NTHR 4
#define ZZ w
#define YY n
#endif

void scale(int n, double *A) { double w = 0; (void)w;
  // CHECK: clang-clause-checks.c:[[@LINE+4]]:78: error: use of undeclared identifier 'NTHR'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   #pragma omp parallel for schedule(blocked) map(tofrom: A[0:n]) num_threads(NTHR) private(ZZ) \{{$}}
  // CHECK: clang-clause-checks.c:[[@LINE+2]]:92: error: use of undeclared identifier 'ZZ'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+1]] |   #pragma omp parallel for schedule(blocked) map(tofrom: A[0:n]) num_threads(NTHR) private(ZZ) \{{$}}
  #pragma omp parallel for schedule(blocked) map(tofrom: A[0:n]) num_threads(NTHR) private(ZZ) \
      firstprivate(YY)
  // CHECK: clang-clause-checks.c:[[@LINE-1]]:20: error: use of undeclared identifier 'YY'{{$}}
  for (int x = 0; x < n; x++) {
    #pragma omp for schedule(blocked)
    for (int y = 0; y < n; y++)
      #pragma omp block
      A[x * n + y] = 2 * A[x * n + y];
  }
}
