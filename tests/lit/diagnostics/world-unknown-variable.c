// The names of 'world(list)' must be variables visible at the directive
// (issue 7, defect 10): an unknown one is an error at the name (the
// analysis' error, so the lowering does not go on to say that world loops
// are not lowered yet).
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s
double G[8];

void f(int n, double *A) {
  // CHECK: {{^}}{{.*}}world-unknown-variable.c:[[@LINE+3]]:46: error: use of undeclared identifier 'nosuch' in 'world'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp world_parallel for world(A, G, nosuch){{$}}
  // CHECK-NEXT: {{^ *}}|                                              ^{{$}}
  #pragma omp world_parallel for world(A, G, nosuch)
  for (int x = 0; x < n; x++)
    A[x] = G[x % 8];
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.{{$}}
