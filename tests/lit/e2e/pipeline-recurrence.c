// Two more wavefronts in C, bit-identical to the sequential program:
//  - a linear pipeline recurrence in doubles,
//      S[i][j] = S[i-1][j] * a + S[i][j-1] * b + X[i][j],
//    with `<=` bounds, a `parallel for schedule(blocked)` nest;
//  - a float suffix "summed area" table computed backwards,
//      P[i][j] = X[i][j] + P[i+1][j] + P[i][j+1] - P[i+1][j+1],
//    with both loops counting down (`>=`, `i--`, `j -= 1`) and the outer
//    blocked loop a `for` inside an explicit `parallel` region.
// Both pipeline their outer tiles through progress counters (Algorithm 1).
//
// Arguments: tile_i tile_j n...; each n is an n x (n+5) problem (tile sizes
// only matter in the RUNTIME_TILES build). Output: raw bytes of S and P.
//
// RUN: %clang-seq -O2 %s -o %t.seq
// RUN: %orbis-cc -O2 %s -o %t.par
// RUN: %orbis-cc -O2 -DTI=6 -DTJ=11 %s -o %t.par611
// RUN: %orbis-cc -O2 -DRUNTIME_TILES %s -o %t.parrt
// RUN: %t.seq 0 0 1 2 3 7 17 31 101 > %t.ref
// RUN: %t.seq 0 0 300 > %t.ref300
//
// RUN: env OMP_NUM_THREADS=1 %t.par611 0 0 1 2 3 7 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=2 %t.par611 0 0 1 2 3 7 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.par611 0 0 1 2 3 7 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=4 %t.par611 0 0 1 2 3 7 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.par611 0 0 300 | cmp - %t.ref300
//
// RUN: env OMP_NUM_THREADS=2 %t.parrt 1 1 1 2 3 7 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.parrt 4 3 1 2 3 7 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=4 %t.parrt 2 500 1 2 3 7 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=4 %t.parrt 37 8 300 | cmp - %t.ref300
//
// RUN: env OMP_NUM_THREADS=3 OMP_BLOCK_SIZE=5,3 %t.par 0 0 1 2 3 7 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=4 OMP_BLOCK_SIZE=3 %t.par 0 0 1 2 3 7 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=2 OMP_BLOCK_SIZE=1,2 %t.par 0 0 1 2 3 7 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=3 OMP_BLOCK_SIZE=16,16 %t.par 0 0 300 | cmp - %t.ref300
//
// RUN: env OMP_NUM_THREADS=1 %t.par 0 0 1 2 3 7 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=2 ORBIS_L2_CACHE_SIZE=4096 %t.par 0 0 1 2 3 7 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=3 ORBIS_L2_CACHE_SIZE=4096 %t.par 0 0 1 2 3 7 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=4 ORBIS_L2_CACHE_SIZE=4096 %t.par 0 0 1 2 3 7 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=4 ORBIS_L2_CACHE_SIZE=4096 %t.par 0 0 300 | cmp - %t.ref300
#include <omp_blocked.h>
#include <stdio.h>
#include <stdlib.h>

static int tile_i, tile_j;

#if defined(TI)
#define OUTER_SIZE TI
#define INNER_SIZE TJ
#else
#define OUTER_SIZE tile_i
#define INNER_SIZE tile_j
#endif

// S is (n+1) x (m+1) with row 0 and column 0 the boundary.
static void recurrence(int n, int m, double a, double b, const double *X,
                       double *S) {
  volatile int *done = NULL;
#if defined(TI) || defined(RUNTIME_TILES)
  #pragma omp parallel for schedule(blocked, OUTER_SIZE)
#else
  #pragma omp parallel for schedule(blocked)
#endif
  for (int i = 1; i <= n; i++) {
    #pragma omp single
    {
      done = calloc(omp_num_blocks() + 1, sizeof(int));
      done[0] = m;
    }
    int ib = omp_block_num();
#if defined(TI) || defined(RUNTIME_TILES)
    #pragma omp for schedule(blocked, INNER_SIZE)
#else
    #pragma omp for schedule(blocked)
#endif
    for (int j = 1; j <= m; j++) {
      while (done[ib] < j + omp_block_size() - 1) {
      }
      #pragma omp block
      {
        double up = S[(i - 1) * (m + 1) + j], left = S[i * (m + 1) + j - 1];
        S[i * (m + 1) + j] = up * a + left * b + X[i * (m + 1) + j];
      }
      #pragma omp atomic
      done[ib + 1] += omp_block_size();
    }
  }
  free((void *)done);
}

// P is (n+1) x (m+1) with row n and column m the (zero) boundary.
static void suffixArea(int n, int m, const float *X, float *P) {
  volatile int *done = NULL;
  #pragma omp parallel shared(done)
  {
#if defined(TI) || defined(RUNTIME_TILES)
    #pragma omp for schedule(blocked, OUTER_SIZE)
#else
    #pragma omp for schedule(blocked)
#endif
    for (int i = n - 1; i >= 0; i--) {
      #pragma omp single
      {
        done = calloc(omp_num_blocks() + 1, sizeof(int));
        done[0] = m;
      }
      int ib = omp_block_num();
#if defined(TI) || defined(RUNTIME_TILES)
      #pragma omp for schedule(blocked, INNER_SIZE)
#else
      #pragma omp for schedule(blocked)
#endif
      for (int j = m - 1; j >= 0; j -= 1) {
        // Columns m-1 down to the tile's last one, j - size + 1, must be done
        // by the i-tile below.
        while (done[ib] < m - j + omp_block_size() - 1) {
        }
        #pragma omp block
        P[i * (m + 1) + j] = X[i * (m + 1) + j] + P[(i + 1) * (m + 1) + j] +
                             P[i * (m + 1) + j + 1] -
                             P[(i + 1) * (m + 1) + j + 1];
        #pragma omp atomic
        done[ib + 1] += omp_block_size();
      }
    }
  }
  free((void *)done);
}

int main(int argc, char **argv) {
  if (argc < 3)
    return 2;
  tile_i = atoi(argv[1]);
  tile_j = atoi(argv[2]);
  for (int k = 3; k < argc; k++) {
    int n = atoi(argv[k]), m = n + 5;
    size_t cells = (size_t)(n + 1) * (m + 1);
    double *X = malloc(cells * sizeof(double)), *S = calloc(cells, sizeof(double));
    float *Xf = malloc(cells * sizeof(float)), *P = calloc(cells, sizeof(float));
    for (size_t c = 0; c < cells; c++) {
      X[c] = (double)((c * 2654435761u) % 1000) / 997.0 - 0.5;
      Xf[c] = (float)((c * 40503u) % 977) / 31.0f;
    }
    for (int j = 0; j <= m; j++)
      S[j] = 0.001 * j;
    for (int i = 0; i <= n; i++)
      S[i * (m + 1)] = -0.002 * i;
    recurrence(n, m, 0.61, 0.37, X, S);
    suffixArea(n, m, Xf, P);
    fwrite(S, sizeof(double), cells, stdout);
    fwrite(P, sizeof(float), cells, stdout);
    free(X), free(S), free(Xf), free(P);
  }
  return 0;
}
