// Jumps that cross the parts of a tiled nest are errors (issue 7, defects 2
// and 4): the pre-block and post-block run once per tile, the instruction
// block once per iteration, so a 'goto' between them, out of the nest or
// into it, and a 'continue' in a pre-block (which would skip the whole
// tile), cannot keep the sequential meaning. 'return', 'co_return' and
// computed gotos are errors like 'break'. Jumps that stay in their part
// are fine: a 'goto' inside the instruction block, inside a pre-block or
// inside a post-block; 'continue' in the instruction block (ends the
// iteration), in a post-block (ends the post-block) and in plain loops.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void out_of_instruction_block(int n, double *A) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 0; x < n; x++) {
    #pragma omp for schedule(blocked, 3)
    for (int y = 0; y < n; y++) {
      #pragma omp block
      // CHECK: {{^}}{{.*}}jumps.c:[[@LINE+3]]:21: error: 'goto' cannot jump between the pre-block, the instruction block and the post-block of a blocked loop{{$}}
      // CHECK-NEXT: {{^ *}}[[@LINE+2]] |       { if (y == 5) goto post; A[x] += y; }{{$}}
      // CHECK-NEXT: {{^ *}}|                     ^{{$}}
      { if (y == 5) goto post; A[x] += y; }
      // CHECK: {{^}}{{.*}}jumps.c:[[@LINE+1]]:7: note: label 'post' is here{{$}}
      post: ;
    }
  }
}

int out_of_nest(int n, double *A) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 0; x < n; x++) {
    // CHECK: {{^}}{{.*}}jumps.c:[[@LINE+1]]:19: error: 'goto' cannot leave a loop with 'schedule(blocked)'{{$}}
    if (A[x] < 0) goto done;
    A[x] = 1;
  }
  // CHECK: {{^}}{{.*}}jumps.c:[[@LINE+1]]:3: note: label 'done' is here{{$}}
  done:
  return 0;
}

void into_nest(int n, double *A) {
  // CHECK: {{^}}{{.*}}jumps.c:[[@LINE+1]]:10: error: 'goto' cannot jump into a loop with 'schedule(blocked)'{{$}}
  if (n) goto inside;
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 0; x < n; x++) {
    // CHECK: {{^}}{{.*}}jumps.c:[[@LINE+1]]:5: note: label 'inside' is here{{$}}
    inside: A[x] = 1;
  }
}

void pre_block_into_instruction_block(int n, double *A) {
  #pragma omp for schedule(blocked, 4)
  for (int x = 0; x < n; x++) {
    // CHECK: {{^}}{{.*}}jumps.c:[[@LINE+1]]:12: error: 'goto' cannot jump between the pre-block, the instruction block and the post-block of a blocked loop{{$}}
    if (x) goto inner;
    #pragma omp for schedule(blocked, 3)
    for (int y = 0; y < 10; y++) {
      #pragma omp block
      // CHECK: {{^}}{{.*}}jumps.c:[[@LINE+1]]:9: note: label 'inner' is here{{$}}
      { inner: A[x] += y; }
    }
  }
}

void continues(int n, double *A) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 0; x < n; x++) {
    // CHECK: {{^}}{{.*}}jumps.c:[[@LINE+1]]:17: error: 'continue' statement cannot be used in the pre-block of a blocked loop: the pre-block runs once per tile, so it would skip the whole tile; test the condition inside the instruction block instead{{$}}
    if (x == 2) continue;
    #pragma omp for schedule(blocked, 3)
    for (int y = 0; y < 10; y++) {
      // CHECK: {{^}}{{.*}}jumps.c:[[@LINE+1]]:19: error: 'continue' statement cannot be used in the pre-block of a blocked loop{{.*}}
      if (y == 2) continue;
      #pragma omp block
      { if (y == 3) continue; A[x] += y; }
      if (y == 4) continue;
    }
    if (x == 4) continue;
  }
}

int returns(int n, double *A) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 0; x < n; x++) {
    #pragma omp for schedule(blocked, 3)
    for (int y = 0; y < 10; y++) {
      // CHECK: {{^}}{{.*}}jumps.c:[[@LINE+1]]:19: error: 'return' statement cannot be used in a loop with 'schedule(blocked)'{{$}}
      if (y == 2) return 1;
      #pragma omp block
      A[x] += y;
    }
  }
  return 0;
}

void computed(int n, double *A) {
  void *where = &&end;
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 0; x < n; x++) {
    // CHECK: {{^}}{{.*}}jumps.c:[[@LINE+1]]:12: error: computed 'goto' cannot be used in a loop with 'schedule(blocked)'{{$}}
    if (x) goto *where;
    A[x] = 1;
  }
  end: ;
}

void allowed(int n, double *A) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 0; x < n; x++) {
    if (x == 1) goto pre;
    A[0] = 0;
    pre:
    for (int k = 0; k < n; k++)
      if (k == 3) continue;
    #pragma omp for schedule(blocked, 3)
    for (int y = 0; y < 10; y++) {
      #pragma omp block
      {
        if (y == 3) goto next;
        if (y == 4) continue;
        A[x] += y;
        next: ;
      }
      if (y == 1) goto post;
      A[1] = 0;
      post: ;
    }
  }
  #pragma omp parallel for schedule(blocked)
  for (int x = 0; x < n; x++) {
    if (x == 2) continue;   // the whole body is the instruction block
    A[x] = 1;
  }
}

// CHECK-NOT: error:
// CHECK: {{^}}8 errors generated.{{$}}
