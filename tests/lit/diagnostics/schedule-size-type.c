// The size of 'schedule(blocked, size)' must be an integer expression: a
// string literal or a floating-point value is an error at the size, and a
// size that does not parse is reported at the user's pragma, not at a
// column of the lowered code. (The exact wording is not fixed yet: these
// checks match the location and that the message names the clause.)
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck %s

void string_size(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-size-type.c:[[@LINE+1]]:46: error: {{.*}}'schedule(blocked)'
  #pragma omp parallel for schedule(blocked, "4")
  for (int i = 0; i < n; i++) A[i] = 0;
}

void floating_size(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-size-type.c:[[@LINE+1]]:46: error: {{.*}}'schedule(blocked)'
  #pragma omp parallel for schedule(blocked, 4.0)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void malformed_size(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-size-type.c:[[@LINE+1]]:{{46|48}}: error:
  #pragma omp parallel for schedule(blocked, 4 4)
  for (int i = 0; i < n; i++) A[i] = 0;
}
