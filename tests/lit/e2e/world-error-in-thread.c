// A world access that fails in a thread of a parallel region inside the
// world loop stops its process at once (_Exit: no exit handlers, which
// could wait for the world while the process's other threads run on), so
// the other processes stop with "rank 1 of the world died" and no deadlock
// report names the failed rank as waiting in world finalize (a new user's
// trial saw that once; the race is not forced here, the outcome is checked).
// RUN: %orbis-cc -O1 %s -o %t
// RUN: not %mpirun -np 3 -x UCX_TLS=shm,self -x OMP_NUM_THREADS=4 %t 2>&1 | FileCheck %s
// RUN: not %mpirun -np 2 -x UCX_TLS=tcp,self -x OMP_NUM_THREADS=3 %t 2>&1 | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 not timeout -s KILL 60 %t 2>&1 | FileCheck --check-prefix=ALONE %s
// CHECK: orbis: rank 1: world store at {{.*}}world-error-in-thread.c:[[#@LINE+19]] (allocation {{[0-9]+}} of rank 1, element 64): access outside the allocation
// CHECK-NOT: deadlock
// CHECK-NOT: done
// ALONE: orbis: rank 0: world store at {{.*}}world-error-in-thread.c:[[#@LINE+16]] (allocation {{[0-9]+}} of rank 0, element 64): access outside the allocation
// ALONE-NOT: done
#include <omp_world.h>
#include <stdio.h>
#include <unistd.h>

int main(void) {
  long *A[4];
  int n = 64;
  #pragma omp world_parallel for world(A)
  for (int t = 0; t < 4; t++) {
    A[t] = omp_world_malloc(n);
    if (t == 1) {
      // One element past the end, stored by a worker thread.
      #pragma omp parallel for
      for (int i = 0; i <= n; i++)
        A[t][i] = i;
    } else {
      usleep(300 * 1000);
      for (int i = 0; i < n; i++)
        A[t][i] = i;
    }
    if (t > 0) {
      long s = 0;
      for (int i = 0; i < n; i++)
        s += A[t - 1][i];
      (void)s;
    }
  }
  printf("done\n");
  return 0;
}
