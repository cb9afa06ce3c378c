// A loop with 'schedule(blocked)' inside the instruction block (the
// statement after '#pragma omp block') is an error at its directive, however
// deep it is in that statement.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void direct(int n, double *A) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    #pragma omp block
    {
      // CHECK: {{^}}{{.*}}blocked-in-instruction-block.c:[[@LINE+3]]:7: error: a loop with 'schedule(blocked)' cannot be inside the instruction block{{$}}
      // CHECK-NEXT: {{^ *}}[[@LINE+2]] |       #pragma omp for schedule(blocked){{$}}
      // CHECK-NEXT: {{^ *}}|       ^{{$}}
      #pragma omp for schedule(blocked)
      for (int j = 0; j < n; j++)
        A[j] = 0;
    }
  }
}

void deeper(int n, double *A) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    #pragma omp block
    if (A[i] > 0) {
      for (int k = 0; k < 2; k++) {
        // CHECK: {{^}}{{.*}}blocked-in-instruction-block.c:[[@LINE+3]]:9: error: a loop with 'schedule(blocked)' cannot be inside the instruction block{{$}}
        // CHECK-NEXT: {{^ *}}[[@LINE+2]] |         #pragma omp parallel for schedule(blocked, 4){{$}}
        // CHECK-NEXT: {{^ *}}|         ^{{$}}
        #pragma omp parallel for schedule(blocked, 4)
        for (int j = 0; j < n; j++)
          A[j] = k;
      }
    }
  }
}

// CHECK-NOT: error:
// CHECK: {{^}}2 errors generated.{{$}}
