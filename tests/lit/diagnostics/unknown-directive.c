// A misspelled directive with `schedule(blocked)` is named as unknown, with
// the directive it was likely meant to be: it was reported as a directive
// that refuses the clause ("not on 'paralel for'"). A real directive that
// refuses the clause still says so.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --check-prefix=COUNT %s
// COUNT-COUNT-3: error:
// COUNT-NOT: error:

void f(int n, int *a) {
  // CHECK: unknown-directive.c:[[@LINE+1]]:15: error: unknown OpenMP directive 'paralel'; did you mean 'parallel'?{{$}}
  #pragma omp paralel for schedule(blocked)
  for (int i = 0; i < n; i++)
    a[i] = 0;
  // CHECK: unknown-directive.c:[[@LINE+1]]:15: error: unknown OpenMP directive 'frobnicate'{{$}}
  #pragma omp frobnicate schedule(blocked)
  for (int i = 0; i < n; i++)
    a[i] = 0;
  // CHECK: unknown-directive.c:[[@LINE+1]]:24: error: 'schedule(blocked)' is only allowed on 'for', 'parallel for' and 'world_parallel for', not on 'taskloop'{{$}}
  #pragma omp taskloop schedule(blocked)
  for (int i = 0; i < n; i++)
    a[i] = 0;
}
