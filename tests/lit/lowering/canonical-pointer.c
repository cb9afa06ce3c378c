// Canonical form over a pointer loop variable, 'char *c = p; c < q; c += 2':
// the iteration space is the element distance, lower bound 0 and upper bound
// 'ub - lb', never unsigned; the tile's first value is 'lb + first * step'
// (pointer arithmetic, no integer casts); the pointer type is kept in the
// declarations, and the element loop steps with 'c += 2LL'.
// RUN: %orbis-cc --emit-lowered %s | %join-generated %s | grep -v "^ *//" | FileCheck %s
// RUN: %orbis-cc -fsyntax-only %s

void clear(char *p, char *q) {
  // CHECK: {{^}}  {{(_Pragma.* )?}}{ char *[[LB:__orbis_lb[0-9_]+]] = (p); __typeof__((q) + 0) [[UB:__orbis_ub[0-9_]+]] = (q); static const orbis_site_t [[S:__orbis_site[0-9_]+]] = {{.*}}; orbis_loop_t [[L:__orbis_L[0-9_]+]];
  // CHECK-SAME: orbis_loop_init(&[[L]], &[[S]], 0, (long long)([[UB]] - [[LB]]), (long long)(2LL), ORBIS_CMP_LT, 0, 64, 1, (long long)([[UB]] - [[LB]]));{{$}}
  // CHECK-NEXT: {{^}}#pragma push_macro("blocked"){{$}}
  // CHECK: {{^}}#define blocked monotonic: dynamic, 1) firstprivate([[L]], [[LB]]) __orbis_drop({{$}}
  // CHECK: {{^}}#pragma pop_macro("block_local"){{$}}
  // CHECK: orbis_tile_enter(&[[C:__orbis_c[0-9_]+]], &[[L]], {{__orbis_t[0-9_]+}}); char *[[F:__orbis_f[0-9_]+]] = [[LB]] + ([[C]].first) * [[L]].step; {{[^;]*}} = {{[^;]*}}; char *c = [[F]]; do
  // CHECK-SAME: for (c = [[F]]; c {{<|>|!=}} {{__orbis_e[0-9_]+}}; c += 2LL)
  // CHECK-SAME: *c = 0;
  #pragma omp parallel for schedule(blocked, 64)
  for (char *c = p; c < q; c += 2LL)
    *c = 0;
}
