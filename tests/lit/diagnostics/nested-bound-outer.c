// The bounds of a nested blocked loop (initial value, bound, step) cannot
// depend on an enclosing blocked loop variable: a nested loop is set up once
// per tile of its parent, when that variable only holds the tile's first
// value. The error is at the nested directive and names the variable.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void triangular_bound(int n, double *A) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    // CHECK: {{^}}{{.*}}nested-bound-outer.c:[[@LINE+3]]:5: error: bounds of a nested blocked loop cannot depend on the enclosing blocked loop variable 'i'{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+2]] |     #pragma omp for schedule(blocked){{$}}
    // CHECK-NEXT: {{^ *}}|     ^{{$}}
    #pragma omp for schedule(blocked)
    for (int j = 0; j < i; j++)
      A[j] = 0;
  }
}

void triangular_init(int n, double *A) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int i = 0; i < n; i++) {
    // CHECK: {{^}}{{.*}}nested-bound-outer.c:[[@LINE+3]]:5: error: bounds of a nested blocked loop cannot depend on the enclosing blocked loop variable 'i'{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+2]] |     #pragma omp for schedule(blocked, 4){{$}}
    // CHECK-NEXT: {{^ *}}|     ^{{$}}
    #pragma omp for schedule(blocked, 4)
    for (int j = i; j < n; j++)
      A[j] = 0;
  }
}

void step(int n, double *A) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    // CHECK: {{^}}{{.*}}nested-bound-outer.c:[[@LINE+3]]:5: error: bounds of a nested blocked loop cannot depend on the enclosing blocked loop variable 'i'{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+2]] |     #pragma omp for schedule(blocked){{$}}
    // CHECK-NEXT: {{^ *}}|     ^{{$}}
    #pragma omp for schedule(blocked)
    for (int j = 0; j < n; j += i + 1)
      A[j] = 0;
  }
}

void outermost(int n, double *A) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    #pragma omp for schedule(blocked)
    for (int j = 0; j < n; j++) {
      // CHECK: {{^}}{{.*}}nested-bound-outer.c:[[@LINE+3]]:7: error: bounds of a nested blocked loop cannot depend on the enclosing blocked loop variable 'i'{{$}}
      // CHECK-NEXT: {{^ *}}[[@LINE+2]] |       #pragma omp for schedule(blocked){{$}}
      // CHECK-NEXT: {{^ *}}|       ^{{$}}
      #pragma omp for schedule(blocked)
      for (int k = 0; k < n - i; k++)
        A[i + j + k] = 0;
    }
  }
}

// CHECK-NOT: error:
// CHECK: {{^}}4 errors generated.{{$}}
