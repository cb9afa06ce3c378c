// Plain tiling without a wavefront: blocked matrix multiply with two blocked
// levels (i, j) and the k loop inside the instruction block, once with an
// explicit `#pragma omp block` and once without (the whole body is then the
// instruction block). Tiles are independent; the result must be
// bit-identical to the sequential program.
//
// Arguments: tile_i tile_j n...; each n multiplies an n x (n+2) matrix by an
// (n+2) x (n/2+1) one. Output: raw bytes of both products.
//
// RUN: %clang-seq -O2 %s -o %t.seq
// RUN: %orbis-cc -O2 %s -o %t.par
// RUN: %orbis-cc -O2 -DTI=8 -DTJ=3 %s -o %t.par83
// RUN: %orbis-cc -O2 -DRUNTIME_TILES %s -o %t.parrt
// RUN: %t.seq 0 0 1 2 3 4 17 31 101 > %t.ref
// RUN: %t.seq 0 0 300 > %t.ref300
//
// RUN: env OMP_NUM_THREADS=1 %t.par83 0 0 1 2 3 4 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=2 %t.par83 0 0 1 2 3 4 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.par83 0 0 1 2 3 4 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=4 %t.par83 0 0 1 2 3 4 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=2 %t.par83 0 0 300 | cmp - %t.ref300
//
// RUN: env OMP_NUM_THREADS=3 %t.parrt 1 1 1 2 3 4 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=4 %t.parrt 5 7 1 2 3 4 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=2 %t.parrt 64 1000 1 2 3 4 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.parrt 19 23 300 | cmp - %t.ref300
//
// RUN: env OMP_NUM_THREADS=3 OMP_BLOCK_SIZE=5,3 %t.par 0 0 1 2 3 4 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=2 OMP_BLOCK_SIZE=6 %t.par 0 0 1 2 3 4 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=4 OMP_BLOCK_SIZE=,2 %t.par 0 0 1 2 3 4 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=4 OMP_BLOCK_SIZE=32,16 %t.par 0 0 300 | cmp - %t.ref300
//
// RUN: env OMP_NUM_THREADS=1 %t.par 0 0 1 2 3 4 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=2 ORBIS_L2_CACHE_SIZE=4096 %t.par 0 0 1 2 3 4 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=3 ORBIS_L2_CACHE_SIZE=4096 %t.par 0 0 1 2 3 4 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=4 ORBIS_L2_CACHE_SIZE=4096 %t.par 0 0 1 2 3 4 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=3 ORBIS_L2_CACHE_SIZE=4096 %t.par 0 0 300 | cmp - %t.ref300
#include <omp_blocked.h>
#include <stdio.h>
#include <stdlib.h>

static int tile_i, tile_j;

#if defined(TI)
#define SIZE_I TI
#define SIZE_J TJ
#else
#define SIZE_I tile_i
#define SIZE_J tile_j
#endif

// C = A * B with an explicit instruction block; the pre-blocks are empty.
static void matmulBlock(int n, int p, int m, const double *A, const double *B,
                        double *C) {
#if defined(TI) || defined(RUNTIME_TILES)
  #pragma omp parallel for schedule(blocked, SIZE_I)
#else
  #pragma omp parallel for schedule(blocked)
#endif
  for (int i = 0; i < n; i++) {
#if defined(TI) || defined(RUNTIME_TILES)
    #pragma omp for schedule(blocked, SIZE_J)
#else
    #pragma omp for schedule(blocked)
#endif
    for (int j = 0; j < m; j++) {
      #pragma omp block
      {
        double s = 0.0;
        for (int k = 0; k < p; k++)
          s += A[i * p + k] * B[k * m + j];
        C[i * m + j] = s;
      }
    }
  }
}

// The same in single precision, accumulating into C, with no block pragma:
// the whole inner body is the instruction block.
static void matmulPlain(int n, int p, int m, const float *A, const float *B,
                        float *C) {
#if defined(TI) || defined(RUNTIME_TILES)
  #pragma omp parallel for schedule(blocked, SIZE_I)
#else
  #pragma omp parallel for schedule(blocked)
#endif
  for (int i = 0; i < n; i++) {
#if defined(TI) || defined(RUNTIME_TILES)
    #pragma omp for schedule(blocked, SIZE_J)
#else
    #pragma omp for schedule(blocked)
#endif
    for (int j = 0; j < m; j++) {
      for (int k = 0; k < p; k++)
        C[i * m + j] += A[i * p + k] * B[k * m + j];
    }
  }
}

int main(int argc, char **argv) {
  if (argc < 3)
    return 2;
  tile_i = atoi(argv[1]);
  tile_j = atoi(argv[2]);
  for (int a = 3; a < argc; a++) {
    int n = atoi(argv[a]), p = n + 2, m = n / 2 + 1;
    double *A = malloc(sizeof(double) * n * p), *B = malloc(sizeof(double) * p * m);
    double *C = malloc(sizeof(double) * n * m);
    float *Af = malloc(sizeof(float) * n * p), *Bf = malloc(sizeof(float) * p * m);
    float *Cf = malloc(sizeof(float) * n * m);
    for (int i = 0; i < n * p; i++) {
      A[i] = (double)((i * 37) % 23) / 9.0 - 1.0;
      Af[i] = (float)((i * 13) % 29) / 7.0f;
    }
    for (int i = 0; i < p * m; i++) {
      B[i] = (double)((i * 53) % 31) / 11.0 - 1.25;
      Bf[i] = (float)((i * 11) % 17) / 3.0f - 2.0f;
    }
    for (int i = 0; i < n * m; i++)
      Cf[i] = (float)i / 5.0f;
    matmulBlock(n, p, m, A, B, C);
    matmulPlain(n, p, m, Af, Bf, Cf);
    fwrite(C, sizeof(double), (size_t)n * m, stdout);
    fwrite(Cf, sizeof(float), (size_t)n * m, stdout);
    free(A), free(B), free(C), free(Af), free(Bf), free(Cf);
  }
  return 0;
}
