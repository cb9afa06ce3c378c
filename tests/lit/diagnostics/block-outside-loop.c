// '#pragma omp block' that is not inside a loop with 'schedule(blocked)':
// in plain code, in a standard worksharing loop, in a plain loop, and after
// a blocked loop has ended. The error points at the directive.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void plain(double *A) {
  // CHECK: {{^}}{{.*}}block-outside-loop.c:[[@LINE+3]]:3: error: '#pragma omp block' must be inside a loop with 'schedule(blocked)'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp block{{$}}
  // CHECK-NEXT: {{^ *}}|   ^{{$}}
  #pragma omp block
  A[0] = 0;
}

void standard_loop(int n, double *A) {
  #pragma omp parallel for schedule(static)
  for (int i = 0; i < n; i++) {
    // CHECK: {{^}}{{.*}}block-outside-loop.c:[[@LINE+3]]:5: error: '#pragma omp block' must be inside a loop with 'schedule(blocked)'{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+2]] |     #pragma omp block{{$}}
    // CHECK-NEXT: {{^ *}}|     ^{{$}}
    #pragma omp block
    A[i] = 0;
  }
}

void plain_loop(int n, double *A) {
  for (int i = 0; i < n; i++) {
    // CHECK: {{^}}{{.*}}block-outside-loop.c:[[@LINE+3]]:5: error: '#pragma omp block' must be inside a loop with 'schedule(blocked)'{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+2]] |     #pragma omp block{{$}}
    // CHECK-NEXT: {{^ *}}|     ^{{$}}
    #pragma omp block
    {
      A[i] = 0;
    }
  }
}

void after_loop(int n, double *A) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++)
    A[i] = 0;
  // CHECK: {{^}}{{.*}}block-outside-loop.c:[[@LINE+3]]:3: error: '#pragma omp block' must be inside a loop with 'schedule(blocked)'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp block{{$}}
  // CHECK-NEXT: {{^ *}}|   ^{{$}}
  #pragma omp block
  A[0] = 1;
}

// CHECK-NOT: error:
// CHECK: {{^}}4 errors generated.{{$}}
