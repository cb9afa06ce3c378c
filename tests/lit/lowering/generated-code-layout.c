// Where the generated code stands in the lowered file (docs/lowering.md,
// "Where generated code stands"): each edit's code goes between the markers
// of <orbis/tile.h> that turn the warnings off for it, on lines of its own,
// each piece after a '#line' naming the user's line and starting at the
// user's column; the user's text after it comes back at its own line and
// column. So a diagnostic on the user's text quotes the user's text at the
// right column, and one on generated code names the user's line. A tile
// query becomes a name padded to the call's length, in the line.
// RUN: %orbis-cc --emit-lowered %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %orbis-cc -Wall -Werror -fsyntax-only %s
#include <omp_blocked.h>

void f(int n, int *A) {
#pragma omp parallel for schedule(blocked, 4)
  for (int i = 0; i < n; i++) { A[i] = omp_block_size() + i; }
}
// CHECK:void f(int n, int *A) {
// CHECK-NEXT: __orbis_generated_begin 
// CHECK-NEXT:#line 14 "{{.*}}generated-code-layout.c"
// CHECK-NEXT:{ int [[LB:__orbis_lb[0-9_]+]] = (0); {{.*}}
// CHECK:#line 14 "{{.*}}generated-code-layout.c"
// CHECK-NEXT:#pragma omp parallel for schedule(blocked, 4)
// CHECK-NEXT:#pragma clang diagnostic pop
// CHECK-NEXT:#pragma pop_macro("blocked")
// CHECK-NEXT:#pragma pop_macro("block_local")
// CHECK-NEXT: __orbis_generated_end 
// CHECK-NEXT:#line 14 "{{.*}}generated-code-layout.c"
// CHECK-EMPTY:
// CHECK-NEXT:   __orbis_generated_begin 
// CHECK-NEXT:#line 15 "{{.*}}generated-code-layout.c"
// CHECK-NEXT:  for (long long [[T:__orbis_t[0-9_]+]] = 0; [[T]] < {{__orbis_L[0-9_]+}}.num_tiles; ++[[T]]) __orbis_generated_end 
// CHECK-NEXT:#line 15 "{{.*}}generated-code-layout.c"
// CHECK-NEXT: 
// CHECK-NEXT: __orbis_generated_begin 
// CHECK-NEXT:#line 15 "{{.*}}generated-code-layout.c"
// CHECK-NEXT:                              { orbis_tile_t {{.*}} int [[QS:__orbis_qs[0-9_]+]] = orbis_query_int({{.*}}.size); {{.*}} {  __orbis_generated_end 
// CHECK-NEXT:#line 15 "{{.*}}generated-code-layout.c"
// CHECK-NEXT:                              { A[i] = [[QS]]    + i; }
// CHECK-NEXT: __orbis_generated_begin 
// CHECK-NEXT:#line 15 "{{.*}}generated-code-layout.c"
// CHECK-NEXT:                                                               } } i = {{.*}} __orbis_generated_end 
// CHECK-NEXT:#line 15 "{{.*}}generated-code-layout.c"
// CHECK-EMPTY:
// CHECK-NEXT:}
