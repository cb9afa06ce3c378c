// Inside a blocked loop '#pragma omp single' is call-once code and supports
// only 'nowait': 'copyprivate', 'private' and 'firstprivate' are errors at
// the clause naming it.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void copyprivate(int n, double *A) {
  int x = 0;
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    // CHECK: {{^}}{{.*}}single-clauses.c:[[@LINE+3]]:24: error: 'copyprivate' clause of '#pragma omp single' is not supported inside a blocked loop{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+2]] |     #pragma omp single copyprivate(x){{$}}
    // CHECK-NEXT: {{^ *}}|                        ^{{$}}
    #pragma omp single copyprivate(x)
    x = 1;
    #pragma omp block
    A[i] = x;
  }
}

void private_clause(int n, double *A) {
  int x = 0;
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    // CHECK: {{^}}{{.*}}single-clauses.c:[[@LINE+3]]:24: error: 'private' clause of '#pragma omp single' is not supported inside a blocked loop{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+2]] |     #pragma omp single private(x){{$}}
    // CHECK-NEXT: {{^ *}}|                        ^{{$}}
    #pragma omp single private(x)
    x = 1;
    #pragma omp block
    A[i] = 0;
  }
}

void firstprivate_after_nowait(int n, double *A) {
  int x = 0;
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    #pragma omp block
    A[i] = 0;
    // CHECK: {{^}}{{.*}}single-clauses.c:[[@LINE+3]]:31: error: 'firstprivate' clause of '#pragma omp single' is not supported inside a blocked loop{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+2]] |     #pragma omp single nowait firstprivate(x){{$}}
    // CHECK-NEXT: {{^ *}}|                               ^{{$}}
    #pragma omp single nowait firstprivate(x)
    A[0] = x;
  }
}

// CHECK-NOT: error:
// CHECK: {{^}}3 errors generated.{{$}}
