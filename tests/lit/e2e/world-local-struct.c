// Structure elements whose type is declared in the function of the world
// loop: accessors defined in front of the function could not name the
// type ("incomplete result type 'struct acc'" in the generated code). Such
// elements go by their bytes; a store is a statement or a value.
// RUN: %orbis-cc -O2 -Wall -Werror %s -o %t
// RUN: timeout -s KILL 60 %t | FileCheck %s
// RUN: %mpirun -np 3 -x UCX_TLS=tcp,self %t | FileCheck %s
// CHECK: OK local struct 66 12 12
#include <omp_world.h>
#include <stdio.h>

int main(void) {
  struct acc { long sum; int n; };
  enum { N = 12 };
  struct acc *S[1], *T[1];
  #pragma omp world_parallel for world(S, T)
  for (int i = 0; i < N; i++) {
    if (i == 0) {
      S[0] = omp_world_malloc(N);
      T[0] = omp_world_malloc(N);
    }
    struct acc a = {i, 1};
    if (i > 0) {
      struct acc p = S[0][i - 1];
      a.sum += p.sum;
      a.n += p.n;
    }
    S[0][i] = a;
    struct acc b = (T[0][i] = a);
    if (i == N - 1)
      printf("%s local struct %ld %d %d\n",
             S[0][i].sum == 66 && S[0][i].n == N && b.n == N ? "OK"
                                                              : "MISMATCH",
             S[0][i].sum, S[0][i].n, T[0][i].n);
  }
  return 0;
}
