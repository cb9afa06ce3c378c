// OpenMP directives are macro-expanded: a `schedule(blocked)` clause that
// comes from an object-like macro, or a whole directive written through
// `_Pragma` inside a function-like macro, is a blocked loop like any other.
//
// RUN: %clang-seq -O2 %s -o %t.seq
// RUN: %orbis-cc -O2 %s -o %t.par
// RUN: %t.seq 1 2 3 17 101 > %t.ref
// RUN: env OMP_NUM_THREADS=1 %t.par 1 2 3 17 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.par 1 2 3 17 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=4 OMP_BLOCK_SIZE=2 %t.par 1 2 3 17 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=2 ORBIS_VERBOSE=1 %t.par 17 2>&1 >/dev/null | FileCheck %s
//
// CHECK-DAG: orbis: blocked loop at {{.*}}blocked-macro-clause.c:[[@LINE+14]]:{{[0-9]+}} level 0: 17 iterations, tile 4 (clause), 5 tiles
// CHECK-DAG: orbis: blocked loop at {{.*}}blocked-macro-clause.c:{{[0-9]+}}:{{[0-9]+}} level 0: 17 iterations, tile 5 (clause), 4 tiles
#include <omp_blocked.h>
#include <stdio.h>
#include <stdlib.h>

#define SCHED schedule(blocked, 4)
#define PRAGMA(x) _Pragma(#x)
#define OMP(x) PRAGMA(omp x)

int main(int argc, char **argv) {
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
