// Errors in the standard clauses of a rewritten directive (issue 7, defect
// 7) come from clang at the user's line and column, quoting the user's line:
// the directive is kept as written (macros make 'schedule(blocked)' the
// tile schedule). A clause OpenMP does not know is orbis-cc's error
// (tests/lit/diagnostics/unknown-clause.c).
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s
#define SCHED schedule(blocked, 2 * 2)

void f(int n, double *A) {
  // CHECK: {{^}}{{.*}}standard-clause-errors.c:[[@LINE+3]]:63: error: use of undeclared identifier 'nosuch'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked, 4) reduction(+ : nosuch){{$}}
  // CHECK-NEXT: {{^ *}}|                                                               ^{{$}}
  #pragma omp parallel for schedule(blocked, 4) reduction(+ : nosuch)
  for (int x = 0; x < n; x++)
    A[x] = 1;
  // CHECK: {{^}}{{.*}}standard-clause-errors.c:[[@LINE+4]]:7: error: unexpected OpenMP clause 'nowait' in directive '#pragma omp parallel for'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |       nowait{{$}}
  // CHECK-NEXT: {{^ *}}|       ^{{$}}
  #pragma omp parallel for schedule ( blocked , 3 ) \
      nowait
  for (int x = 0; x < n; x++)
    A[x] = 1;
#line 200 "renamed.c"
  // CHECK: {{^}}renamed.c:201:45: error: use of undeclared identifier 'nosuch2'{{$}}
  #pragma omp for schedule(blocked) private(nosuch2)
  for (int x = 0; x < n; x++)
    A[x] = 1;
}

// CHECK-NOT: error:
// CHECK: {{^}}3 errors generated.{{$}}
