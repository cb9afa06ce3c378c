// A pre-block declaration that hides a loop variable of the nest where the
// instruction block is (issue 7, defect 1's class): the element loops there
// assign every level's loop variable by name, so they would assign the
// pre-block's variable instead. An error at the declaration with a note at
// the loop variable. A declaration in a scope that does not reach the
// instruction block, or after it, is fine.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void hides(int n, double *A) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 0; x < n; x++) {
    #pragma omp for schedule(blocked, 3)
    for (int y = 0; y < n; y++) {
      // CHECK: {{^}}{{.*}}pre-block-hides-loop-variable.c:[[@LINE+4]]:11: error: declaration of 'x' hides the loop variable of a blocked loop from the instruction block; rename it{{$}}
      // CHECK-NEXT: {{^ *}}[[@LINE+3]] |       int x = 3;{{$}}
      // CHECK-NEXT: {{^ *}}|           ^{{$}}
      // CHECK: {{^}}{{.*}}pre-block-hides-loop-variable.c:[[@LINE-6]]:12: note: loop variable 'x' of the blocked loop is declared here{{$}}
      int x = 3;
      #pragma omp block
      A[x] += y;
    }
  }
}

void fine(int n, double *A) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 0; x < n; x++) {
    { int y = 2; A[0] = y; }
    #pragma omp for schedule(blocked, 3)
    for (int y = 0; y < n; y++) {
      #pragma omp block
      A[x] += y;
      int x = 1;
      A[1] = x;
    }
  }
}

// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.{{$}}
