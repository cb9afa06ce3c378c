// Tile queries that are not lexically inside a blocked loop stay calls (the
// runtime binds them to the innermost blocked loop active on the calling
// thread, or returns 1, 0, 1, 1 outside any): in a function called from a
// blocked loop, before and after the loop, in a standard (not blocked) loop,
// in the header of the outermost blocked loop (evaluated before the tiles
// exist), and when the call is spelled by a macro expansion.
// RUN: %orbis-cc --emit-lowered %s | grep -v "^ *//" | FileCheck %s
// RUN: %orbis-cc -fsyntax-only %s
#include <omp_blocked.h>

#define NUM_BLOCKS omp_num_blocks()

int helper(void) { return omp_block_num() + omp_block_size(); }
// CHECK: {{^}}int helper(void) { return omp_block_num() + omp_block_size(); }{{$}}

void caller(int n, int *A) {
  int before = omp_num_blocks();
  // CHECK: {{^}}  int before = omp_num_blocks();{{$}}
  #pragma omp parallel for schedule(static)
  for (int i = 0; i < n; i++)
    A[i] = omp_block_num();
  // CHECK: {{^}}  #pragma omp parallel for schedule(static){{$}}
  // CHECK-NEXT: {{^}}  for (int i = 0; i < n; i++){{$}}
  // CHECK-NEXT: {{^}}    A[i] = omp_block_num();{{$}}
  #pragma omp parallel for schedule(blocked, 8)
  for (int i = 0; i < omp_total_size() + n; i++) {
    A[i] = helper() + NUM_BLOCKS;
  }
  // CHECK: __typeof__((omp_total_size() + n) + 0) {{__orbis_ub[0-9_]+}} = (omp_total_size() + n);
  // CHECK: {{^}}    A[i] = helper() + NUM_BLOCKS;{{$}}
  A[0] = omp_total_size() + before;
  // CHECK: {{^}}  A[0] = omp_total_size() + before;{{$}}
}
