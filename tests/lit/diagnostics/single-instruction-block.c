// '#pragma omp single' cannot be inside the instruction block (the
// statement after '#pragma omp block'), which runs once per iteration: an
// error at the 'single'. In the pre- and post-blocks it is allowed.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void inside(int n, double *A, int *c) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    #pragma omp single
    c[0] = 1;
    #pragma omp block
    {
      A[i] = 0;
      // CHECK: {{^}}{{.*}}single-instruction-block.c:[[@LINE+3]]:7: error: '#pragma omp single' cannot be inside the instruction block of a blocked loop{{$}}
      // CHECK-NEXT: {{^ *}}[[@LINE+2]] |       #pragma omp single{{$}}
      // CHECK-NEXT: {{^ *}}|       ^{{$}}
      #pragma omp single
      c[1] = 1;
    }
    #pragma omp single nowait
    c[2] = 1;
  }
}

void nested_loop(int n, double *A, int *c) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    #pragma omp for schedule(blocked)
    for (int j = 0; j < n; j++) {
      #pragma omp block
      if (A[j] > 0) {
        // CHECK: {{^}}{{.*}}single-instruction-block.c:[[@LINE+3]]:9: error: '#pragma omp single' cannot be inside the instruction block of a blocked loop{{$}}
        // CHECK-NEXT: {{^ *}}[[@LINE+2]] |         #pragma omp single nowait{{$}}
        // CHECK-NEXT: {{^ *}}|         ^{{$}}
        #pragma omp single nowait
        c[0] = j;
      }
    }
  }
}

// CHECK-NOT: error:
// CHECK: {{^}}2 errors generated.{{$}}
