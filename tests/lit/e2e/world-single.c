// `single` directly in a world loop runs once in the whole world: the first
// process to reach it runs it, every other one waits until it is done (its
// world write is there for them). A `single` in a parallel region nested
// in the world loop keeps its meaning: once per region, in each process,
// also when the region's statement is the `single` itself (no braces).
// RUN: %orbis-cc -O2 %s -o %t
// RUN: %orbis-cc --print-model %s | FileCheck --check-prefix=MODEL %s
// RUN: env OMP_NUM_THREADS=2 timeout -s KILL 60 %t | FileCheck %s
// RUN: %mpirun -np 3 -x UCX_TLS=shm,self -x OMP_NUM_THREADS=2 %t | FileCheck %s
// RUN: %mpirun -np 4 -x UCX_TLS=tcp,self -x OMP_NUM_THREADS=2 %t | FileCheck %s
// MODEL: world loop 0 at world-single.c:[[@LINE+15]]:3, world(base, seen), nests:
// MODEL-NEXT: single at world-single.c:[[@LINE+16]]:5, once in the world
// MODEL-NOT: single at
// CHECK-COUNT-1: once in the world
// CHECK-NOT: once in the world
// CHECK: OK 12 iterations, 24 per-region singles
#include <omp.h>
#include <omp_world.h>
#include <stdio.h>

int main(void) {
  enum { N = 12 };
  long *base[1];
  int *seen[1];
  int regions = 0;
  #pragma omp world_parallel for world(base, seen)
  for (int i = 0; i < N; i++) {
    #pragma omp single
    {
      base[0] = omp_world_malloc(1);
      base[0][0] = 1000;
      seen[0] = omp_world_malloc(N);
      printf("once in the world\n");
    }
    int per_region = 0;
    #pragma omp parallel num_threads(2) reduction(+ : per_region)
    {
      #pragma omp single
      per_region += 1;
    }
    // Without braces too: the single is inside the region (it was taken
    // for a world single, once in the world).
    #pragma omp parallel num_threads(2) reduction(+ : per_region)
    #pragma omp single
    per_region += 1;
    seen[0][i] = (int)(base[0][0] + i) * 10 + per_region;
    if (i == N - 1) {
      int ok = 1, singles = 0;
      for (int k = 0; k < N; k++) {
        ok &= seen[0][k] / 10 == 1000 + k;
        singles += seen[0][k] % 10;
      }
      printf("%s %d iterations, %d per-region singles\n", ok ? "OK" : "MISMATCH",
             N, singles);
    }
  }
  (void)regions;
  return 0;
}
