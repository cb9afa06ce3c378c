// A world loop of another shape than Algorithm 2: a pipeline of stages run
// from the last to the first (a decreasing loop), each stage an array of
// long read from the stage before and written by the threads of a nested
// standard 'parallel for'. The process of stage 0 checks every value.
// RUN: %orbis-cc -O2 %s -o %t
// RUN: timeout -s KILL 60 %t 37 | FileCheck %s
// RUN: %mpirun -np 3 -x UCX_TLS=shm,self %t 101 | FileCheck %s
// RUN: %mpirun -np 5 -x UCX_TLS=tcp,self %t 64 | FileCheck %s
// CHECK: {{^OK$}}
#include <omp_world.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int n = atoi(argv[1]), S = 11;
  long *stage[S];
  #pragma omp world_parallel for world(stage)
  for (int s = S - 1; s >= 0; s -= 1) {       /* decreasing loop */
    stage[s] = omp_world_malloc(n);
    #pragma omp parallel for
    for (int i = 0; i < n; i++)
      stage[s][i] = (s == S - 1) ? i : stage[s + 1][i] * 3 + s;
    if (s == 0) {
      long ok = 1;
      for (int i = 0; i < n; i++) {
        long v = i;
        for (int k = S - 2; k >= 0; k--) v = v * 3 + k;
        ok &= stage[0][i] == v;
      }
      printf("%s\n", ok ? "OK" : "MISMATCH");
    }
  }
  return 0;
}
