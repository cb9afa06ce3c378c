// C++ structure elements through the generic accessors: a class declared
// in the function ("unknown type name 'cell'" at the function's first line)
// and a world loop in a lambda (the accessors' definitions were pasted into
// the lambda's parameter list).
// RUN: %orbis-cxx -O2 -Wall -Werror %s -o %t
// RUN: timeout -s KILL 60 %t | FileCheck %s
// RUN: %mpirun -np 2 -x UCX_TLS=shm,self %t | FileCheck %s
// CHECK-DAG: OK local class 78
// CHECK-DAG: OK in a lambda 78
#include <omp_world.h>
#include <cstdio>

struct pair2 { long a; int b; };

int main() {
  const int N = 12;
  struct cell { long v; };
  cell *C[1];
  #pragma omp world_parallel for world(C)
  for (int i = 0; i < N; i++) {
    if (i == 0) C[0] = omp_world_malloc(N);
    cell c = {i + 1 + (i > 0 ? C[0][i - 1].v : 0)};
    C[0][i] = c;
    if (i == N - 1)
      std::printf("%s local class %ld\n", C[0][i].v == 78 ? "OK" : "MISMATCH",
                  C[0][i].v);
  }
  auto run = [&](int m) {
    pair2 *P[1];
    #pragma omp world_parallel for world(P)
    for (int i = 0; i < m; i++) {
      if (i == 0) P[0] = omp_world_malloc(m);
      pair2 p = {i + 1 + (i > 0 ? P[0][i - 1].a : 0), i};
      P[0][i] = p;
      if (i == m - 1)
        std::printf("%s in a lambda %ld\n", P[0][i].a == 78 ? "OK" : "MISMATCH",
                    P[0][i].a);
    }
  };
  run(N);
  return 0;
}
