// Structure elements in world memory: read whole (a member read takes the
// member of the element read), written whole; accessors are defined for
// each structure type in front of the function (a tagged struct and a
// typedef of an untagged one holding an array). Alone, over shm and tcp.
// RUN: %orbis-cc -O2 %s -o %t
// RUN: %orbis-cc --emit-lowered %s | FileCheck --check-prefix=LOWERED %s
// RUN: timeout -s KILL 60 %t 20 | FileCheck --check-prefix=N20 %s
// RUN: %mpirun -np 3 -x UCX_TLS=shm,self %t 20 | FileCheck --check-prefix=N20 %s
// RUN: %mpirun -np 2 -x UCX_TLS=tcp,self %t 31 | FileCheck --check-prefix=N31 %s
// LOWERED: ORBIS_WORLD_ACCESSORS(struct_struct_cell, struct cell)
// LOWERED: ORBIS_WORLD_ACCESSORS(struct_pair, pair)
// N20: OK 95 190 380
// N31: OK 232.5 465 930
#include <omp_world.h>
#include <stdio.h>
#include <stdlib.h>
struct cell { double v; int k; };
typedef struct { long a[2]; } pair;
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 20;
  struct cell *C[1];
  pair *Q[1];
  #pragma omp world_parallel for world(C, Q)
  for (int i = 0; i < n; i++) {
    if (i == 0) { C[0] = omp_world_malloc(n); Q[0] = omp_world_malloc(n); }
    struct cell c = {i * 0.5, i};
    if (i > 0) c.v += C[0][i - 1].v;
    C[0][i] = c;
    pair q = {{i, 2L * i}};
    Q[0][i] = q;
    if (i == n - 1) {
      double s = 0; long t = 0;
      for (int k = 0; k < n; k++) { s += C[0][k].k; t += Q[0][k].a[1]; }
      printf("%s %g %g %ld\n", C[0][n-1].v == 0.25 * (n-1) * n ? "OK" : "MISMATCH", C[0][n-1].v, s, t);
    }
  }
  return 0;
}
