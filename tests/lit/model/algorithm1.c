// The analysis model of Algorithm 1 (orbis-cc --print-model), the facts a
// backend gets (ARCHITECTURE.md "One model, several backends"): each level
// with its canonical loop, tile queries, pre- and post-block statements; the
// instruction block; 'single' and 'atomic' with the loop they are in; the
// spin-wait and its acquire load; how each variable is shared; the
// instruction block's accesses with their subscripts.
// RUN: %orbis-cc --print-model %s | FileCheck --strict-whitespace --match-full-lines %s
#include <omp_blocked.h>
#include <stdlib.h>

void sweep(int n, double (*A)[n]) {
  static volatile int *done;
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < n - 1; x++) {
    #pragma omp single
    { done = calloc(omp_num_blocks() + 1, sizeof(int)); done[0] = n; }
    int xb = omp_block_num();
    #pragma omp for schedule(blocked, 16)
    for (int y = 1; y < n - 1; y++) {
      while (done[xb] < y + omp_block_size() - 1) {}
      #pragma omp block
      A[x][y] = 0.25 * (A[x-1][y] + A[x+1][y] + A[x][y-1] + A[x][y+1]);
      #pragma omp atomic
      done[xb + 1] += omp_block_size();
    }
  }
}
// CHECK:nest 0 at algorithm1.c:13:3 (parallel for, pipelined)
// CHECK-NEXT:  loop 0 'x' int: from 1 while < n - 1, step +1, tile auto
// CHECK-NEXT:    query omp_num_blocks at algorithm1.c:16:21
// CHECK-NEXT:    query omp_block_num at algorithm1.c:17:14
// CHECK-NEXT:    pre-block statement at algorithm1.c:16:5
// CHECK-NEXT:    pre-block statement at algorithm1.c:17:5
// CHECK-NEXT:  loop 1 'y' int: from 1 while < n - 1, step +1, tile 16
// CHECK-NEXT:    query omp_block_size at algorithm1.c:20:29
// CHECK-NEXT:    query omp_block_size at algorithm1.c:24:23
// CHECK-NEXT:    pre-block statement at algorithm1.c:20:7
// CHECK-NEXT:    post-block statement at algorithm1.c:24:7
// CHECK-NEXT:  instruction block at algorithm1.c:22:7
// CHECK-NEXT:  single at algorithm1.c:15:5 in loop 0
// CHECK-NEXT:  atomic at algorithm1.c:23:7 in loop 1: single-writer counter (a load and a release store)
// CHECK-NEXT:  spin-wait at algorithm1.c:20:7
// CHECK-NEXT:  acquire load 'done[xb]' at algorithm1.c:20:14
// CHECK-NEXT:  variable 'done' global, written, used in pre/post-blocks
// CHECK-NEXT:  variable 'n' global, read only, used in pre/post-blocks
// CHECK-NEXT:  variable 'y' loop variable of loop 1, written, used in pre/post-blocks and the instruction block
// CHECK-NEXT:  variable 'xb' tile-local of loop 0, read only, used in pre/post-blocks
// CHECK-NEXT:  variable 'A' global, read only, elements written, used in the instruction block
// CHECK-NEXT:  variable 'x' loop variable of loop 0, read only, used in the instruction block
// CHECK-NEXT:  access 'A[x][y]' write: [loop 0 + 0] [loop 1 + 0]
// CHECK-NEXT:  access 'A[x-1][y]' read: [loop 0 - 1] [loop 1 + 0]
// CHECK-NEXT:  access 'A[x+1][y]' read: [loop 0 + 1] [loop 1 + 0]
// CHECK-NEXT:  access 'A[x][y-1]' read: [loop 0 + 0] [loop 1 - 1]
// CHECK-NEXT:  access 'A[x][y+1]' read: [loop 0 + 0] [loop 1 + 1]
// CHECK-NEXT:  intra-tile schedule: rows in lockstep, lag 1 (distances (0, 1) (1, 0))
// CHECK-EMPTY:
