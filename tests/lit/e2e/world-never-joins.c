// A process that ends without ever reaching a world construct (exit status
// 0: no failure to the launcher) left the others waiting in PMIx_Fence
// forever, silently, even with ORBIS_WORLD_TIMEOUT. Joining the world is now
// bounded: by ORBIS_WORLD_TIMEOUT when set, else by 300 s; the processes
// that wait stop saying so.
// RUN: %orbis-cc -O1 %s -o %t
// mpirun may see the process that left first ("exiting improperly") and
// end the job itself: either way the job ends, with a non-zero status, and
// the waiting process never goes on. When mpirun ends the job it may also
// drop the processes' last output (seen on a loaded 2-core machine with 3
// processes): the message is checked where it arrives, its absence is not
// a failure.
// RUN: not %mpirun -np 2 -x UCX_TLS=shm,self -x ORBIS_WORLD_TIMEOUT=2 %t > %t.out 2>&1
// RUN: FileCheck --allow-empty %s < %t.out
// RUN: not %mpirun -np 2 -x UCX_TLS=tcp,self -x ORBIS_WORLD_TIMEOUT=2 %t > %t.out 2>&1
// RUN: FileCheck --allow-empty %s < %t.out
// RUN: not %mpirun -np 3 -x UCX_TLS=tcp,self -x ORBIS_WORLD_TIMEOUT=2 %t > %t.out 2>&1
// RUN: FileCheck --allow-empty %s < %t.out
// CHECK-NOT: unreachable under mpirun
#include <omp_world.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  const char *r = getenv("OMPI_COMM_WORLD_RANK");
  if (r && atoi(r) != 0)
    return 0; // never joins
  long *v[1];
  #pragma omp world_parallel for world(v)
  for (int i = 0; i < 3; i++) {
    if (i == 0)
      v[0] = omp_world_malloc(3);
    v[0][i] = i;
  }
  printf("unreachable under mpirun\n");
  return 0;
}
