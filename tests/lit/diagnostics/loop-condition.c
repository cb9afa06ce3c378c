// The condition of a blocked loop must compare the loop variable with '<',
// '<=', '>', '>=' or '!=': a conjunction, a missing condition, '==', a
// condition on another variable, and a call are errors at 'schedule' with a
// note at the condition.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void conjunction(int n, int m, double *A) {
  // CHECK: {{^}}{{.*}}loop-condition.c:[[@LINE+6]]:28: error: loop with 'schedule(blocked)' is not in canonical form: the condition must compare 'x' with '<', '<=', '>', '>=' or '!='{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                            ^{{$}}
  // CHECK: {{^}}{{.*}}loop-condition.c:[[@LINE+4]]:19: note: the condition is here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (int x = 0; x < n && x < m; x++) A[x] = 0;{{$}}
  // CHECK-NEXT: {{^ *}}|                   ^{{$}}
  #pragma omp parallel for schedule(blocked)
  for (int x = 0; x < n && x < m; x++) A[x] = 0;
}

void missing(int n, double *A) {
  // CHECK: {{^}}{{.*}}loop-condition.c:[[@LINE+6]]:28: error: loop with 'schedule(blocked)' is not in canonical form: the condition must compare 'x' with '<', '<=', '>', '>=' or '!='{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                            ^{{$}}
  // CHECK: {{^}}{{.*}}loop-condition.c:[[@LINE+4]]:18: note: the condition is here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (int x = 0;; x++) A[x] = 0;{{$}}
  // CHECK-NEXT: {{^ *}}|                  ^{{$}}
  #pragma omp parallel for schedule(blocked)
  for (int x = 0;; x++) A[x] = 0;
}

void equality(int n, double *A) {
  // CHECK: {{^}}{{.*}}loop-condition.c:[[@LINE+6]]:19: error: loop with 'schedule(blocked)' is not in canonical form: the condition must compare 'x' with '<', '<=', '>', '>=' or '!='{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                   ^{{$}}
  // CHECK: {{^}}{{.*}}loop-condition.c:[[@LINE+4]]:19: note: the condition is here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (int x = 0; x == n; x++) A[x] = 0;{{$}}
  // CHECK-NEXT: {{^ *}}|                   ^{{$}}
  #pragma omp for schedule(blocked)
  for (int x = 0; x == n; x++) A[x] = 0;
}

void other_variable(int n, double *A) {
  int y = 0;
  // CHECK: {{^}}{{.*}}loop-condition.c:[[@LINE+6]]:28: error: loop with 'schedule(blocked)' is not in canonical form: the condition must compare 'x' with '<', '<=', '>', '>=' or '!='{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                            ^{{$}}
  // CHECK: {{^}}{{.*}}loop-condition.c:[[@LINE+4]]:19: note: the condition is here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (int x = 0; y < n; x++) A[x] = 0;{{$}}
  // CHECK-NEXT: {{^ *}}|                   ^{{$}}
  #pragma omp parallel for schedule(blocked)
  for (int x = 0; y < n; x++) A[x] = 0;
}

void call(int n, double *A, int (*more)(int)) {
  // CHECK: {{^}}{{.*}}loop-condition.c:[[@LINE+6]]:28: error: loop with 'schedule(blocked)' is not in canonical form: the condition must compare 'x' with '<', '<=', '>', '>=' or '!='{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                            ^{{$}}
  // CHECK: {{^}}{{.*}}loop-condition.c:[[@LINE+4]]:19: note: the condition is here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (int x = 0; more(x); x++) A[x] = 0;{{$}}
  // CHECK-NEXT: {{^ *}}|                   ^{{$}}
  #pragma omp parallel for schedule(blocked)
  for (int x = 0; more(x); x++) A[x] = 0;
}

// CHECK-NOT: error:
// CHECK: {{^}}5 errors generated.{{$}}
