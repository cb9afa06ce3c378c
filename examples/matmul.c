/// \file
/// Plain tiling with blocked loops: a cache-blocked matrix multiply.
///
/// C += A * B in the i-k-j order, with the i loop and the k loop blocked: the
/// i tiles are shared among threads, each thread walks the k tiles of its
/// i tile in order, and a k tile's rows of B are reused by every row of the i
/// tile while they are in cache. There is no `#pragma omp block`: the whole
/// body of the innermost blocked loop (the j loop) is the instruction block
/// and pre/post-blocks are empty. The lowering keeps the k order of every
/// C[i][j] sum, so the result is bit-identical to the plain loop.
///
/// The program multiplies both ways, compares the products bit for bit and
/// prints `OK ...` with both speeds in GFLOP/s, or `MISMATCH ...` and exits
/// with status 1.
///
/// Usage: matmul [N=1024]
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

/// C += A * B, tiled in i and k. Different i tiles write different rows of C,
/// so the tiles need no synchronization.
static void matmul_blocked(int n, double (*restrict C)[n],
                           const double (*restrict A)[n],
                           const double (*restrict B)[n]) {
#pragma omp parallel for schedule(blocked) map(tofrom: C[0:n]) map(to: A[0:n], B[0:n])
  for (int i = 0; i < n; i++)
#pragma omp for schedule(blocked)
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++)
        C[i][j] += A[i][k] * B[k][j];
}

/// The reference: the same loops untiled.
static void matmul_plain(int n, double (*restrict C)[n],
                         const double (*restrict A)[n],
                         const double (*restrict B)[n]) {
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++)
        C[i][j] += A[i][k] * B[k][j];
}

static double now(void) {
#ifdef _OPENMP
  return omp_get_wtime();
#else
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
#endif
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1024;
  if (n < 1) {
    fprintf(stderr, "usage: %s [N>=1 (1024)]\n", argv[0]);
    return 2;
  }
#ifdef _OPENMP
  int threads = omp_get_max_threads();
#else
  int threads = 1;
#endif
  double(*A)[n] = malloc(sizeof(double[n][n]));
  double(*B)[n] = malloc(sizeof(double[n][n]));
  double(*blocked)[n] = calloc(n, sizeof(double[n]));
  double(*plain)[n] = calloc(n, sizeof(double[n]));
  if (!A || !B || !blocked || !plain) {
    fprintf(stderr, "matmul: cannot allocate four %dx%d matrices\n", n, n);
    return 2;
  }
  // Values with many significant bits, so that any change in the order of
  // the additions would show in the result.
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      A[i][j] = 1.0 / (1 + (i * 31 + j * 17) % 97);
      B[i][j] = 1.0 / (1 + (i * 13 + j * 29) % 89);
    }

  double t0 = now();
  matmul_blocked(n, blocked, (const double(*)[n])A, (const double(*)[n])B);
  double t1 = now();
  matmul_plain(n, plain, (const double(*)[n])A, (const double(*)[n])B);
  double t2 = now();

  double flops = 2.0 * n * n * n;
  int same = memcmp(blocked, plain, sizeof(double[n][n])) == 0;
  printf("%s matmul N=%d threads=%d: %.3f GFLOP/s (sequential %.3f GFLOP/s)\n",
         same ? "OK" : "MISMATCH", n, threads, flops / (t1 - t0) / 1e9,
         flops / (t2 - t1) / 1e9);
  free(A);
  free(B);
  free(blocked);
  free(plain);
  return same ? 0 : 1;
}
