// Errors in the standard clauses of a rewritten directive (issue 7, defect
// 7) come from clang at the user's line and column, quoting the user's line:
// the directive is kept as written (macros make 'schedule(blocked)' the
// tile schedule). A clause clang does not know is an error, not a warning:
// clang would drop the clauses after it, the tile schedule among them.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s
#define SCHED schedule(blocked, 2 * 2)

void f(int n, double *A) {
  // CHECK: {{^}}{{.*}}standard-clause-errors.c:[[@LINE+3]]:63: error: use of undeclared identifier 'nosuch'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked, 4) reduction(+ : nosuch){{$}}
  // CHECK-NEXT: {{^ *}}|                                                               ^{{$}}
  #pragma omp parallel for schedule(blocked, 4) reduction(+ : nosuch)
  for (int x = 0; x < n; x++)
    A[x] = 1;
  // CHECK: {{^}}{{.*}}standard-clause-errors.c:[[@LINE+3]]:34: error: extra tokens at the end of '#pragma omp parallel for' are ignored [-Werror,-Wextra-tokens]{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for SCHED unknownclause{{$}}
  // CHECK-NEXT: {{^ *}}|                                  ^{{$}}
  #pragma omp parallel for SCHED unknownclause
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
// CHECK: {{^}}4 errors generated.{{$}}
