// `critical` directly in a world loop excludes the processes of the whole
// world (EXTENSIONS.md 3.2), one world lock per name; it excluded only the
// threads of one process, so the processes' read-modify-write of a file
// below lost updates. Named criticals take their own lock. A `barrier`
// directly in a world loop is an error: the processes run different
// iterations, so none is well defined there.
// RUN: %orbis-cc -O2 %s -o %t
// RUN: rm -f %t.count %t.other && env COUNT=%t.count OTHER=%t.other timeout -s KILL 60 %t | FileCheck --check-prefix=ONE %s
// RUN: rm -f %t.count %t.other && %mpirun -np 3 -x UCX_TLS=shm,self -x COUNT=%t.count -x OTHER=%t.other %t && cat %t.count %t.other | FileCheck %s
// RUN: rm -f %t.count %t.other && %mpirun -np 2 -x UCX_TLS=tcp,self -x COUNT=%t.count -x OTHER=%t.other %t && cat %t.count %t.other | FileCheck %s
// RUN: not %orbis-cc -fsyntax-only -DBARRIER %s 2>&1 | FileCheck --check-prefix=BARRIER %s
// ONE: done
// CHECK: 12
// CHECK-NEXT: 12
// BARRIER: world-critical.c:[[#@LINE+29]]:1: error: '#pragma omp barrier' directly in a world loop is not supported: the processes run different iterations, so no barrier is well defined there; synchronize through world memory (a read waits until the element is written)
#include <omp_world.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/// Adds one to the number in the file, slowly (a race loses updates).
static void bump(const char *path) {
  long v = 0;
  FILE *f = fopen(path, "r");
  if (f) {
    if (fscanf(f, "%ld", &v) != 1)
      v = -1000;
    fclose(f);
  }
  usleep(2000);
  f = fopen(path, "w");
  fprintf(f, "%ld\n", v + 1);
  fclose(f);
}

int main(void) {
  long *A[1];
  #pragma omp world_parallel for world(A)
  for (int i = 0; i < 12; i++) {
    if (i == 0)
      A[0] = omp_world_malloc(12);
    A[0][i] = i;
#ifdef BARRIER
#pragma omp barrier
#endif
    #pragma omp critical
    bump(getenv("COUNT"));
    #pragma omp critical(other)
    {
      bump(getenv("OTHER"));
    }
  }
  printf("done\n");
  return 0;
}
