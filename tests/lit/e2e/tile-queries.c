// Exact values of the loop variable and of the four tile queries in the
// pre-block, the instruction block and the post-block of an awkward loop:
// i = 3, 5, ..., 39 is 19 iterations, tile 7 gives tiles of 7, 7 and 5
// iterations; omp_total_size() is the bound as written, 40. Pre- and
// post-blocks run once per tile with i = the tile's first value. Results are
// indexed by omp_block_num() / i so the output does not depend on threads.
//
// RUN: %orbis-cc -O2 %s -o %t
// RUN: env OMP_NUM_THREADS=1 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 OMP_BLOCK_SIZE=2 %t | FileCheck %s
//
// CHECK:      pre  tile 0 runs 1: i 3 num_blocks 3 block_num 0 block_size 7 total 40
// CHECK-NEXT: pre  tile 1 runs 1: i 17 num_blocks 3 block_num 1 block_size 7 total 40
// CHECK-NEXT: pre  tile 2 runs 1: i 31 num_blocks 3 block_num 2 block_size 5 total 40
// CHECK-NEXT: post tile 0 runs 1: i 3 num_blocks 3 block_num 0 block_size 7 total 40
// CHECK-NEXT: post tile 1 runs 1: i 17 num_blocks 3 block_num 1 block_size 7 total 40
// CHECK-NEXT: post tile 2 runs 1: i 31 num_blocks 3 block_num 2 block_size 5 total 40
// CHECK-NEXT: body i 3 runs 1: num_blocks 3 block_num 0 block_size 7 total 40
// CHECK-NEXT: body i 5 runs 1: num_blocks 3 block_num 0 block_size 7 total 40
// CHECK-NEXT: body i 7 runs 1: num_blocks 3 block_num 0 block_size 7 total 40
// CHECK-NEXT: body i 9 runs 1: num_blocks 3 block_num 0 block_size 7 total 40
// CHECK-NEXT: body i 11 runs 1: num_blocks 3 block_num 0 block_size 7 total 40
// CHECK-NEXT: body i 13 runs 1: num_blocks 3 block_num 0 block_size 7 total 40
// CHECK-NEXT: body i 15 runs 1: num_blocks 3 block_num 0 block_size 7 total 40
// CHECK-NEXT: body i 17 runs 1: num_blocks 3 block_num 1 block_size 7 total 40
// CHECK-NEXT: body i 19 runs 1: num_blocks 3 block_num 1 block_size 7 total 40
// CHECK-NEXT: body i 21 runs 1: num_blocks 3 block_num 1 block_size 7 total 40
// CHECK-NEXT: body i 23 runs 1: num_blocks 3 block_num 1 block_size 7 total 40
// CHECK-NEXT: body i 25 runs 1: num_blocks 3 block_num 1 block_size 7 total 40
// CHECK-NEXT: body i 27 runs 1: num_blocks 3 block_num 1 block_size 7 total 40
// CHECK-NEXT: body i 29 runs 1: num_blocks 3 block_num 1 block_size 7 total 40
// CHECK-NEXT: body i 31 runs 1: num_blocks 3 block_num 2 block_size 5 total 40
// CHECK-NEXT: body i 33 runs 1: num_blocks 3 block_num 2 block_size 5 total 40
// CHECK-NEXT: body i 35 runs 1: num_blocks 3 block_num 2 block_size 5 total 40
// CHECK-NEXT: body i 37 runs 1: num_blocks 3 block_num 2 block_size 5 total 40
// CHECK-NEXT: body i 39 runs 1: num_blocks 3 block_num 2 block_size 5 total 40
// CHECK-NEXT: after the loop: num_blocks 1 block_num 0 block_size 1 total 1
// CHECK-NEXT: done
#include <omp_blocked.h>
#include <stdio.h>

#define MAXT 8
struct rec {
  int runs, i, num_blocks, block_num, block_size, total;
};

static struct rec pre[MAXT], post[MAXT], body[64];

int main(void) {
  int i; // the loop variable is declared outside the loop
  #pragma omp parallel for schedule(blocked, 7)
  for (i = 3; i < 40; i += 2) {
    int b = omp_block_num();
    #pragma omp atomic
    pre[b].runs++;
    pre[b].i = i;
    pre[b].num_blocks = omp_num_blocks();
    pre[b].block_num = b;
    pre[b].block_size = omp_block_size();
    pre[b].total = omp_total_size();
    #pragma omp block
    {
      body[i].runs++;
      body[i].i = i;
      body[i].num_blocks = omp_num_blocks();
      body[i].block_num = omp_block_num();
      body[i].block_size = omp_block_size();
      body[i].total = omp_total_size();
    }
    b = omp_block_num();
    #pragma omp atomic
    post[b].runs++;
    post[b].i = i;
    post[b].num_blocks = omp_num_blocks();
    post[b].block_num = b;
    post[b].block_size = omp_block_size();
    post[b].total = omp_total_size();
  }
  for (int t = 0; t < MAXT; t++)
    if (pre[t].runs)
      printf("pre  tile %d runs %d: i %d num_blocks %d block_num %d block_size %d total %d\n",
             t, pre[t].runs, pre[t].i, pre[t].num_blocks, pre[t].block_num,
             pre[t].block_size, pre[t].total);
  for (int t = 0; t < MAXT; t++)
    if (post[t].runs)
      printf("post tile %d runs %d: i %d num_blocks %d block_num %d block_size %d total %d\n",
             t, post[t].runs, post[t].i, post[t].num_blocks, post[t].block_num,
             post[t].block_size, post[t].total);
  for (int k = 0; k < 64; k++)
    if (body[k].runs)
      printf("body i %d runs %d: num_blocks %d block_num %d block_size %d total %d\n",
             body[k].i, body[k].runs, body[k].num_blocks, body[k].block_num,
             body[k].block_size, body[k].total);
  printf("after the loop: num_blocks %d block_num %d block_size %d total %d\n",
         omp_num_blocks(), omp_block_num(), omp_block_size(), omp_total_size());
  printf("done\n");
  return 0;
}
