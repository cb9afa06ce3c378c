// '#pragma omp block' takes no clause: any token after it is an error at that
// token.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void identifier(int n, double *A) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    // CHECK: {{^}}{{.*}}block-extra-tokens.c:[[@LINE+3]]:23: error: extra tokens at the end of '#pragma omp block'{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+2]] |     #pragma omp block extra{{$}}
    // CHECK-NEXT: {{^ *}}|                       ^{{$}}
    #pragma omp block extra
    A[i] = 0;
  }
}

void clause(int n, double *A) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    // CHECK: {{^}}{{.*}}block-extra-tokens.c:[[@LINE+3]]:23: error: extra tokens at the end of '#pragma omp block'{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+2]] |     #pragma omp block nowait{{$}}
    // CHECK-NEXT: {{^ *}}|                       ^{{$}}
    #pragma omp block nowait
    A[i] = 0;
  }
}

void parenthesis(int n, double *A) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    // CHECK: {{^}}{{.*}}block-extra-tokens.c:[[@LINE+3]]:22: error: extra tokens at the end of '#pragma omp block'{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+2]] |     #pragma omp block(1){{$}}
    // CHECK-NEXT: {{^ *}}|                      ^{{$}}
    #pragma omp block(1)
    A[i] = 0;
  }
}

// CHECK-NOT: error:
// CHECK: {{^}}3 errors generated.{{$}}
