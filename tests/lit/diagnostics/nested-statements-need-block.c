// Without '#pragma omp block', a blocked loop with a nested blocked loop may
// hold nothing but that loop (empty statements aside): statements before or
// after it need '#pragma omp block' to say where the instruction block is.
// The error is at the outer directive.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void before(int n, double *A) {
  // CHECK: {{^}}{{.*}}nested-statements-need-block.c:[[@LINE+3]]:3: error: statements around a nested blocked loop need '#pragma omp block' to mark the instruction block{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|   ^{{$}}
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    A[i] = 1;
    #pragma omp for schedule(blocked)
    for (int j = 0; j < n; j++)
      A[j] = 0;
  }
}

void after(int n, double *A) {
  // CHECK: {{^}}{{.*}}nested-statements-need-block.c:[[@LINE+3]]:3: error: statements around a nested blocked loop need '#pragma omp block' to mark the instruction block{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|   ^{{$}}
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    #pragma omp for schedule(blocked)
    for (int j = 0; j < n; j++)
      A[j] = 0;
    A[i] = 1;
  }
}

void middle_level(int n, double *A) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    // CHECK: {{^}}{{.*}}nested-statements-need-block.c:[[@LINE+3]]:5: error: statements around a nested blocked loop need '#pragma omp block' to mark the instruction block{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+2]] |     #pragma omp for schedule(blocked){{$}}
    // CHECK-NEXT: {{^ *}}|     ^{{$}}
    #pragma omp for schedule(blocked)
    for (int j = 0; j < n; j++) {
      int t = i + j;
      #pragma omp for schedule(blocked)
      for (int k = 0; k < n; k++)
        A[t + k] = 0;
    }
  }
}

void empty_statements_are_fine(int n, double *A) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    ;
    #pragma omp for schedule(blocked)
    for (int j = 0; j < n; j++)
      A[i * n + j] = 0;
    ;
  }
}

// CHECK-NOT: error:
// CHECK: {{^}}3 errors generated.{{$}}
