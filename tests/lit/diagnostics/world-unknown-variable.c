// The names of 'world(list)' must be variables visible at the directive
// (issue 7, defect 10): an unknown one is an error at the name, before the
// note that world loops are not lowered yet.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s
double G[8];

void f(int n, double *A) {
  // CHECK: {{^}}{{.*}}world-unknown-variable.c:[[@LINE+4]]:46: error: use of undeclared identifier 'nosuch' in 'world'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   #pragma omp world_parallel for world(A, G, nosuch){{$}}
  // CHECK-NEXT: {{^ *}}|                                              ^{{$}}
  // CHECK: {{^}}{{.*}}world-unknown-variable.c:[[@LINE+1]]:3: error: '#pragma omp world_parallel for' is parsed but cannot be lowered yet{{.*}}
  #pragma omp world_parallel for world(A, G, nosuch)
  for (int x = 0; x < n; x++)
    A[x] = G[x % 8];
}
// CHECK-NOT: error:
// CHECK: {{^}}2 errors generated.{{$}}
