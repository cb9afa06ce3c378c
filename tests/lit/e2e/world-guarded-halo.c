// A stencil in a world loop whose boundary reads are guarded, the usual
// way to write a boundary condition: `x + 1 < n ? A[x + 1][y] : -1` and
// its three mirror images. The staged tiles' halo reaches past the array's
// edge at the border tiles, where the program never reads; those tiles
// take the element path (a new user's trial found the program stopped
// with "a box copy needs ... boxes inside the frame"). Interior tiles stay
// staged. Bit-identical to the sequential loops (OK), alone and under
// mpirun over shm and tcp, with several tile shapes.
// RUN: %orbis-cc -O2 %s -o %t
// RUN: env OMP_NUM_THREADS=3 timeout -s KILL 60 %t 37 | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 OMP_BLOCK_SIZE=5,7 timeout -s KILL 60 %t 23 | FileCheck %s
// RUN: %mpirun -np 3 -x UCX_TLS=shm,self -x OMP_NUM_THREADS=2 %t 41 | FileCheck %s
// RUN: %mpirun -np 2 -x UCX_TLS=tcp,self -x OMP_BLOCK_SIZE=8,8 %t 30 | FileCheck %s
// RUN: %orbis-cc -O2 --emit-lowered %s 2>&1 | FileCheck --check-prefix=LOWERED %s
// CHECK: {{^OK$}}
// CHECK-NOT: MISMATCH
// LOWERED: orbis_world_frame_inside(__orbis_sp0, &__orbis_sv0, &__orbis_sfr0)
#include <omp_world.h>
#include <stdio.h>
#include <stdlib.h>

static long expected(int n, int x, int y, int t) {
  long v = x * 1000L + y;
  switch (t) {
  case 1: return x + 1 < n ? v + 1000 : -1;
  case 2: return x > 0 ? v - 1000 : -2;
  case 3: return y + 1 < n ? v + 1 : -3;
  default: return y > 0 ? v - 1 : -4;
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 20;
  long (*A)[n], (*B)[4][n];
  #pragma omp world_parallel for world(A, B)
  for (int t = 0; t < 6; t++) {
    if (t == 0) {
      A = omp_world_malloc(n);
      #pragma omp parallel for schedule(blocked)
      for (int x = 0; x < n; x++)
        #pragma omp for schedule(blocked)
        for (int y = 0; y < n; y++)
          A[x][y] = x * 1000L + y;
      B = omp_world_malloc(n);
    } else if (t < 5) {
      // Each iteration reads A through one guard and writes its own plane
      // of B.
      #pragma omp parallel for schedule(blocked)
      for (int x = 0; x < n; x++)
        #pragma omp for schedule(blocked)
        for (int y = 0; y < n; y++) {
          if (t == 1)
            B[x][0][y] = x + 1 < n ? A[x + 1][y] : -1;
          else if (t == 2)
            B[x][1][y] = x > 0 ? A[x - 1][y] : -2;
          else if (t == 3)
            B[x][2][y] = y + 1 < n ? A[x][y + 1] : -3;
          else
            B[x][3][y] = y > 0 ? A[x][y - 1] : -4;
        }
    } else {
      // The check, on one process: its reads wait for the others' writes.
      int ok = 1;
      for (int x = 0; x < n; x++)
        for (int p = 0; p < 4; p++)
          for (int y = 0; y < n; y++)
            ok &= B[x][p][y] == expected(n, x, y, p + 1);
      printf("%s\n", ok ? "OK" : "MISMATCH");
    }
  }
  return 0;
}
