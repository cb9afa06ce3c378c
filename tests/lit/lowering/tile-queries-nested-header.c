// A tile query in the header of a nested blocked loop belongs to the
// enclosing context, so it binds to the enclosing blocked loop: here the
// inner bound is the outer tile's size. The bound is evaluated once, when
// the nested loop is set up inside the outer tile.
// RUN: %orbis-cc --emit-lowered %s | grep -v "^ *//" | FileCheck %s
// RUN: %orbis-cc -fsyntax-only %s
#include <omp_blocked.h>

void triangle(int n, int *A) {
  // CHECK: orbis_tile_t [[C0:__orbis_c[0-9_]+]];
  // CHECK: {{^}}    {{(_Pragma.* )?}}{ int {{__orbis_lb[0-9_]+}} = (0); __typeof__((orbis_query_int([[C0]].size)) + 0) {{__orbis_ub[0-9_]+}} = (orbis_query_int([[C0]].size));
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 0; x < n; x++) {
    #pragma omp for schedule(blocked, 2)
    for (int y = 0; y < omp_block_size(); y++)
      A[x * n + y] = 1;
  }
}
// CHECK-NOT: omp_block_size()
