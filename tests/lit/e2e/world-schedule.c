// schedule(...) on a world loop: static with a chunk deals chunks of c
// iterations cyclically; static alone, P chunks of ceil(n / P); dynamic
// (monotonic) hands out chunks from a world counter in increasing order.
// Each iteration is a pipeline stage reading the one before and records the
// rank that ran it; the last prints the ranks and checks the pipeline's
// value. A chunk size that is not positive stops the program.
// RUN: %orbis-cc -O2 '-DSCHED=static, 3' %s -o %t.static3
// RUN: %mpirun -np 3 -x UCX_TLS=shm,self %t.static3 | FileCheck --check-prefix=STATIC3 %s
// RUN: %mpirun -np 2 -x UCX_TLS=tcp,self %t.static3 | FileCheck --check-prefix=STATIC3-P2 %s
// RUN: timeout -s KILL 60 %t.static3 | FileCheck --check-prefix=ALONE %s
// RUN: %orbis-cc -O2 -DSCHED=static %s -o %t.static
// RUN: %mpirun -np 3 -x UCX_TLS=shm,self %t.static | FileCheck --check-prefix=STATIC %s
// RUN: %orbis-cc -O2 '-DSCHED=monotonic: dynamic, 2' %s -o %t.dynamic
// RUN: %mpirun -np 3 -x UCX_TLS=shm,self %t.dynamic | FileCheck --check-prefix=DYNAMIC %s
// RUN: %mpirun -np 4 -x UCX_TLS=tcp,self %t.dynamic | FileCheck --check-prefix=DYNAMIC %s
// RUN: %orbis-cc -O2 '-DSCHED=static, K' %s -o %t.bad
// RUN: not timeout -s KILL 60 %t.bad 0 2>&1 | FileCheck --check-prefix=BAD %s
// STATIC3: OK ranks 0 0 0 1 1 1 2 2 2 0 0 0 1
// STATIC3-P2: OK ranks 0 0 0 1 1 1 0 0 0 1 1 1 0
// ALONE: OK ranks 0 0 0 0 0 0 0 0 0 0 0 0 0
// STATIC: OK ranks 0 0 0 0 0 1 1 1 1 1 2 2 2
// DYNAMIC: OK chunks of 2 on one rank each
// BAD: orbis: rank 0: world_parallel at {{.*}}world-schedule.c:[[@LINE+15]]: chunk size 0 of 'schedule' must be positive
#include <omp_world.h>
#include <orbis/world.h>
#include <stdio.h>
#include <stdlib.h>
#ifndef SCHED
#define SCHED static, 3
#endif

int main(int argc, char **argv) {
  enum { N = 13 };
  int K = argc > 1 ? atoi(argv[1]) : 1;
  long *value[1];
  int *ranks[1];
  (void)K;
  #pragma omp world_parallel for world(value, ranks) schedule(SCHED)
  for (int i = 0; i < N; i++) {
    if (i == 0) {
      value[0] = omp_world_malloc(N);
      ranks[0] = omp_world_malloc(N);
    }
    value[0][i] = i == 0 ? 1 : value[0][i - 1] * 7 % 1009 + i;
    ranks[0][i] = orbis_world_rank();
    if (i == N - 1) {
      long v = 1;
      for (int k = 1; k < N; k++)
        v = v * 7 % 1009 + k;
      int same = 1;
      for (int k = 0; k + 1 < N; k += 2)
        same &= ranks[0][k] == ranks[0][k + 1];
      printf("%s ranks", v == value[0][N - 1] ? "OK" : "MISMATCH");
      for (int k = 0; k < N; k++)
        printf(" %d", ranks[0][k]);
      printf("\n%s\n", same ? "OK chunks of 2 on one rank each" : "SPLIT chunk");
    }
  }
  return 0;
}
