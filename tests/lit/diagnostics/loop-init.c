// Non-canonical initialization of a blocked loop: missing, declaring two
// variables, a declaration without initializer, an expression that is not
// an assignment to a variable. The error is at 'schedule', with a note at
// the initialization (or at the '(' when it is missing).
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void missing(int n, double *A) {
  int i = 0;
  // CHECK: {{^}}{{.*}}loop-init.c:[[@LINE+6]]:28: error: loop with 'schedule(blocked)' is not in canonical form: the initialization must be 'var = init' or 'T var = init'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                            ^{{$}}
  // CHECK: {{^}}{{.*}}loop-init.c:[[@LINE+4]]:7: note: the initialization is here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (; i < n; i++) A[i] = 0;{{$}}
  // CHECK-NEXT: {{^ *}}|       ^{{$}}
  #pragma omp parallel for schedule(blocked)
  for (; i < n; i++) A[i] = 0;
}

void two_variables(int n, double *A) {
  // CHECK: {{^}}{{.*}}loop-init.c:[[@LINE+6]]:28: error: loop with 'schedule(blocked)' is not in canonical form: the initialization must be 'var = init' or 'T var = init'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                            ^{{$}}
  // CHECK: {{^}}{{.*}}loop-init.c:[[@LINE+4]]:8: note: the initialization is here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (int x = 0, y = 0; x < n; x++) A[x] = y;{{$}}
  // CHECK-NEXT: {{^ *}}|        ^{{$}}
  #pragma omp parallel for schedule(blocked)
  for (int x = 0, y = 0; x < n; x++) A[x] = y;
}

void no_initializer(int n, double *A) {
  // CHECK: {{^}}{{.*}}loop-init.c:[[@LINE+6]]:19: error: loop with 'schedule(blocked)' is not in canonical form: the initialization must be 'var = init' or 'T var = init'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp for schedule(blocked, 4){{$}}
  // CHECK-NEXT: {{^ *}}|                   ^{{$}}
  // CHECK: {{^}}{{.*}}loop-init.c:[[@LINE+4]]:8: note: the initialization is here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (int x; x < n; x++) A[x] = 0;{{$}}
  // CHECK-NEXT: {{^ *}}|        ^{{$}}
  #pragma omp for schedule(blocked, 4)
  for (int x; x < n; x++) A[x] = 0;
}

void compound_assignment(int n, double *A) {
  int x = 0;
  // CHECK: {{^}}{{.*}}loop-init.c:[[@LINE+6]]:28: error: loop with 'schedule(blocked)' is not in canonical form: the initialization must be 'var = init' or 'T var = init'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                            ^{{$}}
  // CHECK: {{^}}{{.*}}loop-init.c:[[@LINE+4]]:8: note: the initialization is here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (x += 1; x < n; x++) A[x] = 0;{{$}}
  // CHECK-NEXT: {{^ *}}|        ^{{$}}
  #pragma omp parallel for schedule(blocked)
  for (x += 1; x < n; x++) A[x] = 0;
}

void call(int n, double *A, int (*start)(void)) {
  int x = 0;
  // CHECK: {{^}}{{.*}}loop-init.c:[[@LINE+6]]:28: error: loop with 'schedule(blocked)' is not in canonical form: the initialization must be 'var = init' or 'T var = init'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                            ^{{$}}
  // CHECK: {{^}}{{.*}}loop-init.c:[[@LINE+4]]:8: note: the initialization is here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (start(); x < n; x++) A[x] = 0;{{$}}
  // CHECK-NEXT: {{^ *}}|        ^{{$}}
  #pragma omp parallel for schedule(blocked)
  for (start(); x < n; x++) A[x] = 0;
}

// CHECK-NOT: error:
// CHECK: {{^}}5 errors generated.{{$}}
