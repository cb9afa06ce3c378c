// Without '#pragma omp block' the whole body of the innermost blocked loop is
// the instruction block (EXTENSIONS 1.3), so a '#pragma omp single' in it is
// inside the instruction block: the same error as with an explicit block.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void plain_tiling(int n, double *A, int *c) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int i = 0; i < n; i++) {
    // CHECK: {{^}}{{.*}}single-implicit-instruction-block.c:[[@LINE+3]]:5: error: '#pragma omp single' cannot be inside the instruction block of a blocked loop{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+2]] |     #pragma omp single{{$}}
    // CHECK-NEXT: {{^ *}}|     ^{{$}}
    #pragma omp single
    c[0] = 1;
    A[i] = 0;
  }
}

void innermost_of_nest(int n, double *A, int *c) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    #pragma omp for schedule(blocked)
    for (int j = 0; j < n; j++) {
      A[i * n + j] = 0;
      // CHECK: {{^}}{{.*}}single-implicit-instruction-block.c:[[@LINE+3]]:7: error: '#pragma omp single' cannot be inside the instruction block of a blocked loop{{$}}
      // CHECK-NEXT: {{^ *}}[[@LINE+2]] |       #pragma omp single nowait{{$}}
      // CHECK-NEXT: {{^ *}}|       ^{{$}}
      #pragma omp single nowait
      c[1] = 1;
    }
  }
}

// CHECK-NOT: error:
// CHECK: {{^}}2 errors generated.{{$}}
