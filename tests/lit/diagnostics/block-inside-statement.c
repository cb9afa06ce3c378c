// '#pragma omp block' inside a statement of the blocked loop's body (an
// 'if', a plain loop, a switch): the element loops would replace only the
// marked statement, and the statement around it would run once per tile
// with the loop variable at the tile's first value (silently wrong results).
// Every such placement is an error at the pragma; a label in front of the
// marked statement is not a statement around it.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --check-prefix=COUNT %s
// COUNT-COUNT-4: error: '#pragma omp block' must be a statement
// COUNT-NOT: error:

void in_if(int n, double *A) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int i = 0; i < n; i++) {
    if (i % 2 == 1) {
      // CHECK: {{^}}{{.*}}block-inside-statement.c:[[@LINE+3]]:7: error: '#pragma omp block' must be a statement of the innermost blocked loop's body, not inside an 'if' statement: that statement would run once per tile, not once per iteration; put the condition or loop inside the instruction block{{$}}
      // CHECK-NEXT: {{^ *}}[[@LINE+2]] |       #pragma omp block{{$}}
      // CHECK-NEXT: {{^ *}}|       ^{{$}}
      #pragma omp block
      A[i] += 1;
    }
  }
}

void in_plain_loop(int n, double (*A)[n]) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    #pragma omp for schedule(blocked)
    for (int j = 0; j < n; j++) {
      double w = 0.5;
      for (int k = 0; k < 2; k++)
        // CHECK: {{^}}{{.*}}block-inside-statement.c:[[@LINE+1]]:9: error: {{.*}} not inside a 'for' loop: {{.*}}
        #pragma omp block
        A[i][j] += w;
    }
  }
}

void in_braces(int n, double *A) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    {
      // CHECK: {{^}}{{.*}}block-inside-statement.c:[[@LINE+1]]:7: error: {{.*}} not inside a compound statement: {{.*}}
      #pragma omp block
      A[i] = 1;
    }
  }
}

void in_switch(int n, int *A) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    switch (A[0]) {
    case 1:
      // CHECK: {{^}}{{.*}}block-inside-statement.c:[[@LINE+1]]:7: error: {{.*}} not inside a 'switch' statement: {{.*}}
      #pragma omp block
      A[i] = 1;
    }
  }
}

// Allowed: the marked statement directly in the body, after a label, and
// a body that is the marked statement alone.
void allowed(int n, double *A) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    int first = i;
  here:
    #pragma omp block
    A[i] = first;
  }
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++)
    #pragma omp block
    A[i] += 1;
}
