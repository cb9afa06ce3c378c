// The halo of 'block_local' is an integer constant and, like the size of
// 'schedule(blocked, size)', may be written as a constant expression
// ('1 + 1', '(2)', '4 / 2'): such clauses are accepted, and the halo's
// value is what the access checks use (A[x - 2] is within a halo of 2).
// RUN: %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --allow-empty %s
// CHECK-NOT: error

void sum(int n, double A[64]) {
  #pragma omp parallel for schedule(blocked, 2 * 4) block_local(A, (x), 1 + 1)
  for (int x = 2; x < n; x++) A[x] = A[x - 2];
}

void parenthesized(int n, double A[64]) {
  #pragma omp parallel for schedule(blocked) block_local(A, (x), (2))
  for (int x = 2; x < n; x++) A[x] = A[x - 2];
}

void quotient(int n, double A[64]) {
  #pragma omp parallel for schedule(blocked) block_local(A, (x), 4 / 2)
  for (int x = 2; x < n; x++) A[x] = A[x - 2];
}
