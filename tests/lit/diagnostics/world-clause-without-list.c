// The 'world' clause needs a parenthesized variable list: 'world' alone on
// 'world_parallel for' is an error at the end of the clause, like
// 'schedule' without '('.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void bare_world(int n, double *A) {
  // CHECK: {{^}}{{.*}}world-clause-without-list.c:[[@LINE+3]]:39: error: expected '(' after 'world'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp world_parallel for world{{$}}
  // CHECK-NEXT: {{^ *}}|                                       ^{{$}}
  #pragma omp world_parallel for world
  for (int i = 0; i < n; i++) A[i] = 0;
}

// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.{{$}}
