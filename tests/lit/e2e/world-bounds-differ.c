// A world loop whose bound differs between processes (here from the
// rank): each process walked its own iteration space, iterations no process
// ran were lost, and the job ended with status 0. Every process counts the
// whole space; at the loop's end another count than rank 0's stops the job
// naming the loop and both counts (a read of an element nobody wrote is a
// deadlock report instead). The same loop with equal bounds runs.
// RUN: %orbis-cc -O2 %s -o %t
// RUN: not %mpirun -np 3 -x UCX_TLS=shm,self %t differ 2>&1 | FileCheck %s
// RUN: not %mpirun -np 2 -x UCX_TLS=tcp,self %t differ 2>&1 | FileCheck %s
// RUN: %mpirun -np 3 -x UCX_TLS=shm,self %t same 2>&1 | FileCheck --check-prefix=SAME %s
// CHECK: orbis: rank {{[12]}}: world_parallel at {{.*}}world-bounds-differ.c:[[#@LINE+15]]: this process's loop has {{9|12}} iterations, rank 0's 6: every process must run the same loop (its bounds, step and schedule may not differ between processes)
// SAME-DAG: sum 1
// SAME-DAG: sum 5
// SAME-DAG: sum 9
#include <omp_world.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  const char *rank = getenv("OMPI_COMM_WORLD_RANK");
  int differ = argc > 1 && !strcmp(argv[1], "differ");
  int n = 6 + (differ && rank ? atoi(rank) : 0) * 3;
  long *A[1];
  long sum = 0;
  #pragma omp world_parallel for world(A) schedule(static)
  for (int i = 0; i < n; i++) {
    if (i == 0)
      A[0] = omp_world_malloc(20);
    A[0][i] = i;
    sum += i;
  }
  printf("sum %ld\n", sum);
  return 0;
}
