// '#pragma omp block' must be followed by a statement: at the end of a
// compound statement (followed by '}') it is an error at the directive.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void at_end(int n, double *A) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    A[i] = 0;
    // CHECK: {{^}}{{.*}}block-no-statement.c:[[@LINE+3]]:5: error: expected a statement after '#pragma omp block'{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+2]] |     #pragma omp block{{$}}
    // CHECK-NEXT: {{^ *}}|     ^{{$}}
    #pragma omp block
  }
}

// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.{{$}}
