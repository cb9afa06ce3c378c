// Pass-through: `loop`, `teams distribute (parallel for)` on the host,
// `target teams distribute parallel for` with map clauses (host fallback),
// inclusive and exclusive `scan` with reduction(inscan, +), default(none),
// and `metadirective`. Integer results, so deterministic.
//
// RUN: %orbis-cc -O2 %s -o %t.orbis
// RUN: %clang-omp -O2 %s -o %t.omp
// RUN: %orbis-cc --emit-lowered %s | diff - %s
// RUN: env OMP_NUM_THREADS=1 %t.omp > %t.ref
// RUN: env OMP_NUM_THREADS=4 %t.omp | diff - %t.ref
// RUN: env OMP_NUM_THREADS=1 %t.orbis | diff - %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.orbis | diff - %t.ref
// RUN: env OMP_NUM_THREADS=4 %t.orbis | diff - %t.ref
// RUN: FileCheck %s < %t.ref
// CHECK:      loop 4950
// CHECK-NEXT: teams 4950 9900
// CHECK-NEXT: target 338350
// CHECK-NEXT: inclusive scan: 0 1 3 6 10 15 21 28 36 45 {{.*}} 4950
// CHECK-NEXT: exclusive scan: 0 0 1 3 6 10 15 21 28 36 {{.*}} 4851
// CHECK-NEXT: default-none 100 metadirective 4950
#include <stdio.h>

#define N 100

int main(void) {
  long a = 0;
  #pragma omp parallel for reduction(+: a)
  for (int i = 0; i < N; i++) {
    int v[1];
    #pragma omp loop
    for (int k = 0; k < 1; k++)
      v[k] = i;
    a += v[0];
  }
  printf("loop %ld\n", a);

  long t1 = 0, t2 = 0;
  #pragma omp teams distribute reduction(+: t1) num_teams(2)
  for (int i = 0; i < N; i++)
    t1 += i;
  #pragma omp teams distribute parallel for reduction(+: t2)
  for (int i = 0; i < N; i++)
    t2 += 2 * i;
  printf("teams %ld %ld\n", t1, t2);

  long sq[N + 1];
  #pragma omp target teams distribute parallel for map(from: sq[0:N + 1])
  for (int i = 0; i <= N; i++)
    sq[i] = (long)i * i;
  long st = 0;
  for (int i = 0; i <= N; i++)
    st += sq[i];
  printf("target %ld\n", st);

  long in[N], incl[N], excl[N];
  for (int i = 0; i < N; i++)
    in[i] = i;
  long run = 0;
  #pragma omp parallel for reduction(inscan, +: run)
  for (int i = 0; i < N; i++) {
    run += in[i];
    #pragma omp scan inclusive(run)
    incl[i] = run;
  }
  run = 0;
  #pragma omp parallel for reduction(inscan, +: run)
  for (int i = 0; i < N; i++) {
    excl[i] = run;
    #pragma omp scan exclusive(run)
    run += in[i];
  }
  printf("inclusive scan:");
  for (int i = 0; i < N; i++)
    printf(" %ld", incl[i]);
  printf("\nexclusive scan:");
  for (int i = 0; i < N; i++)
    printf(" %ld", excl[i]);
  printf("\n");

  int sc = 0;
  #pragma omp parallel default(none) shared(sc)
  {
    #pragma omp for reduction(+: sc) schedule(static, 7)
    for (int i = 0; i < N; i++)
      sc += 1;
  }
  long md = 0;
  #pragma omp metadirective when(user = {condition(N > 10)} : parallel for reduction(+: md)) default(for)
  for (int i = 0; i < N; i++)
    md += i;
  printf("default-none %d metadirective %ld\n", sc, md);
  return 0;
}
