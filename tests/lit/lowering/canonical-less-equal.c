// Canonical form 'i <= n' with a non-unit constant step 'i += 2': ORBIS_CMP_LE,
// the step '(long long)(2LL)' and 'i += 2LL' in the element loop (the step
// evaluated once, as a literal).
// RUN: %orbis-cc --emit-lowered %s | %join-generated %s | grep -v "^ *//" | FileCheck %s
// RUN: %orbis-cc -fsyntax-only %s

void f(int n, double *A) {
  // CHECK: {{^}}  {{(_Pragma.* )?}}{ int [[LB:__orbis_lb[0-9_]+]] = (0); __typeof__((n) + 0) [[UB:__orbis_ub[0-9_]+]] = (n); static const orbis_site_t [[S:__orbis_site[0-9_]+]] = {"{{.*}}canonical-less-equal.c:[[@LINE+8]]:3", 0, 8, {{[A-Z_ |0]+}}, {{0|"[^"]*"}}}; orbis_loop_t [[L:__orbis_L[0-9_]+]];
  // CHECK-SAME: orbis_loop_init(&[[L]], &[[S]], (long long)(__typeof__([[LB]] + [[UB]]))[[LB]], (long long)(__typeof__([[LB]] + [[UB]]))[[UB]], (long long)(2LL), ORBIS_CMP_LE, (__typeof__([[LB]] + [[UB]]))-1 > 0, 4, 1, (long long)[[UB]]);{{$}}
  // CHECK-NEXT: {{^}}#pragma push_macro("blocked"){{$}}
  // CHECK: {{^}}#define blocked monotonic: dynamic, 1) firstprivate([[L]], [[LB]]) __orbis_drop({{$}}
  // CHECK: {{^}}#pragma pop_macro("block_local"){{$}}
  // CHECK: orbis_tile_enter(&[[C:__orbis_c[0-9_]+]], &[[L]], {{__orbis_t[0-9_]+}}); int [[F:__orbis_f[0-9_]+]] = (__typeof__([[LB]]))((unsigned long long)[[LB]] + (unsigned long long)([[C]].first) * (unsigned long long)[[L]].step); {{[^;]*}} = {{[^;]*}}; int i = [[F]]; do
  // CHECK-SAME: for (i = [[F]]; i {{<|>|!=}} {{__orbis_e[0-9_]+}}; i += 2LL)
  // CHECK-SAME: A[i] = 1.0;
  #pragma omp parallel for schedule(blocked, 4)
  for (int i = 0; i <= n; i += 2LL)
    A[i] = 1.0;
}
