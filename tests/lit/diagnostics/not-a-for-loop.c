// The statement after a directive with 'schedule(blocked)' must be a for
// loop: a while loop, a do loop, a compound statement and a declaration are
// errors at the directive; so is a directive with nothing after it before
// the end of the block.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void while_loop(int n, double *A) {
  int i = 0;
  // CHECK: {{^}}{{.*}}not-a-for-loop.c:[[@LINE+3]]:3: error: statement after '#pragma omp parallel for' must be a for loop{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|   ^{{$}}
  #pragma omp parallel for schedule(blocked)
  while (i < n)
    A[i++] = 0;
}

void do_loop(int n, double *A) {
  int i = 0;
  // CHECK: {{^}}{{.*}}not-a-for-loop.c:[[@LINE+3]]:3: error: statement after '#pragma omp for' must be a for loop{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp for schedule(blocked, 4){{$}}
  // CHECK-NEXT: {{^ *}}|   ^{{$}}
  #pragma omp for schedule(blocked, 4)
  do {
    A[i++] = 0;
  } while (i < n);
}

void compound(int n, double *A) {
  // CHECK: {{^}}{{.*}}not-a-for-loop.c:[[@LINE+3]]:3: error: statement after '#pragma omp parallel for' must be a for loop{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|   ^{{$}}
  #pragma omp parallel for schedule(blocked)
  {
    for (int i = 0; i < n; i++)
      A[i] = 0;
  }
}

void declaration(int n, double *A) {
  // CHECK: {{^}}{{.*}}not-a-for-loop.c:[[@LINE+3]]:3: error: statement after '#pragma omp parallel for' must be a for loop{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|   ^{{$}}
  #pragma omp parallel for schedule(blocked)
  int i = 0;
  A[i] = n;
}

void nested_while(int n, double *A) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    int j = 0;
    // CHECK: {{^}}{{.*}}not-a-for-loop.c:[[@LINE+3]]:5: error: statement after '#pragma omp for' must be a for loop{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+2]] |     #pragma omp for schedule(blocked){{$}}
    // CHECK-NEXT: {{^ *}}|     ^{{$}}
    #pragma omp for schedule(blocked)
    while (j < n)
      A[j++] = i;
  }
}

void nothing_after(int n, double *A) {
  A[0] = n;
  // CHECK: {{^}}{{.*}}not-a-for-loop.c:[[@LINE+3]]:3: error: statement after '#pragma omp parallel for' must be a for loop{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|   ^{{$}}
  #pragma omp parallel for schedule(blocked)
}

// CHECK-NOT: error:
// CHECK: {{^}}6 errors generated.{{$}}
