// '#pragma omp block' must be in the innermost blocked loop of its nest: in
// an outer loop that has a nested blocked loop it is an error, with a note at
// the nested loop's directive; also when the block comes after the nested
// loop, and in a three-level nest.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void before_nested(int n, double *A) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    // CHECK: {{^}}{{.*}}block-not-innermost.c:[[@LINE+6]]:5: error: '#pragma omp block' must be in the innermost blocked loop of its nest{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+5]] |     #pragma omp block{{$}}
    // CHECK-NEXT: {{^ *}}|     ^{{$}}
    // CHECK: {{^}}{{.*}}block-not-innermost.c:[[@LINE+5]]:5: note: nested blocked loop is here{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+4]] |     #pragma omp for schedule(blocked){{$}}
    // CHECK-NEXT: {{^ *}}|     ^{{$}}
    #pragma omp block
    A[i] = 0;
    #pragma omp for schedule(blocked)
    for (int j = 0; j < n; j++)
      A[i * n + j] = 0;
  }
}

void after_nested(int n, double *A) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int i = 0; i < n; i++) {
    // CHECK: {{^}}{{.*}}block-not-innermost.c:[[@LINE+9]]:5: error: '#pragma omp block' must be in the innermost blocked loop of its nest{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+8]] |     #pragma omp block{{$}}
    // CHECK-NEXT: {{^ *}}|     ^{{$}}
    // CHECK: {{^}}{{.*}}block-not-innermost.c:[[@LINE+3]]:5: note: nested blocked loop is here{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+2]] |     #pragma omp for schedule(blocked, 4){{$}}
    // CHECK-NEXT: {{^ *}}|     ^{{$}}
    #pragma omp for schedule(blocked, 4)
    for (int j = 0; j < n; j++)
      A[i * n + j] = 0;
    #pragma omp block
    A[i] = 0;
  }
}

void middle_of_three(int n, double *A) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    #pragma omp for schedule(blocked)
    for (int j = 0; j < n; j++) {
      // CHECK: {{^}}{{.*}}block-not-innermost.c:[[@LINE+6]]:7: error: '#pragma omp block' must be in the innermost blocked loop of its nest{{$}}
      // CHECK-NEXT: {{^ *}}[[@LINE+5]] |       #pragma omp block{{$}}
      // CHECK-NEXT: {{^ *}}|       ^{{$}}
      // CHECK: {{^}}{{.*}}block-not-innermost.c:[[@LINE+5]]:7: note: nested blocked loop is here{{$}}
      // CHECK-NEXT: {{^ *}}[[@LINE+4]] |       #pragma omp for schedule(blocked){{$}}
      // CHECK-NEXT: {{^ *}}|       ^{{$}}
      #pragma omp block
      A[i + j] = 0;
      #pragma omp for schedule(blocked)
      for (int k = 0; k < n; k++)
        A[i + j + k] = 0;
    }
  }
}

// CHECK-NOT: error:
// CHECK: {{^}}3 errors generated.{{$}}
