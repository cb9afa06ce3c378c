// A world loop reached inside another through a function the outer loop
// calls (nesting the compiler cannot see): the inner loop's barriers paired
// with the outer loop's on other processes, and the job ended with wrong
// values and status 0. Every process reaching the inner loop stops, naming
// both loops; the job ends non-zero, alone and under mpirun.
// RUN: %orbis-cc -O2 %s -o %t
// RUN: not timeout -s KILL 60 %t 2>&1 | FileCheck %s
// RUN: not %mpirun -np 2 -x UCX_TLS=shm,self %t 2>&1 | FileCheck %s
// RUN: not %mpirun -np 3 -x UCX_TLS=tcp,self %t 2>&1 | FileCheck %s
// CHECK: orbis: rank {{[0-9]}}: world_parallel at {{.*}}world-nested-call.c:[[#@LINE+5]] runs inside the world loop at {{.*}}world-nested-call.c:[[#@LINE+17]] (through a function that loop calls): a world loop inside another is an error
#include <omp_world.h>
#include <stdio.h>
static long inner(int k) {
  long *B[1], got = -1;
  #pragma omp world_parallel for world(B)
  for (int j = 0; j < 3; j++) {
    if (j == 0)
      B[0] = omp_world_malloc(3);
    B[0][j] = k * 10 + j;
    if (j == 2)
      got = B[0][0] + B[0][1] + B[0][2];
  }
  return got;
}
int main(void) {
  long *A[1];
  #pragma omp world_parallel for world(A)
  for (int i = 0; i < 2; i++) {
    if (i == 0)
      A[0] = omp_world_malloc(2);
    A[0][i] = inner(i);
    if (i == 1)
      printf("A[0] = %ld A[1] = %ld\n", A[0][0], A[0][1]);
  }
  return 0;
}
