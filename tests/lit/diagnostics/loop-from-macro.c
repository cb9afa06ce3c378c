// A loop with 'schedule(blocked)' must be written in the main file, not
// produced by a macro: a macro for the header, for the whole loop, or for
// the end of its body is an error at the directive (the lowering rewrites
// the loop's header and body in place).
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

#define LOOP(n) for (int i = 0; i < n; i++)
#define WHOLE for (int i = 0; i < n; i++) A[i] = 0;
#define BODY A[i] = 0;

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

// CHECK-NOT: error:
// CHECK: {{^}}3 errors generated.{{$}}
