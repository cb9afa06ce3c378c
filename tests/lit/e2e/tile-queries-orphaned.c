// Orphaned tile queries: a function (never inlined, so the compiler cannot
// see the call site) calling omp_num_blocks(), omp_block_num(),
// omp_block_size() and omp_total_size() binds to the innermost blocked loop
// active on the calling thread: the inner loop from the instruction block and
// the inner post-block of a nest, the outer loop from its pre-block and from
// its post-block (after the inner loop is done). Outside any blocked loop,
// including inside a parallel for that is not blocked, it returns 1, 0, 1, 1.
// The sequential build (pragmas ignored) sees 1, 0, 1, 1 everywhere.
//
// RUN: %orbis-cc -O2 %s -o %t
// RUN: env OMP_NUM_THREADS=1 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %t | FileCheck %s
// RUN: %clang-seq -O2 %s -o %t.seq
// RUN: %t.seq > %t.seqout
// RUN: grep -c ': 1 0 1 1$' %t.seqout | FileCheck --check-prefix=SEQCOUNT %s
// RUN: grep -v ': 1 0 1 1$' %t.seqout | FileCheck --check-prefix=SEQ %s
//
// CHECK:      before: 1 0 1 1
// CHECK-NEXT: flat i 0: 4 0 3 10
// CHECK-NEXT: flat i 1: 4 0 3 10
// CHECK-NEXT: flat i 2: 4 0 3 10
// CHECK-NEXT: flat i 3: 4 1 3 10
// CHECK-NEXT: flat i 4: 4 1 3 10
// CHECK-NEXT: flat i 5: 4 1 3 10
// CHECK-NEXT: flat i 6: 4 2 3 10
// CHECK-NEXT: flat i 7: 4 2 3 10
// CHECK-NEXT: flat i 8: 4 2 3 10
// CHECK-NEXT: flat i 9: 4 3 1 10
// CHECK-NEXT: nest outer pre tile 0: 3 0 3 7
// CHECK-NEXT: nest outer pre tile 1: 3 1 3 7
// CHECK-NEXT: nest outer pre tile 2: 3 2 1 7
// CHECK-NEXT: nest body 1,0: 3 0 2 5
// CHECK-NEXT: nest body 1,1: 3 0 2 5
// CHECK-NEXT: nest body 1,2: 3 1 2 5
// CHECK-NEXT: nest body 1,3: 3 1 2 5
// CHECK-NEXT: nest body 1,4: 3 2 1 5
// CHECK-NEXT: nest body 2,0: 3 0 2 5
// CHECK-NEXT: nest body 2,1: 3 0 2 5
// CHECK-NEXT: nest body 2,2: 3 1 2 5
// CHECK-NEXT: nest body 2,3: 3 1 2 5
// CHECK-NEXT: nest body 2,4: 3 2 1 5
// CHECK-NEXT: nest body 3,0: 3 0 2 5
// CHECK-NEXT: nest body 3,1: 3 0 2 5
// CHECK-NEXT: nest body 3,2: 3 1 2 5
// CHECK-NEXT: nest body 3,3: 3 1 2 5
// CHECK-NEXT: nest body 3,4: 3 2 1 5
// CHECK-NEXT: nest body 4,0: 3 0 2 5
// CHECK-NEXT: nest body 4,1: 3 0 2 5
// CHECK-NEXT: nest body 4,2: 3 1 2 5
// CHECK-NEXT: nest body 4,3: 3 1 2 5
// CHECK-NEXT: nest body 4,4: 3 2 1 5
// CHECK-NEXT: nest body 5,0: 3 0 2 5
// CHECK-NEXT: nest body 5,1: 3 0 2 5
// CHECK-NEXT: nest body 5,2: 3 1 2 5
// CHECK-NEXT: nest body 5,3: 3 1 2 5
// CHECK-NEXT: nest body 5,4: 3 2 1 5
// CHECK-NEXT: nest body 6,0: 3 0 2 5
// CHECK-NEXT: nest body 6,1: 3 0 2 5
// CHECK-NEXT: nest body 6,2: 3 1 2 5
// CHECK-NEXT: nest body 6,3: 3 1 2 5
// CHECK-NEXT: nest body 6,4: 3 2 1 5
// CHECK-NEXT: nest body 7,0: 3 0 2 5
// CHECK-NEXT: nest body 7,1: 3 0 2 5
// CHECK-NEXT: nest body 7,2: 3 1 2 5
// CHECK-NEXT: nest body 7,3: 3 1 2 5
// CHECK-NEXT: nest body 7,4: 3 2 1 5
// CHECK-NEXT: nest inner post tile 0,0: 3 0 2 5
// CHECK-NEXT: nest inner post tile 0,1: 3 1 2 5
// CHECK-NEXT: nest inner post tile 0,2: 3 2 1 5
// CHECK-NEXT: nest inner post tile 1,0: 3 0 2 5
// CHECK-NEXT: nest inner post tile 1,1: 3 1 2 5
// CHECK-NEXT: nest inner post tile 1,2: 3 2 1 5
// CHECK-NEXT: nest inner post tile 2,0: 3 0 2 5
// CHECK-NEXT: nest inner post tile 2,1: 3 1 2 5
// CHECK-NEXT: nest inner post tile 2,2: 3 2 1 5
// CHECK-NEXT: nest outer post tile 0: 3 0 3 7
// CHECK-NEXT: nest outer post tile 1: 3 1 3 7
// CHECK-NEXT: nest outer post tile 2: 3 2 1 7
// CHECK-NEXT: plain parallel for i 0: 1 0 1 1
// CHECK-NEXT: plain parallel for i 1: 1 0 1 1
// CHECK-NEXT: plain parallel for i 2: 1 0 1 1
// CHECK-NEXT: plain parallel for i 3: 1 0 1 1
// CHECK-NEXT: after: 1 0 1 1
// CHECK-NEXT: done
//
// The sequential build records 54 calls (one per tile number 0 only), all
// returning 1, 0, 1, 1.
// SEQCOUNT: 54
// SEQ-NOT: :
// SEQ:     done
#include <omp_blocked.h>
#include <stdio.h>

struct q {
  int runs, nb, bn, bs, tot;
};

__attribute__((noinline)) static void query(struct q *r) {
  #pragma omp atomic
  r->runs++;
  r->nb = omp_num_blocks();
  r->bn = omp_block_num();
  r->bs = omp_block_size();
  r->tot = omp_total_size();
}

// One more call level between the loop and the queries.
__attribute__((noinline)) static void indirect(struct q *r) { query(r); }

static void show(const char *what, const struct q *r) {
  if (r->runs)
    printf("%s: %d %d %d %d\n", what, r->nb, r->bn, r->bs, r->tot);
}

static struct q before, after, flat[10], opre[3], opost[3], ipost[3][3],
    body[8][5], plain[4];

int main(void) {
  char what[64];
  query(&before);
  show("before", &before);

  #pragma omp parallel for schedule(blocked, 3)
  for (int i = 0; i < 10; i++) {
    #pragma omp block
    query(&flat[i]);
  }
  for (int i = 0; i < 10; i++)
    sprintf(what, "flat i %d", i), show(what, &flat[i]);

  #pragma omp parallel for schedule(blocked, 3)
  for (int x = 1; x <= 7; x++) {
    int xb = omp_block_num();
    indirect(&opre[xb]);
    #pragma omp for schedule(blocked, 2)
    for (int y = 0; y < 5; y++) {
      #pragma omp block
      indirect(&body[x][y]);
      query(&ipost[xb][omp_block_num()]);
    }
    query(&opost[xb]);
  }
  for (int t = 0; t < 3; t++)
    sprintf(what, "nest outer pre tile %d", t), show(what, &opre[t]);
  for (int x = 1; x <= 7; x++)
    for (int y = 0; y < 5; y++)
      sprintf(what, "nest body %d,%d", x, y), show(what, &body[x][y]);
  for (int t = 0; t < 3; t++)
    for (int u = 0; u < 3; u++)
      sprintf(what, "nest inner post tile %d,%d", t, u), show(what, &ipost[t][u]);
  for (int t = 0; t < 3; t++)
    sprintf(what, "nest outer post tile %d", t), show(what, &opost[t]);

  #pragma omp parallel for schedule(static, 1)
  for (int i = 0; i < 4; i++)
    query(&plain[i]);
  for (int i = 0; i < 4; i++)
    sprintf(what, "plain parallel for i %d", i), show(what, &plain[i]);

  query(&after);
  show("after", &after);
  printf("done\n");
  return 0;
}
