// The increment of a blocked loop must add a loop-invariant value to the
// variable or subtract one from it: multiplication ('x *= 2', 'x = 2 * x'),
// a missing increment, incrementing another variable and division are
// errors at 'schedule' with a note at the increment (at the ')' when it is
// missing).
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void multiply_assign(int n, double *A) {
  // CHECK: {{^}}{{.*}}loop-increment.c:[[@LINE+6]]:28: error: loop with 'schedule(blocked)' is not in canonical form: the increment must add a loop-invariant value to 'x' or subtract one from it{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                            ^{{$}}
  // CHECK: {{^}}{{.*}}loop-increment.c:[[@LINE+4]]:26: note: the increment is here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (int x = 1; x < n; x *= 2) A[x] = 0;{{$}}
  // CHECK-NEXT: {{^ *}}|                          ^{{$}}
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < n; x *= 2) A[x] = 0;
}

void multiply(int n, double *A) {
  int x;
  // CHECK: {{^}}{{.*}}loop-increment.c:[[@LINE+6]]:28: error: loop with 'schedule(blocked)' is not in canonical form: the increment must add a loop-invariant value to 'x' or subtract one from it{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                            ^{{$}}
  // CHECK: {{^}}{{.*}}loop-increment.c:[[@LINE+4]]:22: note: the increment is here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (x = 1; x < n; x = 2 * x) A[x] = 0;{{$}}
  // CHECK-NEXT: {{^ *}}|                      ^{{$}}
  #pragma omp parallel for schedule(blocked)
  for (x = 1; x < n; x = 2 * x) A[x] = 0;
}

void missing(int n, double *A) {
  // CHECK: {{^}}{{.*}}loop-increment.c:[[@LINE+6]]:19: error: loop with 'schedule(blocked)' is not in canonical form: the increment must add a loop-invariant value to 'x' or subtract one from it{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                   ^{{$}}
  // CHECK: {{^}}{{.*}}loop-increment.c:[[@LINE+4]]:25: note: the increment is here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (int x = 0; x < n;) A[x++] = 0;{{$}}
  // CHECK-NEXT: {{^ *}}|                         ^{{$}}
  #pragma omp for schedule(blocked)
  for (int x = 0; x < n;) A[x++] = 0;
}

void other_variable(int n, double *A) {
  int y = 0;
  // CHECK: {{^}}{{.*}}loop-increment.c:[[@LINE+6]]:28: error: loop with 'schedule(blocked)' is not in canonical form: the increment must add a loop-invariant value to 'x' or subtract one from it{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                            ^{{$}}
  // CHECK: {{^}}{{.*}}loop-increment.c:[[@LINE+4]]:26: note: the increment is here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (int x = 0; x < n; y++) A[x] = y;{{$}}
  // CHECK-NEXT: {{^ *}}|                          ^{{$}}
  #pragma omp parallel for schedule(blocked)
  for (int x = 0; x < n; y++) A[x] = y;
}

void divide(int n, double *A) {
  // CHECK: {{^}}{{.*}}loop-increment.c:[[@LINE+6]]:28: error: loop with 'schedule(blocked)' is not in canonical form: the increment must add a loop-invariant value to 'x' or subtract one from it{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                            ^{{$}}
  // CHECK: {{^}}{{.*}}loop-increment.c:[[@LINE+4]]:26: note: the increment is here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (int x = n; x > 0; x /= 2) A[x] = 0;{{$}}
  // CHECK-NEXT: {{^ *}}|                          ^{{$}}
  #pragma omp parallel for schedule(blocked)
  for (int x = n; x > 0; x /= 2) A[x] = 0;
}

// CHECK-NOT: error:
// CHECK: {{^}}5 errors generated.{{$}}
