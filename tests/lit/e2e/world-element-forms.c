// World elements a new user's trial found refused or miscompiled:
// enumerations (refused as "not arithmetic"; now stored as their integer
// type, read back as the enumeration) and an assignment to world memory
// used as a value (`(B[0][i] = v) + 1`, `A[0][i] = B[0][i] = v`, which
// failed in the generated code: the store's accessor returned nothing).
// RUN: %orbis-cc -O2 %s -o %t
// RUN: timeout -s KILL 60 %t | FileCheck %s
// RUN: %mpirun -np 2 -x UCX_TLS=tcp,self %t | FileCheck %s
// RUN: %mpirun -np 3 -x UCX_TLS=shm,self %t | FileCheck %s
// CHECK: OK enumerations
// CHECK: OK assignment values
#include <omp_world.h>
#include <stdio.h>

enum color { RED, GREEN = 7, BLUE = -3 };

int main(void) {
  enum { N = 12 };
  enum color *E[1];
  int *A[1], *B[1];
  #pragma omp world_parallel for world(E, A, B)
  for (int i = 0; i < N; i++) {
    if (i == 0) {
      E[0] = omp_world_malloc(N);
      A[0] = omp_world_malloc(N);
      B[0] = omp_world_malloc(N);
    }
    E[0][i] = i % 3 == 0 ? RED : i % 3 == 1 ? GREEN : BLUE;
    int x = (B[0][i] = 2 * i) + 1;
    A[0][i] = x - 1 == B[0][i] ? x : -1;
    if (i == N - 1) {
      int ok = 1;
      for (int k = 0; k < N; k++) {
        enum color c = E[0][k];
        ok &= c == (k % 3 == 0 ? RED : k % 3 == 1 ? GREEN : BLUE);
      }
      printf("%s enumerations\n", ok ? "OK" : "MISMATCH");
      ok = 1;
      for (int k = 0; k < N; k++)
        ok &= A[0][k] == 2 * k + 1;
      printf("%s assignment values\n", ok ? "OK" : "MISMATCH");
    }
  }
  return 0;
}
