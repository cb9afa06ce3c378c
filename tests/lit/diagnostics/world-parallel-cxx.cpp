// 'world_parallel for' in C++ is lowered in ordinary functions and lambdas
// (tests/lit/e2e/world-cxx.cpp, with and without IN_LAMBDA); in a template
// or a generic lambda (a template too) it is an error at the construct,
// never a silent run in one process.
// RUN: not %orbis-cxx -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s
#include <omp_world.h>

template <class T> void fill(int n, T **A) {
  // CHECK: {{^}}{{.*}}world-parallel-cxx.cpp:[[@LINE+1]]:3: error: '#pragma omp world_parallel for' in a template or a generic lambda cannot be lowered yet: move the world loop into an ordinary function or lambda{{$}}
  #pragma omp world_parallel for world(A)
  for (int i = 0; i < n; i++)
    A[0][i] = 0;
}
template void fill<double>(int, double **);

void lambda(int n, double **A) {
  auto F = [&](auto) {
    // CHECK: {{^}}{{.*}}world-parallel-cxx.cpp:[[@LINE+1]]:5: error: '#pragma omp world_parallel for' in a template or a generic lambda cannot be lowered yet: move the world loop into an ordinary function or lambda{{$}}
    #pragma omp world_parallel for world(A)
    for (int i = 0; i < n; i++)
      A[0][i] = 0;
  };
  F(0);
}

// Ordinary functions are fine.
void ordinary(int n, double *A) {
  #pragma omp world_parallel for world(A)
  for (int i = 0; i < n; i++) {
    if (i == 0)
      A = omp_world_malloc(n);
    A[i] = i;
  }
}
// CHECK: {{^}}2 errors generated.{{$}}
