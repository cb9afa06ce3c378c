// On the GPU, rows in lockstep load what a row reads ahead of its steps
// (the row's own values from before the loop, the values from before the
// nest a chunk ahead, the rows above the warp): a read of the written
// array that runs only under a condition may name an element outside the
// array where the condition is false (`y > 0 ? A[x][y - 1] : 1.0` at
// y = 0), so such a nest keeps the copies, and says why
// (rows-in-lockstep.c has the unguarded forms).
// RUN: %orbis-cc --offload=cuda --emit-lowered %s | grep -v '// CHECK' | FileCheck %s
#include <omp_blocked.h>
#include <stdlib.h>

// CHECK: // Nest 0 at {{.*}}guarded-reads.c:[[#@LINE+3]]:3: intra-tile schedule: copies of the pre/post-blocks on sub-tiles (no rows in lockstep: the read 'A[x][y - 1]' runs only under a condition ('?:', '&&', '||', 'if'), and rows in lockstep load it ahead).
void guarded(int n, double (*A)[n]) {
  volatile int *counters = 0;
  #pragma omp parallel for schedule(blocked) map(tofrom: A[0:n])
  for (int x = 0; x < n; x++) {
    #pragma omp single
    {
      counters = calloc(omp_num_blocks() + 1, sizeof(int));
      counters[0] = n;
    }
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 0; y < n; y++) {
      while (counters[xb] < y + omp_block_size()) {
      }
      #pragma omp block
      A[x][y] = 0.5 * (y > 0 ? A[x][y - 1] : 1.0) + 0.25 * (x > 0 ? A[x - 1][y] : 2.0);
      #pragma omp atomic
      counters[xb + 1] += omp_block_size();
    }
  }
}
