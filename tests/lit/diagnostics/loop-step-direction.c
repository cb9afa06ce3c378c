// A constant step that never reaches the bound: zero, or going the wrong way
// for the comparison ('i--' with '<', '++' with '>', 'i -= 1' with '<=',
// 'i += -1' with '<', 'i = i - 2' with '<'). The error is at 'schedule' and
// names the comparison (or says the step is zero), with a note at the
// increment.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void zero_step(int n, double *A) {
  // CHECK: {{^}}{{.*}}loop-step-direction.c:[[@LINE+6]]:28: error: loop with 'schedule(blocked)' never reaches its bound: the step of 'x' is zero{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                            ^{{$}}
  // CHECK: {{^}}{{.*}}loop-step-direction.c:[[@LINE+4]]:26: note: the increment is here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (int x = 0; x < n; x += 0) A[x] = 0;{{$}}
  // CHECK-NEXT: {{^ *}}|                          ^{{$}}
  #pragma omp parallel for schedule(blocked)
  for (int x = 0; x < n; x += 0) A[x] = 0;
}

void zero_step_not_equal(int n, double *A) {
  // CHECK: {{^}}{{.*}}loop-step-direction.c:[[@LINE+6]]:28: error: loop with 'schedule(blocked)' never reaches its bound: the step of 'x' is zero{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                            ^{{$}}
  // CHECK: {{^}}{{.*}}loop-step-direction.c:[[@LINE+4]]:27: note: the increment is here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (int x = 0; x != n; x -= 0) A[x] = 0;{{$}}
  // CHECK-NEXT: {{^ *}}|                           ^{{$}}
  #pragma omp parallel for schedule(blocked)
  for (int x = 0; x != n; x -= 0) A[x] = 0;
}

void decrement_less(int n, double *A) {
  int i;
  // CHECK: {{^}}{{.*}}loop-step-direction.c:[[@LINE+6]]:28: error: loop with 'schedule(blocked)' never reaches its bound: the step of 'i' goes the wrong way for '<'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                            ^{{$}}
  // CHECK: {{^}}{{.*}}loop-step-direction.c:[[@LINE+4]]:22: note: the increment is here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (i = 0; i < n; i--) A[i] = 0;{{$}}
  // CHECK-NEXT: {{^ *}}|                      ^{{$}}
  #pragma omp parallel for schedule(blocked)
  for (i = 0; i < n; i--) A[i] = 0;
}

void increment_greater(int n, double *A) {
  // CHECK: {{^}}{{.*}}loop-step-direction.c:[[@LINE+6]]:19: error: loop with 'schedule(blocked)' never reaches its bound: the step of 'i' goes the wrong way for '>'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp for schedule(blocked, 4){{$}}
  // CHECK-NEXT: {{^ *}}|                   ^{{$}}
  // CHECK: {{^}}{{.*}}loop-step-direction.c:[[@LINE+4]]:26: note: the increment is here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (int i = n; i > 0; ++i) A[i] = 0;{{$}}
  // CHECK-NEXT: {{^ *}}|                          ^{{$}}
  #pragma omp for schedule(blocked, 4)
  for (int i = n; i > 0; ++i) A[i] = 0;
}

void minus_less_equal(int n, double *A) {
  // CHECK: {{^}}{{.*}}loop-step-direction.c:[[@LINE+6]]:28: error: loop with 'schedule(blocked)' never reaches its bound: the step of 'i' goes the wrong way for '<='{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                            ^{{$}}
  // CHECK: {{^}}{{.*}}loop-step-direction.c:[[@LINE+4]]:27: note: the increment is here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (int i = 0; i <= n; i -= 1) A[i] = 0;{{$}}
  // CHECK-NEXT: {{^ *}}|                           ^{{$}}
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i <= n; i -= 1) A[i] = 0;
}

void negative_add(int n, double *A) {
  // CHECK: {{^}}{{.*}}loop-step-direction.c:[[@LINE+6]]:28: error: loop with 'schedule(blocked)' never reaches its bound: the step of 'i' goes the wrong way for '<'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                            ^{{$}}
  // CHECK: {{^}}{{.*}}loop-step-direction.c:[[@LINE+4]]:26: note: the increment is here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (int i = 0; i < n; i += -1) A[i] = 0;{{$}}
  // CHECK-NEXT: {{^ *}}|                          ^{{$}}
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i += -1) A[i] = 0;
}

void subtract_assign(int n, double *A) {
  // CHECK: {{^}}{{.*}}loop-step-direction.c:[[@LINE+6]]:28: error: loop with 'schedule(blocked)' never reaches its bound: the step of 'i' goes the wrong way for '>='{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                            ^{{$}}
  // CHECK: {{^}}{{.*}}loop-step-direction.c:[[@LINE+4]]:27: note: the increment is here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (int i = n; i >= 0; i = i + 2) A[i] = 0;{{$}}
  // CHECK-NEXT: {{^ *}}|                           ^{{$}}
  #pragma omp parallel for schedule(blocked)
  for (int i = n; i >= 0; i = i + 2) A[i] = 0;
}

// CHECK-NOT: error:
// CHECK: {{^}}7 errors generated.{{$}}
