// Instruction blocks that accumulate into state whose order matters keep
// the plain order in a tile (rows in lockstep would reorder the updates),
// each run checked against the same loops without the pragmas (1 thread,
// one tile per level: smaller tiles reorder such updates by design):
// - a `static` local (`step++`): it was classed as the iteration's own;
// - a scalar through a pointer (`*pc += 1`): not an access of the model;
// - an element updated inside the value (`cnt[0]++`), also at a computed
//   subscript (`cnt[C[x][y - 1] & 1]++`): an access meeting itself in
//   every iteration was not counted as a dependence.
// RUN: %orbis-cc -O1 %s -o %t
// RUN: env OMP_NUM_THREADS=1 ORBIS_VERBOSE=1 %t 2>&1 | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %t | FileCheck --check-prefix=OUT %s
// CHECK-DAG: lockstep-accumulators.c:[[#@LINE+40]]:{{.*}} level 1: {{.*}}; in a tile: plain order (the instruction block assigns 'step'){{$}}
// CHECK-DAG: lockstep-accumulators.c:[[#@LINE+54]]:{{.*}} level 1: {{.*}}; in a tile: plain order (the instruction block writes '*pc'){{$}}
// CHECK-DAG: lockstep-accumulators.c:[[#@LINE+65]]:{{.*}} level 1: {{.*}}; in a tile: plain order (the instruction block writes 'cnt[0]', an element other iterations may write too){{$}}
// CHECK-DAG: lockstep-accumulators.c:[[#@LINE+80]]:{{.*}} level 1: {{.*}}; in a tile: plain order (the instruction block writes 'cnt[C[x][y - 1] & 1]', an element other iterations may write too){{$}}
// OUT: OK static-local
// OUT-NEXT: OK through-pointer
// OUT-NEXT: OK element-in-value
// OUT-NEXT: OK computed-subscript
#include <stdio.h>
#include <string.h>

enum { N = 12 };
static int A[N][N], R[N][N], g, cnt[2];
static int *pc = &g;

static void fill(void) {
  memset(A, 0, sizeof A);
  for (int i = 0; i < N; i++)
    A[0][i] = A[i][0] = i & 1;
  g = cnt[0] = cnt[1] = 0;
}
static void keep(void) { memcpy(R, A, sizeof A); fill(); }
static void report(const char *What) {
  printf("%s %s\n", memcmp(A, R, sizeof A) ? "MISMATCH" : "OK", What);
}

int main(void) {
  fill();
  for (int pass = 0; pass < 2; pass++) {
    if (pass == 0) {
      for (int x = 1; x < N; x++)
        for (int y = 1; y < N; y++) {
          static int step0;
          A[x][y] = (A[x][y - 1] + A[x - 1][y] + step0++ % 3) % 1000;
        }
      keep();
      continue;
    }
#pragma omp parallel for schedule(blocked)
    for (int x = 1; x < N; x++) {
#pragma omp for schedule(blocked)
      for (int y = 1; y < N; y++) {
        static int step;
        A[x][y] = (A[x][y - 1] + A[x - 1][y] + step++ % 3) % 1000;
      }
    }
    report("static-local");
  }
  fill();
  for (int x = 1; x < N; x++)
    for (int y = 1; y < N; y++)
      A[x][y] = (A[x][y - 1] + A[x - 1][y] + (*pc += 1) % 3) % 1000;
  keep();
#pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N; x++) {
#pragma omp for schedule(blocked)
    for (int y = 1; y < N; y++)
      A[x][y] = (A[x][y - 1] + A[x - 1][y] + (*pc += 1) % 3) % 1000;
  }
  report("through-pointer");
  fill();
  for (int x = 1; x < N; x++)
    for (int y = 1; y < N; y++)
      A[x][y] = (A[x][y - 1] + A[x - 1][y] + cnt[0]++ % 3) % 1000;
  keep();
#pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N; x++) {
#pragma omp for schedule(blocked)
    for (int y = 1; y < N; y++)
      A[x][y] = (A[x][y - 1] + A[x - 1][y] + cnt[0]++ % 3) % 1000;
  }
  report("element-in-value");
  static int C[N][N];
  for (int x = 0; x < N; x++)
    for (int y = 0; y < N; y++)
      C[x][y] = x * 7 + y;
  fill();
  for (int x = 1; x < N; x++)
    for (int y = 1; y < N; y++)
      A[x][y] = (A[x][y - 1] + A[x - 1][y] + cnt[C[x][y - 1] & 1]++) % 1000;
  keep();
#pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N; x++) {
#pragma omp for schedule(blocked)
    for (int y = 1; y < N; y++)
      A[x][y] = (A[x][y - 1] + A[x - 1][y] + cnt[C[x][y - 1] & 1]++) % 1000;
  }
  report("computed-subscript");
  return 0;
}
