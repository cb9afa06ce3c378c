// Line splices (backslash-newline) inside the extensions' pragmas are removed
// before their tokens are read, as translation phase 2 does: in the
// schedule kind (`bl\<newline>ocked`), in a clause name, in `pragma`
// itself, and in a nested loop's pragma. They were "unknown schedule kind
// 'bl\ ocked'", "expected ')'", or not seen as a directive at all.
// RUN: %clang-seq -O1 %s -o %t.seq
// RUN: %orbis-cc -O1 %s -o %t.par
// RUN: %t.seq > %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.par | diff - %t.ref
// RUN: env ORBIS_VERBOSE=1 OMP_NUM_THREADS=2 %t.par 2>&1 >/dev/null | FileCheck %s
// CHECK-DAG: level 0: 20 iterations, tile 3 (clause), 7 tiles
// CHECK-DAG: level 0: 20 iterations, tile 4 (clause), 5 tiles
// CHECK-DAG: level 1: 20 iterations, tile 6 (clause), 4 tiles
#include <omp_blocked.h>
#include <stdio.h>

static int a[20], b[20][20];

int main(void) {
#pragma omp parallel for schedule(bl\
ocked, 3)
  for (int i = 0; i < 20; i++)
    a[i] = i;
#pra\
gma omp parallel for sched\
ule(blocked, 4)
  for (int x = 0; x < 20; x++) {
#pragma omp for schedule(blocked\
, 6)
    for (int y = 0; y < 20; y++) {
#pragma omp bl\
ock
      b[x][y] = x * 20 + y + a[y];
    }
  }
  long s = 0;
  for (int x = 0; x < 20; x++)
    for (int y = 0; y < 20; y++)
      s += b[x][y];
  printf("%ld\n", s);
  return 0;
}
