// Canonical form over a 'size_t' loop variable: the typedef name is kept in
// the declarations of the bounds, the tile's first value and the variable.
// RUN: %orbis-cc --emit-lowered %s | %join-generated %s | grep -v "^ *//" | FileCheck %s
// RUN: %orbis-cc -fsyntax-only %s

#include <stddef.h>

void f(size_t n, double *A) {
  // CHECK: {{^}}  {{(_Pragma.* )?}}{ size_t [[LB:__orbis_lb[0-9_]+]] = (0); __typeof__((n) + 0) [[UB:__orbis_ub[0-9_]+]] = (n); static const orbis_site_t [[S:__orbis_site[0-9_]+]] = {"{{.*}}canonical-size-t.c:[[@LINE+8]]:3", 0, 8, {{[A-Z_ |0]+}}, {{0|"[^"]*"}}}; orbis_loop_t [[L:__orbis_L[0-9_]+]];
  // CHECK-SAME: orbis_loop_init(&[[L]], &[[S]], (long long)(__typeof__([[LB]] + [[UB]]))[[LB]], (long long)(__typeof__([[LB]] + [[UB]]))[[UB]], (long long)(1), ORBIS_CMP_LT, (__typeof__([[LB]] + [[UB]]))-1 > 0, 4, 1, (long long)[[UB]]);{{$}}
  // CHECK-NEXT: {{^}}#pragma push_macro("blocked"){{$}}
  // CHECK: {{^}}#define blocked monotonic: dynamic, 1) firstprivate([[L]], [[LB]]) __orbis_drop({{$}}
  // CHECK: {{^}}#pragma pop_macro("block_local"){{$}}
  // CHECK: orbis_tile_enter(&[[C:__orbis_c[0-9_]+]], &[[L]], {{__orbis_t[0-9_]+}}); size_t [[F:__orbis_f[0-9_]+]] = (__typeof__([[LB]]))((unsigned long long)[[LB]] + (unsigned long long)([[C]].first) * (unsigned long long)[[L]].step); {{[^;]*}} = {{[^;]*}}; size_t k = [[F]]; do
  // CHECK-SAME: for (k = [[F]]; k {{<|>|!=}} {{__orbis_e[0-9_]+}}; ++k)
  // CHECK-SAME: A[k] = 1.0;
  #pragma omp parallel for schedule(blocked, 4)
  for (size_t k = 0; k < n; k++)
    A[k] = 1.0;
}
