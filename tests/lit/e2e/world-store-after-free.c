// A store into an allocation another process freed: stores travel as
// messages nobody answers, so the owner stops the job, and its message now
// names the writer's place and element as a store in the owner's own
// process does (it said only "allocation 4 does not exist (freed?)").
// RUN: %orbis-cc -O1 %s -o %t
// RUN: not %mpirun -np 2 -x UCX_TLS=shm,self %t 2>&1 | FileCheck %s
// RUN: not %mpirun -np 2 -x UCX_TLS=tcp,self %t 2>&1 | FileCheck %s
// CHECK: orbis: rank 0: world store from rank 1: at {{.*}}world-store-after-free.c:[[#@LINE+12]]: element 1 of allocation {{[0-9]+}} of rank 0: unknown allocation (freed, or never allocated)
#include <omp_world.h>
#include <stdio.h>

int main(void) {
  long *A[2];
  #pragma omp world_parallel for world(A)
  for (int i = 0; i < 2; i++) {
    A[i] = omp_world_malloc(4);
    A[i][0] = i;
    if (i == 1) {
      omp_world_free(A[0]);
      A[0][1] = 3;
    }
  }
  return 0;
}
