// A loop with 'schedule(blocked)' must be written in the main file, not
// produced by a macro: a macro for the header, for the whole loop, or for
// the end of its body is an error at the directive (the lowering rewrites
// the loop's header and body in place). So is a macro that expands to the
// directive and its loop (it was "statement after '#pragma omp parallel
// for' must be a for loop"), for a world loop too.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

#define LOOP(n) for (int i = 0; i < n; i++)
#define WHOLE for (int i = 0; i < n; i++) A[i] = 0;
#define BODY A[i] = 0;
#define BLOCKED_LOOP(i, n) _Pragma("omp parallel for schedule(blocked)") for (int i = 0; i < (n); ++i)
#define WORLD_LOOP(t, n) _Pragma("omp world_parallel for world(W)") for (int t = 0; t < (n); ++t)

void header(int n, double *A) {
  // CHECK: {{^}}{{.*}}loop-from-macro.c:[[@LINE+3]]:3: error: loop with 'schedule(blocked)' cannot come from a macro expansion{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|   ^{{$}}
  #pragma omp parallel for schedule(blocked)
  LOOP(n) A[i] = 0;
}

void whole(int n, double *A) {
  // CHECK: {{^}}{{.*}}loop-from-macro.c:[[@LINE+3]]:3: error: loop with 'schedule(blocked)' cannot come from a macro expansion{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|   ^{{$}}
  #pragma omp parallel for schedule(blocked)
  WHOLE
}

void body(int n, double *A) {
  // CHECK: {{^}}{{.*}}loop-from-macro.c:[[@LINE+3]]:3: error: loop with 'schedule(blocked)' cannot come from a macro expansion{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|   ^{{$}}
  #pragma omp for schedule(blocked)
  for (int i = 0; i < n; i++) BODY
}

void directive_and_loop(int n, double *A) {
  // CHECK: {{^}}{{.*}}loop-from-macro.c:[[@LINE+1]]:3: error: loop with 'schedule(blocked)' cannot come from a macro expansion{{$}}
  BLOCKED_LOOP(i, n) A[i] = 1;
}

void world_loop(int n) {
  double *W[4];
  // CHECK: {{^}}{{.*}}loop-from-macro.c:[[@LINE+1]]:3: error: loop of 'world_parallel for' cannot come from a macro expansion{{$}}
  WORLD_LOOP(t, n) W[t] = 0;
}

// A nested loop's header from a macro: that error only (the enclosing
// loop, taken as innermost, reported its `single` as inside the
// instruction block).
#define FOR_Y for (int y = 1; y < n - 1; y++)
void nested_header(int n, double *A, int *counters) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 1; x < n - 1; x++) {
    #pragma omp single
    counters[0] = n;
    // CHECK: {{^}}{{.*}}loop-from-macro.c:[[@LINE+1]]:5: error: loop with 'schedule(blocked)' cannot come from a macro expansion{{$}}
    #pragma omp for schedule(blocked, 5)
    FOR_Y {
      #pragma omp block
      A[x * n + y] = 0.5 * A[(x - 1) * n + y];
    }
  }
}

// CHECK-NOT: error:
// CHECK: {{^}}6 errors generated.{{$}}
