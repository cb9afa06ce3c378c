// Tile queries inside a tiled nest are bound lexically to the innermost
// enclosing blocked loop: each tile declares, once, a constant for each
// query its statements make (omp_num_blocks() -> <loop>.num_tiles,
// omp_block_num() -> <tile>.num, omp_block_size() -> <tile>.size,
// omp_total_size() -> <loop>.total, each cast to int), and each call
// becomes the constant's name padded to the call's length, so that the
// user's text after it keeps its column. Calls in the outer
// pre-block and post-block bind to the outer loop, calls in the inner
// pre-block, instruction block and post-block to the inner loop; calls in
// a plain loop nested in the instruction block still bind to the inner
// blocked loop.
// RUN: %orbis-cc --emit-lowered %s | %join-generated %s | grep -v "^ *//" | FileCheck %s
// RUN: %orbis-cc -fsyntax-only %s
#include <omp_blocked.h>

void queries(int n, int *A, int *log) {
  // CHECK: orbis_loop_t [[L0:__orbis_L[0-9_]+]];
  // CHECK: orbis_tile_t [[C0:__orbis_c[0-9_]+]];
  // CHECK-SAME: int [[QN0:__orbis_qn[0-9_]+]] = orbis_query_int([[L0]].num_tiles); int [[QB0:__orbis_qb[0-9_]+]] = orbis_query_int([[C0]].num); int [[QS0:__orbis_qs[0-9_]+]] = orbis_query_int([[C0]].size); int [[QT0:__orbis_qt[0-9_]+]] = orbis_query_int([[L0]].total); int
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 0; x < n; x++) {
    log[0] = omp_num_blocks() + omp_block_num() + omp_block_size() + omp_total_size();
    // CHECK: {{^}}    log[0] = [[QN0]]    + [[QB0]]   + [[QS0]]    + [[QT0]]   ;{{$}}
    // CHECK: orbis_loop_t [[L1:__orbis_L[0-9_]+]];
    // CHECK: orbis_tile_t [[C1:__orbis_c[0-9_]+]];
    // CHECK-SAME: int [[QN1:__orbis_qn[0-9_]+]] = orbis_query_int([[L1]].num_tiles); int [[QB1:__orbis_qb[0-9_]+]] = orbis_query_int([[C1]].num); int [[QS1:__orbis_qs[0-9_]+]] = orbis_query_int([[C1]].size); int [[QT1:__orbis_qt[0-9_]+]] = orbis_query_int([[L1]].total); int
    #pragma omp for schedule(blocked, 2)
    for (int y = 0; y < n; y++) {
      log[1] = omp_num_blocks() + omp_block_num() + omp_block_size() + omp_total_size();
      // CHECK: {{^}}      log[1] = [[QN1]]    + [[QB1]]   + [[QS1]]    + [[QT1]]   ;{{$}}
      #pragma omp block
      {
        A[x * n + y] = omp_block_num();
        for (int k = 0; k < omp_block_size(); k++)
          A[k] += omp_num_blocks();
      }
      // CHECK: {{^}}        A[x * n + y] = [[QB1]]  ;{{$}}
      // CHECK-NEXT: {{^}}        for (int k = 0; k < [[QS1]]   ; k++){{$}}
      // CHECK-NEXT: {{^}}          A[k] += [[QN1]]   ;{{$}}
      log[2] = omp_total_size();
      // CHECK: {{^}}      log[2] = [[QT1]]   ;{{$}}
    }
    log[3] = omp_block_size();
    // CHECK: {{^}}    log[3] = [[QS0]]   ;{{$}}
  }
}
// CHECK-NOT: omp_{{num_blocks|block_num|block_size|total_size}}()
