// Pass-through: every standard schedule kind and modifier (the `blocked`
// kind is the only one orbis-cc rewrites), collapse, simd, lastprivate,
// linear, if/num_threads/proc_bind, and clauses written through macros. An
// identifier named `block` and a function named like the extension are not
// confused with it.
//
// RUN: %orbis-cc -O2 %s -o %t.orbis
// RUN: %clang-omp -O2 %s -o %t.omp
// RUN: %orbis-cc --emit-lowered %s | diff - %s
// RUN: env OMP_NUM_THREADS=1 %t.omp > %t.ref
// RUN: env OMP_NUM_THREADS=4 %t.omp | diff - %t.ref
// RUN: env OMP_NUM_THREADS=1 %t.orbis | diff - %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.orbis | diff - %t.ref
// RUN: env OMP_NUM_THREADS=4 %t.orbis | diff - %t.ref
// RUN: env OMP_NUM_THREADS=4 OMP_SCHEDULE=guided,3 %t.orbis | diff - %t.ref
// RUN: env OMP_NUM_THREADS=2 OMP_BLOCK_SIZE=3 ORBIS_VERBOSE=1 %t.orbis 2>&1 | diff - %t.ref
// RUN: FileCheck %s < %t.ref
// CHECK: static 4950 static,7 4950 dynamic 4950 dynamic,3 4950 guided 4950
// CHECK: guided,5 4950 auto 4950 runtime 4950 monotonic 4950 nonmonotonic 4950
// CHECK: collapse 3 covered 1
// CHECK: simd 0x1.008p+8 lastprivate 99 linear 297
// CHECK: macros 4950 block 12
#include <stdio.h>

#define N 100
#define SCHED schedule(dynamic, 2)
#define PAR_FOR _Pragma("omp parallel for reduction(+: s) schedule(static, 3)")

static int block(int x) { return x * 3; }
static int omp_blocked(int x) { return x; }

#define PRAGMA(x) _Pragma(#x)
#define LOOP(clause)                                                           \
  s = 0;                                                                       \
  PRAGMA(omp parallel for reduction(+: s) clause)                              \
  for (int i = 0; i < N; i++)                                                  \
    s += i;                                                                    \
  printf(" %ld", s);

int main(void) {
  long s = 0;
  printf("static");
  s = 0;
  #pragma omp parallel for reduction(+: s) schedule(static)
  for (int i = 0; i < N; i++)
    s += i;
  printf(" %ld", s);
  printf(" static,7");
  s = 0;
  #pragma omp parallel for reduction(+: s) schedule(static, 7)
  for (int i = 0; i < N; i++)
    s += i;
  printf(" %ld", s);
  printf(" dynamic");
  s = 0;
  #pragma omp parallel for reduction(+: s) schedule(dynamic)
  for (int i = 0; i < N; i++)
    s += i;
  printf(" %ld", s);
  printf(" dynamic,3");
  s = 0;
  #pragma omp parallel for reduction(+: s) schedule(dynamic, 3)
  for (int i = 0; i < N; i++)
    s += i;
  printf(" %ld", s);
  printf(" guided");
  s = 0;
  #pragma omp parallel for reduction(+: s) schedule(guided)
  for (int i = 0; i < N; i++)
    s += i;
  printf(" %ld\n", s);

  printf("guided,5");
  LOOP(schedule(guided, 5))
  printf(" auto");
  LOOP(schedule(auto))
  printf(" runtime");
  LOOP(schedule(runtime))
  printf(" monotonic");
  LOOP(schedule(monotonic: static, 2))
  printf(" nonmonotonic");
  LOOP(schedule(nonmonotonic: dynamic, 4))
  printf("\n");

  static int hit[7][9][5];
  #pragma omp parallel for collapse(3) schedule(static, 11)
  for (int a = 0; a < 7; a++)
    for (int b = 8; b >= 0; b--)
      for (int c = 0; c < 5; c++)
        hit[a][b][c] += 1;
  int covered = 1;
  for (int a = 0; a < 7; a++)
    for (int b = 0; b < 9; b++)
      for (int c = 0; c < 5; c++)
        covered &= hit[a][b][c] == 1;
  printf("collapse 3 covered %d\n", covered);

  double v[N], sum = 0;
  #pragma omp simd
  for (int i = 0; i < N; i++)
    v[i] = (i % 8) * 0.75;
  for (int i = 0; i < N; i++)
    sum += v[i];
  int last = -1, lin = 0;
  #pragma omp parallel for lastprivate(last) if(N > 10) num_threads(3) proc_bind(close)
  for (int i = 0; i < N; i++)
    last = i;
  #pragma omp parallel for simd linear(lin: 3)
  for (int i = 0; i < N; i++)
    lin += 3;
  printf("simd %a lastprivate %d linear %d\n", sum, last, lin - 3);

  long m = 0;
  s = 0;
  #pragma omp parallel for reduction(+: s) SCHED
  for (int i = 0; i < N; i++)
    s += i;
  m += s;
  s = 0;
  PAR_FOR
  for (int i = 0; i < N; i++)
    s += i;
  m += s;
  int blk = 0;
  #pragma omp parallel for reduction(+: blk)
  for (int i = 0; i < 4; i++)
    blk += block(omp_blocked(1));
  printf("macros %ld block %d\n", m / 2, blk);
  return 0;
}
