// -fopenmp-simd alone turns OpenMP's `simd` directives on and its threads
// off, as with clang. The extensions are still lowered (clang parses every
// OpenMP pragma in that mode, and took `schedule(blocked)` and `omp block`
// for malformed directives of its own: five errors): the tiles run in
// order on one thread, the tile queries answer as with threads, and no
// _OPENMP is defined. With -fopenmp as well, all of OpenMP, in either order.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %orbis-cc -O2 -fopenmp-simd %s -o %t/simd
// RUN: env OMP_NUM_THREADS=3 %t/simd | FileCheck --check-prefixes=CHECK,SIMD %s
// RUN: %orbis-cc -O2 -fopenmp -fopenmp-simd %s -o %t/both
// RUN: env OMP_NUM_THREADS=3 %t/both | FileCheck --check-prefixes=CHECK,ALL %s
// RUN: %orbis-cc -O2 -fopenmp-simd -fopenmp %s -o %t/both2
// RUN: env OMP_NUM_THREADS=3 %t/both2 | FileCheck --check-prefixes=CHECK,ALL %s
// CHECK: sum 94.5 ok 1
// CHECK: tiles 4 rows 64 cols 64
// SIMD: no _OPENMP
// ALL: _OPENMP
#include <omp_blocked.h>
#include <stdio.h>

static double A[64][64];
static int Tiles, Rows, Cols;

int main(void) {
  #pragma omp parallel for schedule(blocked, 16)
  for (int x = 0; x < 64; x++) {
    #pragma omp for schedule(blocked, 16)
    for (int y = 0; y < 64; y++) {
      #pragma omp block
      A[x][y] = x + 0.5 * y;
    }
    #pragma omp atomic
    Tiles++;
  }
  #pragma omp parallel for schedule(blocked, 16)
  for (int x = 0; x < 64; x++) {
    #pragma omp single
    {
      Rows = omp_total_size();
    }
    #pragma omp for schedule(blocked, 16)
    for (int y = 0; y < 64; y++) {
      #pragma omp single
      {
        Cols = omp_total_size();
      }
      #pragma omp block
      A[x][y] += 0;
    }
  }
  double s[64];
  #pragma omp simd
  for (int y = 0; y < 64; y++)
    s[y] = A[63][y];
  printf("sum %g ok %d\n", s[63], omp_num_blocks());
  printf("tiles %d rows %d cols %d\n", Tiles, Rows, Cols);
#ifdef _OPENMP
  printf("_OPENMP\n");
#else
  printf("no _OPENMP\n");
#endif
  return 0;
}
