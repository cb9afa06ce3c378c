// Clauses that reshape the iteration space or its order, 'collapse',
// 'ordered' (with or without a count) and 'linear', cannot be combined with
// 'schedule(blocked)', whichever comes first. The error points at the clause.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void collapse(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-clauses.c:[[@LINE+3]]:46: error: 'collapse' clause cannot be used with 'schedule(blocked)'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked) collapse(2){{$}}
  // CHECK-NEXT: {{^ *}}|                                              ^{{$}}
  #pragma omp parallel for schedule(blocked) collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i * n + j] = 0;
}

void ordered(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-clauses.c:[[@LINE+3]]:28: error: 'ordered' clause cannot be used with 'schedule(blocked)'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for ordered schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                            ^{{$}}
  #pragma omp parallel for ordered schedule(blocked)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void ordered_count(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-clauses.c:[[@LINE+3]]:40: error: 'ordered' clause cannot be used with 'schedule(blocked)'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp for schedule(blocked, 4) ordered(1){{$}}
  // CHECK-NEXT: {{^ *}}|                                        ^{{$}}
  #pragma omp for schedule(blocked, 4) ordered(1)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void linear(int n, double *A) {
  int k = 0;
  // CHECK: {{^}}{{.*}}schedule-clauses.c:[[@LINE+3]]:46: error: 'linear' clause cannot be used with 'schedule(blocked)'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked) linear(k: 1){{$}}
  // CHECK-NEXT: {{^ *}}|                                              ^{{$}}
  #pragma omp parallel for schedule(blocked) linear(k: 1)
  for (int i = 0; i < n; i++) A[i] = k;
}

// CHECK-NOT: error:
// CHECK: {{^}}4 errors generated.{{$}}
