// Tile queries in a 2-level tiled nest bind to the blocked loop that most
// closely encloses them lexically: in the outer pre- and post-blocks to the
// outer loop (i = 0..9, tile 4: tiles of 4, 4, 2; total 10), in the inner
// pre-/post-blocks and the instruction block to the inner loop
// (j = 20, 17, ..., 8 counting down with `>`, tile 2: tiles of 2, 2, 1; total
// 5, the bound as written). Inner pre-/post-blocks run once per (outer tile,
// inner tile) with i and j holding their tiles' first values.
//
// RUN: %orbis-cc -O2 %s -o %t
// RUN: env OMP_NUM_THREADS=1 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 OMP_BLOCK_SIZE=1,1 %t | FileCheck %s
//
// CHECK:      outer pre  tile 0 runs 1: i 0 num_blocks 3 block_num 0 block_size 4 total 10
// CHECK-NEXT: outer pre  tile 1 runs 1: i 4 num_blocks 3 block_num 1 block_size 4 total 10
// CHECK-NEXT: outer pre  tile 2 runs 1: i 8 num_blocks 3 block_num 2 block_size 2 total 10
// CHECK-NEXT: inner pre  tile 0,0 runs 1: i 0 j 20 num_blocks 3 block_num 0 block_size 2 total 5
// CHECK-NEXT: inner pre  tile 0,1 runs 1: i 0 j 14 num_blocks 3 block_num 1 block_size 2 total 5
// CHECK-NEXT: inner pre  tile 0,2 runs 1: i 0 j 8 num_blocks 3 block_num 2 block_size 1 total 5
// CHECK-NEXT: inner pre  tile 1,0 runs 1: i 4 j 20 num_blocks 3 block_num 0 block_size 2 total 5
// CHECK-NEXT: inner pre  tile 1,1 runs 1: i 4 j 14 num_blocks 3 block_num 1 block_size 2 total 5
// CHECK-NEXT: inner pre  tile 1,2 runs 1: i 4 j 8 num_blocks 3 block_num 2 block_size 1 total 5
// CHECK-NEXT: inner pre  tile 2,0 runs 1: i 8 j 20 num_blocks 3 block_num 0 block_size 2 total 5
// CHECK-NEXT: inner pre  tile 2,1 runs 1: i 8 j 14 num_blocks 3 block_num 1 block_size 2 total 5
// CHECK-NEXT: inner pre  tile 2,2 runs 1: i 8 j 8 num_blocks 3 block_num 2 block_size 1 total 5
// CHECK-NEXT: body i 0 j 20 runs 1: num_blocks 3 block_num 0 block_size 2 total 5
// CHECK-NEXT: body i 0 j 17 runs 1: num_blocks 3 block_num 0 block_size 2 total 5
// CHECK-NEXT: body i 0 j 14 runs 1: num_blocks 3 block_num 1 block_size 2 total 5
// CHECK-NEXT: body i 0 j 11 runs 1: num_blocks 3 block_num 1 block_size 2 total 5
// CHECK-NEXT: body i 0 j 8 runs 1: num_blocks 3 block_num 2 block_size 1 total 5
// CHECK-NEXT: body i 1 j 20 runs 1: num_blocks 3 block_num 0 block_size 2 total 5
// CHECK-NEXT: body i 1 j 17 runs 1: num_blocks 3 block_num 0 block_size 2 total 5
// CHECK-NEXT: body i 1 j 14 runs 1: num_blocks 3 block_num 1 block_size 2 total 5
// CHECK-NEXT: body i 1 j 11 runs 1: num_blocks 3 block_num 1 block_size 2 total 5
// CHECK-NEXT: body i 1 j 8 runs 1: num_blocks 3 block_num 2 block_size 1 total 5
// CHECK-NEXT: body i 2 j 20 runs 1: num_blocks 3 block_num 0 block_size 2 total 5
// CHECK-NEXT: body i 2 j 17 runs 1: num_blocks 3 block_num 0 block_size 2 total 5
// CHECK-NEXT: body i 2 j 14 runs 1: num_blocks 3 block_num 1 block_size 2 total 5
// CHECK-NEXT: body i 2 j 11 runs 1: num_blocks 3 block_num 1 block_size 2 total 5
// CHECK-NEXT: body i 2 j 8 runs 1: num_blocks 3 block_num 2 block_size 1 total 5
// CHECK-NEXT: body i 3 j 20 runs 1: num_blocks 3 block_num 0 block_size 2 total 5
// CHECK-NEXT: body i 3 j 17 runs 1: num_blocks 3 block_num 0 block_size 2 total 5
// CHECK-NEXT: body i 3 j 14 runs 1: num_blocks 3 block_num 1 block_size 2 total 5
// CHECK-NEXT: body i 3 j 11 runs 1: num_blocks 3 block_num 1 block_size 2 total 5
// CHECK-NEXT: body i 3 j 8 runs 1: num_blocks 3 block_num 2 block_size 1 total 5
// CHECK-NEXT: body i 4 j 20 runs 1: num_blocks 3 block_num 0 block_size 2 total 5
// CHECK-NEXT: body i 4 j 17 runs 1: num_blocks 3 block_num 0 block_size 2 total 5
// CHECK-NEXT: body i 4 j 14 runs 1: num_blocks 3 block_num 1 block_size 2 total 5
// CHECK-NEXT: body i 4 j 11 runs 1: num_blocks 3 block_num 1 block_size 2 total 5
// CHECK-NEXT: body i 4 j 8 runs 1: num_blocks 3 block_num 2 block_size 1 total 5
// CHECK-NEXT: body i 5 j 20 runs 1: num_blocks 3 block_num 0 block_size 2 total 5
// CHECK-NEXT: body i 5 j 17 runs 1: num_blocks 3 block_num 0 block_size 2 total 5
// CHECK-NEXT: body i 5 j 14 runs 1: num_blocks 3 block_num 1 block_size 2 total 5
// CHECK-NEXT: body i 5 j 11 runs 1: num_blocks 3 block_num 1 block_size 2 total 5
// CHECK-NEXT: body i 5 j 8 runs 1: num_blocks 3 block_num 2 block_size 1 total 5
// CHECK-NEXT: body i 6 j 20 runs 1: num_blocks 3 block_num 0 block_size 2 total 5
// CHECK-NEXT: body i 6 j 17 runs 1: num_blocks 3 block_num 0 block_size 2 total 5
// CHECK-NEXT: body i 6 j 14 runs 1: num_blocks 3 block_num 1 block_size 2 total 5
// CHECK-NEXT: body i 6 j 11 runs 1: num_blocks 3 block_num 1 block_size 2 total 5
// CHECK-NEXT: body i 6 j 8 runs 1: num_blocks 3 block_num 2 block_size 1 total 5
// CHECK-NEXT: body i 7 j 20 runs 1: num_blocks 3 block_num 0 block_size 2 total 5
// CHECK-NEXT: body i 7 j 17 runs 1: num_blocks 3 block_num 0 block_size 2 total 5
// CHECK-NEXT: body i 7 j 14 runs 1: num_blocks 3 block_num 1 block_size 2 total 5
// CHECK-NEXT: body i 7 j 11 runs 1: num_blocks 3 block_num 1 block_size 2 total 5
// CHECK-NEXT: body i 7 j 8 runs 1: num_blocks 3 block_num 2 block_size 1 total 5
// CHECK-NEXT: body i 8 j 20 runs 1: num_blocks 3 block_num 0 block_size 2 total 5
// CHECK-NEXT: body i 8 j 17 runs 1: num_blocks 3 block_num 0 block_size 2 total 5
// CHECK-NEXT: body i 8 j 14 runs 1: num_blocks 3 block_num 1 block_size 2 total 5
// CHECK-NEXT: body i 8 j 11 runs 1: num_blocks 3 block_num 1 block_size 2 total 5
// CHECK-NEXT: body i 8 j 8 runs 1: num_blocks 3 block_num 2 block_size 1 total 5
// CHECK-NEXT: body i 9 j 20 runs 1: num_blocks 3 block_num 0 block_size 2 total 5
// CHECK-NEXT: body i 9 j 17 runs 1: num_blocks 3 block_num 0 block_size 2 total 5
// CHECK-NEXT: body i 9 j 14 runs 1: num_blocks 3 block_num 1 block_size 2 total 5
// CHECK-NEXT: body i 9 j 11 runs 1: num_blocks 3 block_num 1 block_size 2 total 5
// CHECK-NEXT: body i 9 j 8 runs 1: num_blocks 3 block_num 2 block_size 1 total 5
// CHECK-NEXT: inner post tile 0,0 runs 1: i 0 j 20 num_blocks 3 block_num 0 block_size 2 total 5
// CHECK-NEXT: inner post tile 0,1 runs 1: i 0 j 14 num_blocks 3 block_num 1 block_size 2 total 5
// CHECK-NEXT: inner post tile 0,2 runs 1: i 0 j 8 num_blocks 3 block_num 2 block_size 1 total 5
// CHECK-NEXT: inner post tile 1,0 runs 1: i 4 j 20 num_blocks 3 block_num 0 block_size 2 total 5
// CHECK-NEXT: inner post tile 1,1 runs 1: i 4 j 14 num_blocks 3 block_num 1 block_size 2 total 5
// CHECK-NEXT: inner post tile 1,2 runs 1: i 4 j 8 num_blocks 3 block_num 2 block_size 1 total 5
// CHECK-NEXT: inner post tile 2,0 runs 1: i 8 j 20 num_blocks 3 block_num 0 block_size 2 total 5
// CHECK-NEXT: inner post tile 2,1 runs 1: i 8 j 14 num_blocks 3 block_num 1 block_size 2 total 5
// CHECK-NEXT: inner post tile 2,2 runs 1: i 8 j 8 num_blocks 3 block_num 2 block_size 1 total 5
// CHECK-NEXT: outer post tile 0 runs 1: i 0 num_blocks 3 block_num 0 block_size 4 total 10
// CHECK-NEXT: outer post tile 1 runs 1: i 4 num_blocks 3 block_num 1 block_size 4 total 10
// CHECK-NEXT: outer post tile 2 runs 1: i 8 num_blocks 3 block_num 2 block_size 2 total 10
// CHECK-NEXT: outside: num_blocks 1 block_num 0 block_size 1 total 1
// CHECK-NEXT: done
#include <omp_blocked.h>
#include <stdio.h>

struct rec {
  int runs, i, j, num_blocks, block_num, block_size, total;
};

static struct rec opre[3], opost[3], ipre[3][3], ipost[3][3], body[10][21];

static void fill(struct rec *r, int i, int j, int nb, int bn, int bs, int tot) {
  #pragma omp atomic
  r->runs++;
  r->i = i, r->j = j, r->num_blocks = nb, r->block_num = bn;
  r->block_size = bs, r->total = tot;
}

static void show(const char *what, const struct rec *r) {
  printf("%s runs %d: i %d ", what, r->runs, r->i);
  if (r->j >= 0)
    printf("j %d ", r->j);
  printf("num_blocks %d block_num %d block_size %d total %d\n", r->num_blocks,
         r->block_num, r->block_size, r->total);
}

int main(void) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int i = 0; i < 10; i++) {
    int ob = omp_block_num();
    fill(&opre[ob], i, -1, omp_num_blocks(), omp_block_num(),
         omp_block_size(), omp_total_size());
    #pragma omp for schedule(blocked, 2)
    for (int j = 20; j > 5; j -= 3) {
      fill(&ipre[ob][omp_block_num()], i, j, omp_num_blocks(),
           omp_block_num(), omp_block_size(), omp_total_size());
      #pragma omp block
      fill(&body[i][j], i, j, omp_num_blocks(), omp_block_num(),
           omp_block_size(), omp_total_size());
      fill(&ipost[ob][omp_block_num()], i, j, omp_num_blocks(),
           omp_block_num(), omp_block_size(), omp_total_size());
    }
    fill(&opost[omp_block_num()], i, -1, omp_num_blocks(), omp_block_num(),
         omp_block_size(), omp_total_size());
  }
  char what[64];
  for (int t = 0; t < 3; t++)
    sprintf(what, "outer pre  tile %d", t), show(what, &opre[t]);
  for (int t = 0; t < 3; t++)
    for (int u = 0; u < 3; u++)
      sprintf(what, "inner pre  tile %d,%d", t, u), show(what, &ipre[t][u]);
  for (int i = 0; i < 10; i++)
    for (int j = 20; j >= 0; j--)
      if (body[i][j].runs)
        printf("body i %d j %d runs %d: num_blocks %d block_num %d "
               "block_size %d total %d\n",
               i, j, body[i][j].runs, body[i][j].num_blocks,
               body[i][j].block_num, body[i][j].block_size, body[i][j].total);
  for (int t = 0; t < 3; t++)
    for (int u = 0; u < 3; u++)
      sprintf(what, "inner post tile %d,%d", t, u), show(what, &ipost[t][u]);
  for (int t = 0; t < 3; t++)
    sprintf(what, "outer post tile %d", t), show(what, &opost[t]);
  printf("outside: num_blocks %d block_num %d block_size %d total %d\n",
         omp_num_blocks(), omp_block_num(), omp_block_size(), omp_total_size());
  printf("done\n");
  return 0;
}
