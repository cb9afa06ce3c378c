// Canonical form over a pointer loop variable, 'char *c = p; c < q; c += 2':
// the iteration space is the element distance, lower bound 0 and upper bound
// 'ub - lb', never unsigned; the tile's first value is 'lb + first * step'
// (pointer arithmetic, no integer casts); the pointer type is kept in the
// declarations, and 'c += 2' is copied into the element loop.
// RUN: %orbis-cc --emit-lowered %s | grep -v "^ *//" | FileCheck %s
// RUN: %orbis-cc -fsyntax-only %s

void clear(char *p, char *q) {
  // CHECK: {{^}}  { char *[[LB:__orbis_lb[0-9_]+]] = (p); __typeof__(q) [[UB:__orbis_ub[0-9_]+]] = (q); static const orbis_site_t [[S:__orbis_site[0-9_]+]] = {{.*}}; orbis_loop_t [[L:__orbis_L[0-9_]+]];
  // CHECK-SAME: orbis_loop_init(&[[L]], &[[S]], 0, (long long)([[UB]] - [[LB]]), (long long)(2), ORBIS_CMP_LT, 0, 64, 1, (long long)([[UB]] - [[LB]]));{{$}}
  // CHECK-NEXT: {{^}}#pragma omp parallel for schedule(monotonic: dynamic, 1) firstprivate([[L]], [[LB]]){{$}}
  // CHECK: orbis_tile_enter(&[[C:__orbis_c[0-9_]+]], &[[L]], {{__orbis_t[0-9_]+}}); char *[[F:__orbis_f[0-9_]+]] = [[LB]] + ([[C]].first) * [[L]].step; {{[^;]*}} = {{[^;]*}}; char *c = [[F]]; do
  // CHECK-SAME: for (c = [[F]]; c {{<|>|!=}} {{__orbis_e[0-9_]+}}; c += 2)
  // CHECK-SAME: *c = 0;
  #pragma omp parallel for schedule(blocked, 64)
  for (char *c = p; c < q; c += 2)
    *c = 0;
}
