// 'orbis-cc -fsanitize=thread' checks the waits of a wavefront (issue 7):
// Algorithm 1 with the right wait runs silently (no report, exit 0, the
// result equal to the sequential sweep's); with a wait one tile too weak,
// the sanitizer reports a data race at the instruction block's line. Row
// block 0 sleeps before its first tile, so that block 1 runs ahead whenever
// its wait lets it: the weak wait is caught in every run.
// Arguments: n weak (0: the right wait, 1: one tile too weak).
// REQUIRES: tsan
// RUN: %orbis-cc -O1 -g -fsanitize=thread %s -o %t
// RUN: env OMP_NUM_THREADS=2 %t 40 0 > %t.out 2> %t.err
// RUN: FileCheck --check-prefix=OK %s < %t.out
// RUN: count 0 < %t.err
// RUN: env OMP_NUM_THREADS=3 %t 67 0 2>&1 | FileCheck --check-prefix=OK %s
// RUN: env OMP_NUM_THREADS=2 not %t 40 1 2>&1 | FileCheck --check-prefix=RACE %s
#include <omp_blocked.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

enum { PAD = 64 / sizeof(int) };

static void sweep(int n, int weak, double (*A)[n]) {
  volatile int *done = NULL;
  #pragma omp parallel for schedule(blocked, 8)
  for (int x = 1; x < n - 1; x++) {
    #pragma omp single
    {
      done = calloc((omp_num_blocks() + 1) * PAD, sizeof(int));
      done[0] = n;
    }
    int xb = omp_block_num();
    #pragma omp for schedule(blocked, 8)
    for (int y = 1; y < n - 1; y++) {
      if (xb == 0 && y == 1)
        usleep(200000);
      // right: the block above finished this tile's last column;
      // weak: only the tile before (one tile too weak)
      int need = weak ? y - 1 : y + omp_block_size() - 1;
      while (done[xb * PAD] < need) {}
      #pragma omp block
      A[x][y] = 0.25 * (A[x - 1][y] + A[x + 1][y] + A[x][y - 1] + A[x][y + 1]);
      #pragma omp atomic
      done[(xb + 1) * PAD] += omp_block_size();
    }
  }
  free((void *)done);
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]), weak = atoi(argv[2]);
  double (*A)[n] = malloc(sizeof(double[n][n]));
  double (*B)[n] = malloc(sizeof(double[n][n]));
  for (int x = 0; x < n; x++)
    for (int y = 0; y < n; y++)
      A[x][y] = B[x][y] = (double)((x * 7 + y * 13) % 101) / 100.0;
  sweep(n, weak, A);
  for (int x = 1; x < n - 1; x++)
    for (int y = 1; y < n - 1; y++)
      B[x][y] = 0.25 * (B[x - 1][y] + B[x + 1][y] + B[x][y - 1] + B[x][y + 1]);
  int same = 1;
  for (int x = 0; x < n; x++)
    for (int y = 0; y < n; y++)
      same &= A[x][y] == B[x][y];
  printf("%s\n", same ? "same as sequential" : "differs");
  free(A);
  free(B);
  return 0;
}
// OK: same as sequential
// RACE: WARNING: ThreadSanitizer: data race
// RACE: SUMMARY: ThreadSanitizer: data race {{.*}}tsan-waits.c:41:{{[0-9]+}} in
