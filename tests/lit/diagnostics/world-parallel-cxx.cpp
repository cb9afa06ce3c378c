// 'world_parallel for' in C++ is lowered in ordinary functions
// (tests/lit/e2e/world-cxx.cpp); in a template or a lambda it is an error
// at the construct, never a silent run in one process.
// The lambda's is an error of the analysis, which stops before the
// lowering: a run of its own.
// RUN: not %orbis-cxx -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: not %orbis-cxx -fsyntax-only -DLAMBDA %s 2>&1 | FileCheck --strict-whitespace --check-prefix=LAMBDA %s
#include <omp_world.h>

template <class T> void fill(int n, T **A) {
  // CHECK: {{^}}{{.*}}world-parallel-cxx.cpp:[[@LINE+1]]:3: error: '#pragma omp world_parallel for' in a template or a lambda cannot be lowered yet: move the world loop into an ordinary function{{$}}
  #pragma omp world_parallel for world(A)
  for (int i = 0; i < n; i++)
    A[0][i] = 0;
}
template void fill<double>(int, double **);

#ifdef LAMBDA
void lambda(int n, double **A) {
  auto F = [&] {
    // LAMBDA: {{^}}{{.*}}world-parallel-cxx.cpp:[[@LINE+1]]:5: error: '#pragma omp world_parallel for' in a template or a lambda cannot be lowered yet: move the world loop into an ordinary function{{$}}
    #pragma omp world_parallel for world(A)
    for (int i = 0; i < n; i++)
      A[0][i] = 0;
  };
  F();
}
// LAMBDA: {{^}}1 error generated.{{$}}
#endif

// Ordinary functions are fine.
void ordinary(int n, double *A) {
  #pragma omp world_parallel for world(A)
  for (int i = 0; i < n; i++) {
    if (i == 0)
      A = omp_world_malloc(n);
    A[i] = i;
  }
}
// CHECK: {{^}}1 error generated.{{$}}
