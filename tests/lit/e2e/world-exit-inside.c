// A process that calls exit() inside a world loop leaves the world at once,
// as a process that died, keeping its exit status: it ran its atexit
// finalize, which waited for the others while they waited for what it would
// have written (reported as a deadlock after seconds, its status lost, or a
// hang with the deadlock report off). The others stop naming it (unless
// mpirun, seeing the status, stops them first). Alone the program simply
// exits with its status.
// RUN: %orbis-cc -O1 %s -o %t
// RUN: not %mpirun -np 3 -x UCX_TLS=shm,self %t 3 2>&1 | FileCheck %s
// RUN: not %mpirun -np 2 -x UCX_TLS=tcp,self -x ORBIS_WORLD_DEADLOCK=0 %t 3 2>&1 | FileCheck %s
// CHECK: orbis: rank [[RANK:[0-9]]]: the process exits (status 3) inside world_parallel at {{.*}}world-exit-inside.c:[[#@LINE+12]], before the world loop ends; it leaves the world at once
// CHECK-NOT: deadlock
// RUN: env OMP_NUM_THREADS=1 timeout -s KILL 60 sh -c '%t 3; test $? -eq 3' > %t.alone 2>&1
// RUN: FileCheck --check-prefix=ALONE --allow-empty %s < %t.alone
// ALONE-NOT: orbis:
#include <omp_world.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int status = argc > 1 ? atoi(argv[1]) : 3;
  long *V[8];
  #pragma omp world_parallel for world(V)
  for (int t = 0; t < 8; t++) {
    V[t] = omp_world_malloc(4);
    if (t == 4)
      exit(status);
    for (int i = 0; i < 4; i++)
      V[t][i] = t == 0 ? i : V[t - 1][i] + 1;
  }
  printf("never\n");
  return 0;
}
