// A clause OpenMP does not know, on a directive orbis-cc lowers, is an error
// naming it and the directive, with the nearest clause the directive allows
// (clang said "extra tokens at the end of '#pragma omp parallel for' are
// ignored", which hid a typo such as `privat(n)`). On other directives clang
// reports it as usual.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s
#define SCHED schedule(blocked, 2 * 2)

void typo(int n, double *A) {
  // CHECK: {{^}}{{.*}}unknown-clause.c:[[@LINE+3]]:46: error: unknown OpenMP clause 'privat' on '#pragma omp parallel for'; did you mean 'private'?{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked) privat(n){{$}}
  // CHECK-NEXT: {{^ *}}|                                              ^{{$}}
  #pragma omp parallel for schedule(blocked) privat(n)
  for (int x = 0; x < n; x++)
    A[x] = n;
}

void before_schedule(int n, double *A) {
  // CHECK: {{^}}{{.*}}unknown-clause.c:[[@LINE+1]]:28: error: unknown OpenMP clause 'firstprivat' on '#pragma omp parallel for'; did you mean 'firstprivate'?{{$}}
  #pragma omp parallel for firstprivat(n) SCHED
  for (int x = 0; x < n; x++)
    A[x] = n;
}

void unrelated(int n, double *A) {
  // CHECK: {{^}}{{.*}}unknown-clause.c:[[@LINE+1]]:34: error: unknown OpenMP clause 'unknownclause' on '#pragma omp parallel for'{{$}}
  #pragma omp parallel for SCHED unknownclause
  for (int x = 0; x < n; x++)
    A[x] = 1;
}

void nested(int n, double (*A)[n]) {
  #pragma omp parallel for schedule(blocked)
  for (int x = 0; x < n; x++)
    // CHECK: {{^}}{{.*}}unknown-clause.c:[[@LINE+1]]:39: error: unknown OpenMP clause 'colapse' on '#pragma omp for'; did you mean 'collapse'?{{$}}
    #pragma omp for schedule(blocked) colapse(1)
    for (int y = 0; y < n; y++)
      #pragma omp block
      A[x][y] = 1;
}

void world(int n, double *A) {
  // CHECK: {{^}}{{.*}}unknown-clause.c:[[@LINE+1]]:43: error: unknown OpenMP clause 'shedule' on '#pragma omp world_parallel for'; did you mean 'schedule'?{{$}}
  #pragma omp world_parallel for world(A) shedule(static)
  for (int t = 0; t < n; t++)
    A[t] = 1;
}

// CHECK-NOT: error:
// CHECK: {{^}}5 errors generated.{{$}}
