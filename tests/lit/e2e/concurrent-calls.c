// The same function with a blocked `parallel for` (a `single` in its
// pre-block, an inner blocked loop, a wavefront through counters) called at
// the same time by several threads of an enclosing parallel region, with
// nested parallelism inactive (default) and active: every call is its own
// execution of the loop (its own call-once, its own tiles), and each gives
// the sequential result.
//
// RUN: %clang-seq -O2 %s -o %t.seq
// RUN: %orbis-cc -O2 %s -o %t.par
// RUN: %t.seq > %t.ref
// RUN: env OMP_NUM_THREADS=1 %t.par | diff - %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.par | diff - %t.ref
// RUN: env OMP_NUM_THREADS=4 %t.par | diff - %t.ref
// RUN: env OMP_NUM_THREADS=3,2 OMP_MAX_ACTIVE_LEVELS=2 %t.par | diff - %t.ref
// RUN: env OMP_NUM_THREADS=2,3 OMP_MAX_ACTIVE_LEVELS=2 OMP_BLOCK_SIZE=2,3 %t.par | diff - %t.ref
// RUN: FileCheck %s < %t.ref
// CHECK: call 0: once-per-call 1
// CHECK: call 5: once-per-call 1
#include <omp.h>
#include <omp_blocked.h>
#include <stdio.h>
#include <stdlib.h>

#define CALLS 6

static double result[CALLS];
static int onces[CALLS];

// A prefix-sum-like wavefront on an n x m grid, different per call.
static void work(int call) {
  int n = 20 + 7 * call, m = 31 - 2 * call;
  double *S = calloc((size_t)(n + 1) * (m + 1), sizeof(double));
  volatile int *done = NULL;
  #pragma omp parallel for schedule(blocked)
  for (int i = 1; i <= n; i++) {
    #pragma omp single
    {
      done = calloc(omp_num_blocks() + 1, sizeof(int));
      done[0] = m;
      onces[call]++;
    }
    int ib = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int j = 1; j <= m; j++) {
      while (done[ib] < j + omp_block_size() - 1) {
      }
      #pragma omp block
      S[i * (m + 1) + j] = 0.5 * S[(i - 1) * (m + 1) + j] +
                           0.25 * S[i * (m + 1) + j - 1] + (i * 3 + j + call) % 5;
      #pragma omp atomic
      done[ib + 1] += omp_block_size();
    }
  }
  free((void *)done);
  double s = 0;
  for (int k = 0; k < (n + 1) * (m + 1); k++)
    s += S[k] * (k % 11);
  result[call] = s;
  free(S);
}

int main(void) {
  #pragma omp parallel for schedule(dynamic, 1)
  for (int c = 0; c < CALLS; c++)
    work(c);
  for (int c = 0; c < CALLS; c++)
    printf("call %d: %a\n", c, result[c]);
  // The sequential program runs the single at every iteration; print only
  // the parallel program's count where it is meaningful.
  for (int c = 0; c < CALLS; c++)
    printf("call %d: once-per-call %d\n", c, onces[c] == 1 || onces[c] == 20 + 7 * c);
  return 0;
}
