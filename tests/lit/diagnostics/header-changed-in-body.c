// A blocked loop's tiles are computed from its header once, before any
// iteration: a body that changes the loop variable, or a variable the
// bound or the step reads, is an error at 'schedule' with a note at the
// change (OpenMP's canonical form asks the same; clang does not check it).
// Reading them, or changing other variables, is fine.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void bump(int *);

void loop_variable(double *A) {
  // CHECK: {{^}}{{.*}}header-changed-in-body.c:[[@LINE+6]]:28: error: loop with 'schedule(blocked)' is not in canonical form: loop variable 'x' is changed in the loop body{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp parallel for schedule(blocked, 4){{$}}
  // CHECK-NEXT: {{^ *}}|                            ^{{$}}
  // CHECK: {{^}}{{.*}}header-changed-in-body.c:[[@LINE+4]]:46: note: 'x' is set here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (int x = 0; x < 100; x++) { A[x] = 0; x++; }{{$}}
  // CHECK-NEXT: {{^ *}}|                                              ^{{$}}
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 0; x < 100; x++) { A[x] = 0; x++; }
}

void bound(int n, double *A) {
  // CHECK: {{^}}{{.*}}header-changed-in-body.c:[[@LINE+6]]:28: error: loop with 'schedule(blocked)' is not in canonical form: the bound's variable 'n' is changed in the loop body{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp parallel for schedule(blocked, 4){{$}}
  // CHECK-NEXT: {{^ *}}|                            ^{{$}}
  // CHECK: {{^}}{{.*}}header-changed-in-body.c:[[@LINE+4]]:52: note: 'n' is set here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (int x = 0; x < n; x++) { A[x] = 0; if (x) n = 20; }{{$}}
  // CHECK-NEXT: {{^ *}}|                                                    ^{{$}}
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 0; x < n; x++) { A[x] = 0; if (x) n = 20; }
}

void step(double *A) {
  int st = 1;
  // CHECK: {{^}}{{.*}}header-changed-in-body.c:[[@LINE+6]]:28: error: loop with 'schedule(blocked)' is not in canonical form: the step's variable 'st' is changed in the loop body{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp parallel for schedule(blocked, 4){{$}}
  // CHECK-NEXT: {{^ *}}|                            ^{{$}}
  // CHECK: {{^}}{{.*}}header-changed-in-body.c:[[@LINE+4]]:47: note: 'st' is set here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (int x = 0; x < 50; x += st) { A[x] = st++; }{{$}}
  // CHECK-NEXT: {{^ *}}|                                               ^{{$}}
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 0; x < 50; x += st) { A[x] = st++; }
}

// The address of the bound's variable given away may change it too.
void address(int n, double *A) {
  // CHECK: {{^}}{{.*}}header-changed-in-body.c:[[@LINE+4]]:28: error: loop with 'schedule(blocked)' is not in canonical form: the bound's variable 'n' is changed in the loop body{{$}}
  // CHECK: {{^}}{{.*}}header-changed-in-body.c:[[@LINE+4]]:48: note: 'n' is set here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (int x = 0; x < n; x++) { A[x] = 0; bump(&n); }{{$}}
  // CHECK-NEXT: {{^ *}}|                                                ^{{$}}
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 0; x < n; x++) { A[x] = 0; bump(&n); }
}

// An inner loop that changes the outer loop's bound: the outer loop's error.
void inner_changes_outer(int n, double *A) {
  // CHECK: {{^}}{{.*}}header-changed-in-body.c:[[@LINE+2]]:28: error: loop with 'schedule(blocked)' is not in canonical form: the bound's variable 'n' is changed in the loop body{{$}}
  // CHECK: {{^}}{{.*}}header-changed-in-body.c:[[@LINE+6]]:{{[0-9]+}}: note: 'n' is set here{{$}}
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 0; x < n; x++) {
    #pragma omp for schedule(blocked, 4)
    for (int y = 0; y < 8; y++) {
      #pragma omp block
      A[x * 8 + y] = n--;
    }
  }
}

// Fine: the header's variables read, other variables changed.
void fine(int n, double *A) {
  int count = 0;
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 0; x < n; x++) { A[x] = n + x; count = x; }
  (void)count;
}

// CHECK-NOT: error:
// CHECK: {{^}}5 errors generated.{{$}}
