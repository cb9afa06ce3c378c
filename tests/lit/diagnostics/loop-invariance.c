// The bound and the step of a blocked loop must not depend on the loop
// variable: errors at 'schedule' naming the part, with a note at it.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

int limit(int);

void bound(int n, double *A) {
  // CHECK: {{^}}{{.*}}loop-invariance.c:[[@LINE+6]]:28: error: loop with 'schedule(blocked)' is not in canonical form: the bound of loop variable 'x' must not depend on it{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                            ^{{$}}
  // CHECK: {{^}}{{.*}}loop-invariance.c:[[@LINE+4]]:23: note: the bound is here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (int x = 0; x < n - x; x++) A[x] = 0;{{$}}
  // CHECK-NEXT: {{^ *}}|                       ^{{$}}
  #pragma omp parallel for schedule(blocked)
  for (int x = 0; x < n - x; x++) A[x] = 0;
}

void bound_call(double *A) {
  // CHECK: {{^}}{{.*}}loop-invariance.c:[[@LINE+6]]:28: error: loop with 'schedule(blocked)' is not in canonical form: the bound of loop variable 'x' must not depend on it{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                            ^{{$}}
  // CHECK: {{^}}{{.*}}loop-invariance.c:[[@LINE+4]]:19: note: the bound is here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (int x = 0; limit(x) > x; x++) A[x] = 0;{{$}}
  // CHECK-NEXT: {{^ *}}|                   ^{{$}}
  #pragma omp parallel for schedule(blocked)
  for (int x = 0; limit(x) > x; x++) A[x] = 0;
}

void step(int n, double *A) {
  // CHECK: {{^}}{{.*}}loop-invariance.c:[[@LINE+6]]:19: error: loop with 'schedule(blocked)' is not in canonical form: the step of loop variable 'x' must not depend on it{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                   ^{{$}}
  // CHECK: {{^}}{{.*}}loop-invariance.c:[[@LINE+4]]:31: note: the step is here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (int x = 0; x < n; x += x + 1) A[x] = 0;{{$}}
  // CHECK-NEXT: {{^ *}}|                               ^{{$}}
  #pragma omp for schedule(blocked)
  for (int x = 0; x < n; x += x + 1) A[x] = 0;
}

void step_assign(int n, double *A) {
  // CHECK: {{^}}{{.*}}loop-invariance.c:[[@LINE+6]]:28: error: loop with 'schedule(blocked)' is not in canonical form: the step of loop variable 'x' must not depend on it{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                            ^{{$}}
  // CHECK: {{^}}{{.*}}loop-invariance.c:[[@LINE+4]]:34: note: the step is here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (int x = 0; x < n; x = x + (x / 2 + 1)) A[x] = 0;{{$}}
  // CHECK-NEXT: {{^ *}}|                                  ^{{$}}
  #pragma omp parallel for schedule(blocked)
  for (int x = 0; x < n; x = x + (x / 2 + 1)) A[x] = 0;
}

// CHECK-NOT: error:
// CHECK: {{^}}4 errors generated.{{$}}
