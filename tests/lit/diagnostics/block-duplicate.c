// Two '#pragma omp block' in one tiled nest: the second one is an error, with
// a note at the first, and no further error for that nest. Also when the
// second one is nested in the first one's statement, and when they are in
// different levels of the nest (the misplaced outer one is not reported
// again as "not in the innermost loop").
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void same_loop(int n, double *A) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    // CHECK: {{^}}{{.*}}block-duplicate.c:[[@LINE+8]]:5: error: more than one '#pragma omp block' in one tiled nest{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+7]] |     #pragma omp block{{$}}
    // CHECK-NEXT: {{^ *}}|     ^{{$}}
    // CHECK: {{^}}{{.*}}block-duplicate.c:[[@LINE+3]]:5: note: previous '#pragma omp block' is here{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+2]] |     #pragma omp block{{$}}
    // CHECK-NEXT: {{^ *}}|     ^{{$}}
    #pragma omp block
    A[i] = 0;
    #pragma omp block
    A[i] += 1;
  }
}

void nested_statement(int n, double *A) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int i = 0; i < n; i++) {
    // CHECK: {{^}}{{.*}}block-duplicate.c:[[@LINE+9]]:7: error: more than one '#pragma omp block' in one tiled nest{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+8]] |       #pragma omp block{{$}}
    // CHECK-NEXT: {{^ *}}|       ^{{$}}
    // CHECK: {{^}}{{.*}}block-duplicate.c:[[@LINE+3]]:5: note: previous '#pragma omp block' is here{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+2]] |     #pragma omp block{{$}}
    // CHECK-NEXT: {{^ *}}|     ^{{$}}
    #pragma omp block
    {
      A[i] = 0;
      #pragma omp block
      A[i] += 1;
    }
  }
}

void different_levels(int n, double *A) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    // CHECK: {{^}}{{.*}}block-duplicate.c:[[@LINE+10]]:7: error: more than one '#pragma omp block' in one tiled nest{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+9]] |       #pragma omp block{{$}}
    // CHECK-NEXT: {{^ *}}|       ^{{$}}
    // CHECK: {{^}}{{.*}}block-duplicate.c:[[@LINE+3]]:5: note: previous '#pragma omp block' is here{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+2]] |     #pragma omp block{{$}}
    // CHECK-NEXT: {{^ *}}|     ^{{$}}
    #pragma omp block
    A[i] = 0;
    #pragma omp for schedule(blocked)
    for (int j = 0; j < n; j++) {
      #pragma omp block
      A[i * n + j] = 1;
    }
  }
}

// CHECK-NOT: error:
// CHECK: {{^}}3 errors generated.{{$}}
