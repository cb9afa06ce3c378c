// omp_world_malloc(0) gives the null world pointer, as C's malloc(0) may:
// the program runs on, and omp_world_free of it does nothing (it stopped
// the program with "invalid argument"); an access through it stops the
// program naming the null pointer. A subscript below 0 is named as such
// (it was printed as 18446744073709551615).
// RUN: %orbis-cc -O1 %s -o %t
// RUN: timeout -s KILL 60 %t 0 | FileCheck --check-prefix=EMPTY %s
// RUN: %mpirun -np 2 -x UCX_TLS=shm,self %t 0 | FileCheck --check-prefix=EMPTY %s
// EMPTY: {{^}}done{{$}}
// RUN: not timeout -s KILL 60 %t 1 2>&1 | FileCheck --check-prefix=NULL %s
// NULL: orbis: rank 0: world store at {{.*}}world-malloc-zero.c:[[#@LINE+19]] (allocation 0 of rank 0, element 0): invalid argument: a null world pointer (omp_world_malloc(0), or never allocated){{$}}
// RUN: not timeout -s KILL 60 %t 2 2>&1 | FileCheck --check-prefix=NEGATIVE %s
// NEGATIVE: orbis: rank 0: world store at {{.*}}world-malloc-zero.c:[[#@LINE+19]] (allocation {{[0-9]+}} of rank 0, element -1): access outside the allocation{{$}}
#include <omp_world.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int mode = argc > 1 ? atoi(argv[1]) : 0;
  long *A[2];
  #pragma omp world_parallel for world(A)
  for (int i = 0; i < 2; i++) {
    A[i] = omp_world_malloc(mode == 2 ? 4 : 0);
    #pragma omp single
    {
      if (mode == 0)
        omp_world_free(A[i]);
    }
    if (mode == 1)
      A[i][0] = i;
    if (mode == 2)
      A[i][i - 1] = i;
  }
  if (mode == 0)
    printf("done\n");
  return 0;
}
