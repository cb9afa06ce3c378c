// A directive with 'schedule(blocked)' cannot have a second 'schedule'
// clause, before or after it, blocked or standard. The error points at the
// second 'schedule' and names the directive.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void blocked_then_static(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-duplicate.c:[[@LINE+3]]:46: error: directive '#pragma omp parallel for' cannot contain more than one 'schedule' clause{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked) schedule(static){{$}}
  // CHECK-NEXT: {{^ *}}|                                              ^{{$}}
  #pragma omp parallel for schedule(blocked) schedule(static)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void static_then_blocked(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-duplicate.c:[[@LINE+3]]:45: error: directive '#pragma omp parallel for' cannot contain more than one 'schedule' clause{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(static) schedule(blocked, 4){{$}}
  // CHECK-NEXT: {{^ *}}|                                             ^{{$}}
  #pragma omp parallel for schedule(static) schedule(blocked, 4)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void blocked_twice(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-duplicate.c:[[@LINE+3]]:44: error: directive '#pragma omp for' cannot contain more than one 'schedule' clause{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp for schedule(blocked) nowait schedule(blocked, 8){{$}}
  // CHECK-NEXT: {{^ *}}|                                            ^{{$}}
  #pragma omp for schedule(blocked) nowait schedule(blocked, 8)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void dynamic_then_blocked(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-duplicate.c:[[@LINE+3]]:60: error: directive '#pragma omp parallel for' cannot contain more than one 'schedule' clause{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(dynamic, 2) private(n) schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                                                            ^{{$}}
  #pragma omp parallel for schedule(dynamic, 2) private(n) schedule(blocked)
  for (int i = 0; i < 8; i++) A[i] = 0;
}

// CHECK-NOT: error:
// CHECK: {{^}}4 errors generated.{{$}}
