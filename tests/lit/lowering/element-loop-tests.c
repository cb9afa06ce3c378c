// The element loops run from the tile's first value to its end value (the
// value after the tile's last iteration) with the loop's own increment, and
// test in the variable's own type: '<' going up and '>' going down for a
// signed variable (the optimizer can then count the iterations), '!=' for an
// unsigned or pointer variable (an unsigned end may wrap to 0).
// RUN: %orbis-cc --emit-lowered %s | %join-generated %s | grep -v "^ *//" | FileCheck %s
// RUN: %orbis-cc -fsyntax-only %s

void loops(int n, unsigned m, double *A, char *begin, char *end) {
  // CHECK: int [[E0:__orbis_e[0-9_]+]] = (__typeof__({{__orbis_lb[0-9_]+}}))((unsigned long long){{__orbis_lb[0-9_]+}} + (unsigned long long)({{__orbis_c[0-9_]+}}.first + {{__orbis_c[0-9_]+}}.size) * (unsigned long long){{__orbis_L[0-9_]+}}.step);
  // CHECK: for (i = {{__orbis_f[0-9_]+}}; i < [[E0]]; i += 2LL) { A[i] = 0; }
  #pragma omp parallel for schedule(blocked, 3)
  for (int i = 0; i < n; i += 2) A[i] = 0;
  // CHECK: for (i = {{__orbis_f[0-9_]+}}; i > {{__orbis_e[0-9_]+}}; --i) { A[i] = 1; }
  #pragma omp parallel for schedule(blocked, 3)
  for (int i = n - 1; i >= 0; i--) A[i] = 1;
  // CHECK: for (u = {{__orbis_f[0-9_]+}}; u != {{__orbis_e[0-9_]+}}; --u) { A[u - 1] = 2; }
  #pragma omp parallel for schedule(blocked, 3)
  for (unsigned u = m; u > 0; u--) A[u - 1] = 2;
  // CHECK: char *[[EP:__orbis_e[0-9_]+]] = {{__orbis_lb[0-9_]+}} + ({{__orbis_c[0-9_]+}}.first + {{__orbis_c[0-9_]+}}.size) * {{__orbis_L[0-9_]+}}.step;
  // CHECK: for (p = {{__orbis_f[0-9_]+}}; p != [[EP]]; ++p) { *p = 0; }
  #pragma omp parallel for schedule(blocked, 3)
  for (char *p = begin; p < end; p++) *p = 0;
}
