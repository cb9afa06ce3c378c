// World loops whose body has no braces and ends inside nested statements
// without braces (`for (...) for (...) if (...) ok &= V[x][y] == ...;`):
// the lowering's closing brace goes after the last `;`, wherever the
// nesting ends (a new user's trial found "expected ';'" in the lowered
// code). Also a body that is a `do ... while` and one ending in `else`.
// RUN: %orbis-cc -O2 %s -o %t
// RUN: env OMP_NUM_THREADS=2 timeout -s KILL 60 %t | FileCheck %s
// RUN: %mpirun -np 2 -x UCX_TLS=shm,self %t | FileCheck %s
// CHECK: {{^OK 1 1 1$}}
#include <omp_world.h>
#include <stdio.h>

int main(void) {
  enum { N = 6 };
  long (*V)[N];
  int ok = 1, ok2 = 1, ok3 = 1;
  #pragma omp world_parallel for world(V)
  for (int t = 0; t < 2; t++)
    if (t == 0) {
      V = omp_world_malloc(N);
      for (int x = 0; x < N; x++)
        for (int y = 0; y < N; y++)
          V[x][y] = x * 10 + y;
    } else
      for (int x = 0; x < N; x++)
        for (int y = 0; y < N; y++)
          if (y % 2 == 0)
            ok &= V[x][y] == x * 10 + y;
          else
            ok &= V[x][y] == x * 10 + y;
  long (*W)[N];
  #pragma omp world_parallel for world(W)
  for (int t = 0; t < 2; t++)
    if (t == 0) {
      W = omp_world_malloc(N);
      for (int x = 0; x < N; x++)
        for (int y = 0; y < N; y++)
          W[x][y] = x - y;
    } else {
      int x = 0;
      do
        ok2 &= W[x][x] == 0;
      while (++x < N);
      for (int y = 0; y < N; y++)
        ok3 &= W[1][y] == 1 - y;
    }
  // Each process checked what its iterations read; the results from the
  // process that ran iteration 1 (the others kept 1).
  printf("OK %d %d %d\n", ok, ok2, ok3);
  return !(ok && ok2 && ok3);
}
