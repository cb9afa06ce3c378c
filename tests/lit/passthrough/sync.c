// Pass-through: synchronization constructs: atomic (update, read, write,
// capture, compare, seq_cst/relaxed/acq_rel), critical (unnamed, named, with
// hint), single (copyprivate, nowait), sections, master/masked, barrier,
// flush, threadprivate with copyin, locks. The output does not depend on the
// scheduling.
//
// RUN: %orbis-cc -O2 %s -o %t.orbis
// RUN: %clang-omp -O2 %s -o %t.omp
// RUN: %orbis-cc --emit-lowered %s | diff - %s
// RUN: env OMP_NUM_THREADS=1 %t.omp > %t.ref
// RUN: env OMP_NUM_THREADS=4 %t.omp | diff - %t.ref
// RUN: env OMP_NUM_THREADS=1 %t.orbis | diff - %t.ref
// RUN: env OMP_NUM_THREADS=2 %t.orbis | diff - %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.orbis | diff - %t.ref
// RUN: env OMP_NUM_THREADS=4 %t.orbis | diff - %t.ref
// RUN: FileCheck %s < %t.ref
// CHECK:      atomic: 10000 captured-distinct 1 max 9999 written 7
// CHECK-NEXT: critical: 5050 named 200 hinted 300
// CHECK-NEXT: single copyprivate: 42 all-agree 1 once 1
// CHECK-NEXT: sections: 1 2 3 4
// CHECK-NEXT: master/masked: 1 1
// CHECK-NEXT: barrier phases ok: 1
// CHECK-NEXT: threadprivate/copyin: 1
// CHECK-NEXT: locks: 1000
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static int tp = 0;
#pragma omp threadprivate(tp)

int main(void) {
  // atomic
  long counter = 0, maxv = -1, written = 0;
  char *seen = calloc(10000, 1);
  #pragma omp parallel for
  for (int i = 0; i < 10000; i++) {
    long mine;
    #pragma omp atomic capture seq_cst
    mine = counter++;
    seen[mine] = 1;
    #pragma omp atomic compare
    if (maxv < i) { maxv = i; }
    #pragma omp atomic write relaxed
    written = 7;
  }
  long r;
  #pragma omp atomic read acquire
  r = counter;
  int distinct = 1;
  for (int i = 0; i < 10000; i++)
    distinct &= seen[i];
  printf("atomic: %ld captured-distinct %d max %ld written %ld\n", r, distinct,
         maxv, written);

  // critical
  int csum = 0, named = 0, hinted = 0;
  #pragma omp parallel for
  for (int i = 1; i <= 100; i++) {
    #pragma omp critical
    csum += i;
    #pragma omp critical(other)
    named += 2;
    #pragma omp critical(hinted) hint(omp_sync_hint_contended)
    hinted += 3;
  }
  printf("critical: %d named %d hinted %d\n", csum, named, hinted);

  // single with copyprivate
  int agree = 1, once = 0;
  #pragma omp parallel reduction(&&: agree)
  {
    int v;
    #pragma omp single copyprivate(v)
    {
      v = 42;
      once++;
    }
    agree = v == 42;
    #pragma omp single nowait
    {
    }
  }
  printf("single copyprivate: %d all-agree %d once %d\n", 42, agree, once);

  // sections
  int sec[4] = {0};
  #pragma omp parallel sections
  {
    #pragma omp section
    sec[0] = 1;
    #pragma omp section
    sec[1] = 2;
    #pragma omp section
    sec[2] = 3;
    #pragma omp section
    sec[3] = 4;
  }
  printf("sections: %d %d %d %d\n", sec[0], sec[1], sec[2], sec[3]);

  // master / masked
  int m = 0, mk = 0;
  #pragma omp parallel
  {
    #pragma omp master
    m++;
    #pragma omp masked filter(0)
    mk++;
  }
  printf("master/masked: %d %d\n", m, mk);

  // barrier: phase 2 sees everything written in phase 1.
  int nthreads = 1, ok = 1;
  int *slot = calloc(64, sizeof(int));
  #pragma omp parallel reduction(&&: ok)
  {
    int id = omp_get_thread_num();
    #pragma omp single
    nthreads = omp_get_num_threads();
    slot[id] = id + 1;
    #pragma omp flush
    #pragma omp barrier
    for (int t = 0; t < nthreads; t++)
      ok = ok && slot[t] == t + 1;
  }
  printf("barrier phases ok: %d\n", ok);

  // threadprivate + copyin
  tp = 5;
  int tpok = 1;
  #pragma omp parallel copyin(tp) reduction(&&: tpok)
  {
    tpok = tp == 5;
    tp += omp_get_thread_num();
  }
  printf("threadprivate/copyin: %d\n", tpok);

  // locks
  omp_lock_t lock;
  omp_init_lock(&lock);
  int locked = 0;
  #pragma omp parallel for
  for (int i = 0; i < 1000; i++) {
    omp_set_lock(&lock);
    locked++;
    omp_unset_lock(&lock);
  }
  omp_destroy_lock(&lock);
  printf("locks: %d\n", locked);
  free(seen);
  free(slot);
  return 0;
}
