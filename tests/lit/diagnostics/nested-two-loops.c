// A blocked loop can contain only one nested blocked loop: the second one is
// an error, with a note at the first one. That is the only diagnostic, also
// when the loop has no '#pragma omp block' (the second loop is not reported
// again as a statement around the first).
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void with_block(int n, double *A) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    // CHECK: {{^}}{{.*}}nested-two-loops.c:[[@LINE+11]]:5: error: a blocked loop can contain only one nested blocked loop{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+10]] |     #pragma omp for schedule(blocked){{$}}
    // CHECK-NEXT: {{^ *}}|     ^{{$}}
    // CHECK: {{^}}{{.*}}nested-two-loops.c:[[@LINE+3]]:5: note: nested blocked loop is here{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+2]] |     #pragma omp for schedule(blocked){{$}}
    // CHECK-NEXT: {{^ *}}|     ^{{$}}
    #pragma omp for schedule(blocked)
    for (int j = 0; j < n; j++) {
      #pragma omp block
      A[i * n + j] = 0;
    }
    #pragma omp for schedule(blocked)
    for (int k = 0; k < n; k++)
      A[i * n + k] += 1;
  }
}

void without_block(int n, double *A) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    // CHECK: {{^}}{{.*}}nested-two-loops.c:[[@LINE+9]]:5: error: a blocked loop can contain only one nested blocked loop{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+8]] |     #pragma omp for schedule(blocked){{$}}
    // CHECK-NEXT: {{^ *}}|     ^{{$}}
    // CHECK: {{^}}{{.*}}nested-two-loops.c:[[@LINE+3]]:5: note: nested blocked loop is here{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+2]] |     #pragma omp for schedule(blocked){{$}}
    // CHECK-NEXT: {{^ *}}|     ^{{$}}
    #pragma omp for schedule(blocked)
    for (int j = 0; j < n; j++)
      A[i * n + j] = 0;
    #pragma omp for schedule(blocked)
    for (int k = 0; k < n; k++)
      A[i * n + k] += 1;
  }
}

// CHECK-NOT: error:
// CHECK: {{^}}2 errors generated.{{$}}
