// A loop directive written right before a blocked loop's directive (a stray
// line, or the same directive twice) is clang's error for a loop directive
// whose statement is not a loop, at that directive: the blocked loop's
// lowering took the loop, and clang reported errors on the generated code
// (an unlowered `schedule(blocked, 4)`, 1100 columns of lowered text).
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error:
int a[10];
void f(void) {
#pragma omp parallel for schedule(blocked, 4)
#pragma omp parallel for schedule(blocked, 1)
  for (int i = 0; i < 10; i++) a[i] = i;
  // CHECK: directive-before-blocked-loop.c:[[@LINE-3]]:1: error: statement after '#pragma omp parallel for' must be a for loop
#pragma omp parallel for schedule(static)
#pragma omp parallel for schedule(blocked, 2)
  for (int i = 0; i < 10; i++) a[i] = i;
  // CHECK: directive-before-blocked-loop.c:[[@LINE-3]]:1: error: statement after '#pragma omp parallel for' must be a for loop
#pragma omp parallel
#pragma omp for schedule(blocked, 2)
  for (int i = 0; i < 10; i++) a[i] = i;
#pragma omp simd
#pragma omp parallel for schedule(blocked, 2)
  for (int i = 0; i < 10; i++) a[i] = i;
  // CHECK: directive-before-blocked-loop.c:[[@LINE-3]]:1: error: statement after '#pragma omp simd' must be a for loop
}
