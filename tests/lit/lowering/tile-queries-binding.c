// Tile queries inside a tiled nest are rewritten lexically to the innermost
// enclosing blocked loop: omp_num_blocks() -> <loop>.num_tiles,
// omp_block_num() -> <tile>.num, omp_block_size() -> <tile>.size,
// omp_total_size() -> <loop>.total, each cast to int. Calls in the outer
// pre-block and post-block bind to the outer loop, calls in the inner
// pre-block, instruction block and post-block to the inner loop; calls in
// a plain loop nested in the instruction block still bind to the inner
// blocked loop.
// RUN: %orbis-cc --emit-lowered %s | grep -v "^ *//" | FileCheck %s
// RUN: %orbis-cc -fsyntax-only %s
#include <omp_blocked.h>

void queries(int n, int *A, int *log) {
  // CHECK: orbis_loop_t [[L0:__orbis_L[0-9_]+]];
  // CHECK: orbis_tile_t [[C0:__orbis_c[0-9_]+]];
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 0; x < n; x++) {
    log[0] = omp_num_blocks() + omp_block_num() + omp_block_size() + omp_total_size();
    // CHECK: {{^}}    log[0] = orbis_query_int([[L0]].num_tiles) + orbis_query_int([[C0]].num) + orbis_query_int([[C0]].size) + orbis_query_int([[L0]].total);{{$}}
    // CHECK: orbis_loop_t [[L1:__orbis_L[0-9_]+]];
    // CHECK: orbis_tile_t [[C1:__orbis_c[0-9_]+]];
    #pragma omp for schedule(blocked, 2)
    for (int y = 0; y < n; y++) {
      log[1] = omp_num_blocks() + omp_block_num() + omp_block_size() + omp_total_size();
      // CHECK: {{^}}      log[1] = orbis_query_int([[L1]].num_tiles) + orbis_query_int([[C1]].num) + orbis_query_int([[C1]].size) + orbis_query_int([[L1]].total);{{$}}
      #pragma omp block
      {
        A[x * n + y] = omp_block_num();
        for (int k = 0; k < omp_block_size(); k++)
          A[k] += omp_num_blocks();
      }
      // CHECK: {{^}}        A[x * n + y] = orbis_query_int([[C1]].num);{{$}}
      // CHECK-NEXT: {{^}}        for (int k = 0; k < orbis_query_int([[C1]].size); k++){{$}}
      // CHECK-NEXT: {{^}}          A[k] += orbis_query_int([[L1]].num_tiles);{{$}}
      log[2] = omp_total_size();
      // CHECK: {{^}}      log[2] = orbis_query_int([[L1]].total);{{$}}
    }
    log[3] = omp_block_size();
    // CHECK: {{^}}    log[3] = orbis_query_int([[C0]].size);{{$}}
  }
}
// CHECK-NOT: omp_{{num_blocks|block_num|block_size|total_size}}()
