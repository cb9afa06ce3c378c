// Blocked loops with the usual data-sharing and worksharing clauses, compared
// with the sequential program: reduction, firstprivate, private,
// lastprivate (of a body variable and of the loop variable declared outside
// the loop), num_threads, if, nowait; `continue` in the instruction block;
// an orphaned `for schedule(blocked)` called inside and outside a parallel
// region; a per-tile accumulator declared in the pre-block, updated in the
// instruction block and published in the post-block.
//
// Arguments: n...
//
// RUN: %clang-seq -O2 %s -o %t.seq
// RUN: %orbis-cc -O2 %s -o %t.par
// RUN: %t.seq 0 1 2 3 17 31 101 300 > %t.ref
// RUN: env OMP_NUM_THREADS=1 %t.par 0 1 2 3 17 31 101 300 | diff - %t.ref
// RUN: env OMP_NUM_THREADS=2 %t.par 0 1 2 3 17 31 101 300 | diff - %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.par 0 1 2 3 17 31 101 300 | diff - %t.ref
// RUN: env OMP_NUM_THREADS=4 %t.par 0 1 2 3 17 31 101 300 | diff - %t.ref
// RUN: env OMP_NUM_THREADS=3 OMP_BLOCK_SIZE=2,5 %t.par 0 1 2 3 17 31 101 300 | diff - %t.ref
// RUN: env OMP_NUM_THREADS=4 OMP_BLOCK_SIZE=1 %t.par 0 1 2 3 17 31 101 300 | diff - %t.ref
#include <omp_blocked.h>
#include <stdio.h>
#include <stdlib.h>

static long total;

// An orphaned blocked `for`: a worksharing loop of whatever team calls it.
static void orphan(int n, const long *x) {
  #pragma omp for schedule(blocked) reduction(+: total)
  for (int i = 0; i < n; i++) {
    long part = 0; // per tile
    #pragma omp block
    part += x[i];
    total += part;
  }
}

static void run(int n) {
  long *x = malloc(sizeof(long) * (n + 1));
  for (int i = 0; i <= n; i++)
    x[i] = (long)i * 3 - 7;
  printf("n=%d\n", n);

  int last = -1, fp = 7, pv = 0;
  long s = 0;
  #pragma omp parallel for schedule(blocked, 4) lastprivate(last) firstprivate(fp) private(pv) reduction(+: s) num_threads(3) if(n > 2)
  for (int i = 0; i < n; i++) {
    #pragma omp block
    {
      pv = i * 2;
      last = i + fp; // written by every iteration, the last one included
      if (i % 5 == 0)
        continue;
      s += pv + x[i];
    }
  }
  printf("  clauses: last %d s %ld\n", last, s);

  int lp = -5;
  #pragma omp parallel for schedule(blocked, 7) lastprivate(lp)
  for (lp = 0; lp < n; lp++) {
    #pragma omp block
    x[lp] += 1;
  }
  if (n > 0) // with no iteration, OpenMP leaves lp alone
    printf("  lastprivate loop variable: %d\n", lp);

  total = 0;
  #pragma omp parallel
  orphan(n, x);
  printf("  orphaned in parallel: %ld\n", total);
  total = 0;
  orphan(n, x);
  printf("  orphaned sequential: %ld\n", total);

  long t = 0, u = 0;
  #pragma omp parallel
  {
    #pragma omp for schedule(blocked, 3) nowait reduction(+: t)
    for (int i = 0; i < n; i++)
      t += x[i];
    #pragma omp for schedule(blocked) reduction(+: u)
    for (int i = n - 1; i >= 0; i--)
      u += x[i] * i;
  }
  printf("  nowait then another: %ld %ld\n", t, u);

  // Per-tile accumulation published once per tile.
  long acc = 0;
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    long part = 0;
    #pragma omp block
    part += x[i] * x[i];
    #pragma omp atomic
    acc += part;
  }
  printf("  per-tile accumulation: %ld\n", acc);
  free(x);
}

int main(int argc, char **argv) {
  for (int a = 1; a < argc; a++)
    run(atoi(argv[a]));
  return 0;
}
