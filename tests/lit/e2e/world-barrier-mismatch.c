// PMIx's fences carry no name: a process that runs one more world loop than
// the others met their finalize with the loop's closing barrier, went on
// with the others' iterations never run and exited 0, or hung in its own
// finalize. Each fence now carries its kind; processes that reach different
// ones stop naming both, and the job fails. Same over TCP, and with the C
// API's barrier.
// RUN: %orbis-cc -O1 %s -o %t
// RUN: not %mpirun -np 3 -x UCX_TLS=shm,self %t 2>&1 | FileCheck %s
// RUN: not %mpirun -np 2 -x UCX_TLS=tcp,self %t 2>&1 | FileCheck %s
// RUN: not %mpirun -np 2 -x UCX_TLS=shm,self %t api 2>&1 | FileCheck --check-prefix=API %s
// CHECK: orbis: rank 0: the end of world_parallel at {{.*}}world-barrier-mismatch.c:[[#@LINE+15]]: invalid argument: the processes did not reach the same barrier: this process reached its world barrier 2 at {{.*}}world-barrier-mismatch.c:[[#@LINE+15]], rank {{[12]}} its world finalize (every process must reach the same world constructs' ends, barriers and finalize, in order)
// CHECK-NOT: iteration 1
// API: barrier: invalid argument: the processes did not reach the same barrier: this process reached its world barrier 1, rank 1 its world finalize
// RUN: env OMP_NUM_THREADS=1 timeout -s KILL 60 %t | FileCheck --check-prefix=ALONE %s
// ALONE: iteration 0
// ALONE-NEXT: iteration 1
// ALONE-NEXT: iteration 2
#include <omp_world.h>
#include <orbis/world.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void loop(int n, int verbose) {
  long *v[1];
  #pragma omp world_parallel for world(v)
  for (int i = 0; i < n; i++) {
    if (i == 0)
      v[0] = omp_world_malloc(n);
    v[0][i] = i;
    if (verbose)
      printf("iteration %d\n", i);
  }
}

int main(int argc, char **argv) {
  const char *r = getenv("OMPI_COMM_WORLD_RANK");
  int rank = r ? atoi(r) : 0;
  if (argc > 1 && strcmp(argv[1], "api") == 0) {
    orbis_world_init();
    if (orbis_world_rank() == 0) {
      orbis_status_t s = orbis_world_barrier();
      printf("barrier: %s: %s\n", orbis_status_string(s),
             orbis_world_error_detail());
      fflush(stdout);
      return s == ORBIS_OK ? 0 : 1;
    }
    return orbis_world_finalize() == ORBIS_OK ? 0 : 1;
  }
  loop(3, 0);
  if (rank == 0)
    loop(3, 1);
  return 0;
}
