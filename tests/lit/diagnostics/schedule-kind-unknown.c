// A schedule kind that is neither standard nor close to 'blocked' gets no
// suggestion; a schedule kind that is not an identifier is "expected". This
// holds on blocked-capable directives and on other directives alike.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void tiled(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-kind-unknown.c:[[@LINE+3]]:37: error: unknown schedule kind 'tiled'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(tiled){{$}}
  // CHECK-NEXT: {{^ *}}|                                     ^{{$}}
  #pragma omp parallel for schedule(tiled)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void blockwise(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-kind-unknown.c:[[@LINE+3]]:28: error: unknown schedule kind 'blockwise'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp for schedule(blockwise, 4){{$}}
  // CHECK-NEXT: {{^ *}}|                            ^{{$}}
  #pragma omp for schedule(blockwise, 4)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void uppercase(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-kind-unknown.c:[[@LINE+3]]:37: error: unknown schedule kind 'BLOCKED'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(BLOCKED){{$}}
  // CHECK-NEXT: {{^ *}}|                                     ^{{$}}
  #pragma omp parallel for schedule(BLOCKED)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void number(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-kind-unknown.c:[[@LINE+3]]:37: error: expected a schedule kind{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(4){{$}}
  // CHECK-NEXT: {{^ *}}|                                     ^{{$}}
  #pragma omp parallel for schedule(4)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void after_modifier(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-kind-unknown.c:[[@LINE+3]]:48: error: unknown schedule kind 'tiled'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(monotonic: tiled){{$}}
  // CHECK-NEXT: {{^ *}}|                                                ^{{$}}
  #pragma omp parallel for schedule(monotonic: tiled)
  for (int i = 0; i < n; i++) A[i] = 0;
}

// CHECK-NOT: error:
// CHECK: {{^}}5 errors generated.{{$}}
