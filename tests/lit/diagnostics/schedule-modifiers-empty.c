// 'schedule(:blocked)', with a ':' but no modifier before it, is malformed:
// an error at the ':' (it must not be taken as 'schedule(blocked)').
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck %s

void empty_modifier(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-modifiers-empty.c:[[@LINE+1]]:37: error:
  #pragma omp parallel for schedule(:blocked)
  for (int i = 0; i < n; i++) A[i] = 0;
}
