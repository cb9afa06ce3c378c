// A worksharing `for schedule(blocked)` in a function a blocked tile calls
// shares the same team's iterations again: nested worksharing, which libomp
// aborted on with an assertion (with 2 threads). It stops with a message
// naming both loops, with any number of threads. A `parallel for` called
// from a tile (a nested team) and an orphaned `for` called from a
// `parallel` region outside any tile are fine.
// RUN: %orbis-cc -O1 %s -o %t
// RUN: env OMP_NUM_THREADS=2 %t ok | FileCheck --check-prefix=OK %s
// RUN: env OMP_NUM_THREADS=2 not %t nested 2>&1 | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 not %t nested 2>&1 | FileCheck %s
// OK: 64 64
// CHECK: orbis: {{.*}}nested-worksharing-call.c:[[#@LINE+5]]:1: error: a worksharing 'for schedule(blocked)' runs inside a tile of the blocked loop at {{.*}}nested-worksharing-call.c:[[#@LINE+23]]:1 in the same parallel region (called from its body): nested worksharing; write the loop inside the enclosing blocked loop (a nested blocked loop), or make it 'parallel for'
#include <stdio.h>
#include <string.h>
int A[8][8], B[8][8];
void row(int x) {
#pragma omp for schedule(blocked)
  for (int y = 0; y < 8; y++)
    A[x][y] += 1;
}
void row_team(int x) {
#pragma omp parallel for schedule(blocked)
  for (int y = 0; y < 8; y++)
    B[x][y] += 1;
}
int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "ok")) {
#pragma omp parallel
    for (int x = 0; x < 8; x++)
      row(x);
#pragma omp parallel for schedule(blocked)
    for (int x = 0; x < 8; x++)
      row_team(x);
  } else {
#pragma omp parallel for schedule(blocked)
    for (int x = 0; x < 8; x++)
      row(x);
  }
  int a = 0, b = 0;
  for (int x = 0; x < 8; x++)
    for (int y = 0; y < 8; y++)
      a += A[x][y], b += B[x][y];
  printf("%d %d\n", a, b);
  return 0;
}
