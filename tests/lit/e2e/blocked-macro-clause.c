// OpenMP directives are macro-expanded: a `schedule(blocked)` clause that
// comes from an object-like macro, or whole directives (blocked loops, nested
// blocked loops, `block`, `atomic`) written through `_Pragma` inside
// function-like macros, behave like the plain spelling.
//
// RUN: %clang-seq -O2 %s -o %t.seq
// RUN: %orbis-cc -O2 %s -o %t.par
// RUN: %t.seq 1 2 3 17 101 > %t.ref
// RUN: env OMP_NUM_THREADS=1 %t.par 1 2 3 17 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.par 1 2 3 17 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=4 OMP_BLOCK_SIZE=2 %t.par 1 2 3 17 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=2 ORBIS_VERBOSE=1 %t.par 17 2>&1 >/dev/null | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 %t.par nest | FileCheck --check-prefix=NEST %s
// RUN: %t.seq nest | FileCheck --check-prefix=NEST-SEQ %s
//
// CHECK-DAG: orbis: blocked loop at {{.*}}blocked-macro-clause.c:[[# @LINE + 40]]:{{[0-9]+}} level 0: 17 iterations, tile 4 (clause), 5 tiles
// CHECK-DAG: orbis: blocked loop at {{.*}}blocked-macro-clause.c:{{[0-9]+}}:{{[0-9]+}} level 0: 17 iterations, tile 5 (clause), 4 tiles
//
// Pre-block once per (outer tile, inner tile): 4 x 3 tiles, adding the
// inner tile size; the instruction block 10 x 9 times.
// NEST: nest pre 36 body 90
// NEST-SEQ: nest pre 90 body 90
#include <omp_blocked.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SCHED schedule(blocked, 4)
#define PRAGMA(x) _Pragma(#x)
#define OMP(x) PRAGMA(omp x)
#define OUTER parallel for schedule(blocked, 3)
#define INNER(n) for schedule(blocked, n)

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "nest")) {
    int pre = 0, body = 0;
    OMP(OUTER)
    for (int i = 0; i < 10; i++) {
      OMP(INNER(4))
      for (int j = 0; j < 9; j++) {
        OMP(atomic)
        pre += omp_block_size();
        OMP(block)
        {
          OMP(atomic)
          body++;
        }
      }
    }
    printf("nest pre %d body %d\n", pre, body);
    return 0;
  }
  for (int a = 1; a < argc; a++) {
    int n = atoi(argv[a]);
    long sq[128] = {0}, cube[128] = {0};
    #pragma omp parallel for SCHED
    for (int i = 0; i < n; i++)
      sq[i] = (long)i * i + omp_block_size() * 0;
    OMP(parallel for schedule(blocked, 5))
    for (int i = 0; i < n; i++) {
      #pragma omp block
      cube[i] = (long)i * i * i;
    }
    for (int i = 0; i < n; i++)
      printf("%d %ld %ld\n", i, sq[i], cube[i]);
  }
  return 0;
}
