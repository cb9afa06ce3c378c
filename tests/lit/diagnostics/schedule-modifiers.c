// Schedule modifiers ('monotonic', 'nonmonotonic', 'simd', or several) are
// not allowed with 'schedule(blocked)': the order of tiles is fixed by the
// extension. The error points at the first modifier.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void monotonic(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-modifiers.c:[[@LINE+3]]:37: error: schedule modifiers cannot be used with 'schedule(blocked)'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(monotonic: blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                                     ^{{$}}
  #pragma omp parallel for schedule(monotonic: blocked)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void nonmonotonic(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-modifiers.c:[[@LINE+3]]:28: error: schedule modifiers cannot be used with 'schedule(blocked)'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp for schedule(nonmonotonic: blocked, 4){{$}}
  // CHECK-NEXT: {{^ *}}|                            ^{{$}}
  #pragma omp for schedule(nonmonotonic: blocked, 4)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void simd(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-modifiers.c:[[@LINE+3]]:37: error: schedule modifiers cannot be used with 'schedule(blocked)'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(simd:blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                                     ^{{$}}
  #pragma omp parallel for schedule(simd:blocked)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void two_modifiers(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-modifiers.c:[[@LINE+3]]:37: error: schedule modifiers cannot be used with 'schedule(blocked)'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(monotonic, simd: blocked, 8){{$}}
  // CHECK-NEXT: {{^ *}}|                                     ^{{$}}
  #pragma omp parallel for schedule(monotonic, simd: blocked, 8)
  for (int i = 0; i < n; i++) A[i] = 0;
}

// CHECK-NOT: error:
// CHECK: {{^}}4 errors generated.{{$}}
