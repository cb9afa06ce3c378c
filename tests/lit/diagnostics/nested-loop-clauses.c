// A nested 'for schedule(blocked)' runs sequentially inside its enclosing
// tile, so of the worksharing clauses only 'private' (and 'nowait') keep a
// meaning on it: 'reduction', 'firstprivate' and 'lastprivate' are errors
// at the clause instead of being dropped silently.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void reduction(int n, double *A, double s) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    // CHECK: {{^}}{{.*}}nested-loop-clauses.c:[[@LINE+3]]:39: error: 'reduction' clause is not supported on a nested blocked loop: it runs sequentially inside its enclosing tile{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+2]] |     #pragma omp for schedule(blocked) reduction(+: s){{$}}
    // CHECK-NEXT: {{^ *}}|                                       ^{{$}}
    #pragma omp for schedule(blocked) reduction(+: s)
    for (int j = 0; j < n; j++)
      s += A[i * n + j];
  }
}

void firstprivate(int n, double *A, double s) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    // CHECK: {{^}}{{.*}}nested-loop-clauses.c:[[@LINE+3]]:50: error: 'firstprivate' clause is not supported on a nested blocked loop: it runs sequentially inside its enclosing tile{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+2]] |     #pragma omp for schedule(blocked) private(i) firstprivate(s){{$}}
    // CHECK-NEXT: {{^ *}}|                                                  ^{{$}}
    #pragma omp for schedule(blocked) private(i) firstprivate(s)
    for (int j = 0; j < n; j++)
      A[j] = s;
  }
}

void lastprivate(int n, double *A, double s) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    #pragma omp for schedule(blocked, 4)
    for (int j = 0; j < n; j++) {
      // CHECK: {{^}}{{.*}}nested-loop-clauses.c:[[@LINE+3]]:48: error: 'lastprivate' clause is not supported on a nested blocked loop: it runs sequentially inside its enclosing tile{{$}}
      // CHECK-NEXT: {{^ *}}[[@LINE+2]] |       #pragma omp for nowait schedule(blocked) lastprivate(s){{$}}
      // CHECK-NEXT: {{^ *}}|                                                ^{{$}}
      #pragma omp for nowait schedule(blocked) lastprivate(s)
      for (int k = 0; k < n; k++)
        s = A[i + j + k];
    }
  }
}

// CHECK-NOT: error:
// CHECK: {{^}}3 errors generated.{{$}}
