// An unknown schedule kind within two edits of 'blocked' ('blokced',
// 'Blocked', 'block', 'blockd', 'bloked') is reported with a suggestion and a
// fix-it replacing the kind by 'blocked' (the whole kind is underlined and
// the replacement is printed under it).
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void swapped(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-kind-typo.c:[[@LINE+4]]:37: error: unknown schedule kind 'blokced'; did you mean 'blocked'?{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   #pragma omp parallel for schedule(blokced){{$}}
  // CHECK-NEXT: {{^ *}}|                                     ^~~~~~~{{$}}
  // CHECK-NEXT: {{^ *}}|                                     blocked{{$}}
  #pragma omp parallel for schedule(blokced)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void capitalized(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-kind-typo.c:[[@LINE+4]]:28: error: unknown schedule kind 'Blocked'; did you mean 'blocked'?{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   #pragma omp for schedule(Blocked, 4){{$}}
  // CHECK-NEXT: {{^ *}}|                            ^~~~~~~{{$}}
  // CHECK-NEXT: {{^ *}}|                            blocked{{$}}
  #pragma omp for schedule(Blocked, 4)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void truncated(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-kind-typo.c:[[@LINE+4]]:37: error: unknown schedule kind 'block'; did you mean 'blocked'?{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   #pragma omp parallel for schedule(block){{$}}
  // CHECK-NEXT: {{^ *}}|                                     ^~~~~{{$}}
  // CHECK-NEXT: {{^ *}}|                                     blocked{{$}}
  #pragma omp parallel for schedule(block)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void missing_letter(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-kind-typo.c:[[@LINE+4]]:52: error: unknown schedule kind 'blockd'; did you mean 'blocked'?{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   #pragma omp parallel for num_threads(4) schedule(blockd, 16){{$}}
  // CHECK-NEXT: {{^ *}}|                                                    ^~~~~~{{$}}
  // CHECK-NEXT: {{^ *}}|                                                    blocked{{$}}
  #pragma omp parallel for num_threads(4) schedule(blockd, 16)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void missing_c(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-kind-typo.c:[[@LINE+4]]:37: error: unknown schedule kind 'bloked'; did you mean 'blocked'?{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   #pragma omp parallel for schedule(bloked){{$}}
  // CHECK-NEXT: {{^ *}}|                                     ^~~~~~{{$}}
  // CHECK-NEXT: {{^ *}}|                                     blocked{{$}}
  #pragma omp parallel for schedule(bloked)
  for (int i = 0; i < n; i++) A[i] = 0;
}

// CHECK-NOT: error:
// CHECK: {{^}}5 errors generated.{{$}}
