// 'world_parallel for' in C++ is not lowered yet: an error at the
// construct, never a silent run in one process.
// RUN: not %orbis-cxx -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s
void fill(int n, double **A) {
  // CHECK: {{^}}{{.*}}world-parallel-cxx.cpp:[[@LINE+1]]:3: error: '#pragma omp world_parallel for' in C++ cannot be lowered yet: compile the world loop as C{{$}}
  #pragma omp world_parallel for world(A)
  for (int i = 0; i < n; i++)
    A[0][i] = 0;
}
// CHECK: {{^}}1 error generated.{{$}}
