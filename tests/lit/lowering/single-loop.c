// A single 'parallel for schedule(blocked, 8)' without '#pragma omp block'
// (plain tiling): the whole loop body is the instruction block. Checks the
// region set-up (bounds evaluated once, the call site, orbis_loop_init with the
// requested size), the standard directive it becomes with the helpers
// firstprivate, the loop over tiles, the element loop wrapped around the body,
// the loop variable reset to the tile's first value, and the closing braces.
// A compound body and a single-statement body are both checked.
// RUN: %orbis-cc --emit-lowered %s | %join-generated %s | grep -v "^ *//" | FileCheck %s
// RUN: %orbis-cc -fsyntax-only %s

// CHECK: #include <orbis/tile.h>
// CHECK-NEXT: #line 1 "{{.*}}single-loop.c"

void scale(int n, double a, double *X) {
  // CHECK: void scale(int n, double a, double *X) {
  // CHECK-NEXT: {{^}}  {{(_Pragma.* )?}}{ int [[LB:__orbis_lb[0-9_]+]] = (0); __typeof__((n) + 0) [[UB:__orbis_ub[0-9_]+]] = (n); static const orbis_site_t [[SITE:__orbis_site[0-9_]+]] = {"{{.*}}single-loop.c:[[@LINE+9]]:3", 0, 8, {{[A-Z_ |0]+}}, {{0|"[^"]*"}}}; orbis_loop_t [[L:__orbis_L[0-9_]+]];
  // CHECK-SAME: orbis_loop_init(&[[L]], &[[SITE]], (long long)(__typeof__([[LB]] + [[UB]]))[[LB]], (long long)(__typeof__([[LB]] + [[UB]]))[[UB]], (long long)(1), ORBIS_CMP_LT, (__typeof__([[LB]] + [[UB]]))-1 > 0, 8, 1, (long long)[[UB]]);{{$}}
  // CHECK-NEXT: {{^}}#pragma push_macro("blocked"){{$}}
  // CHECK: {{^}}#define blocked monotonic: dynamic, 1) firstprivate([[L]], [[LB]]) __orbis_drop({{$}}
  // CHECK: {{^}}#pragma pop_macro("block_local"){{$}}
  // (generated code on lines of its own: no #line here once joined)
  // CHECK-EMPTY:
  // CHECK-NEXT: {{^}}  for (long long [[T:__orbis_t[0-9_]+]] = 0; [[T]] < [[L]].num_tiles; ++[[T]]){{$}}
  // CHECK-NEXT: {{^}}    {{(_Pragma.* )?}}{ orbis_tile_t [[C:__orbis_c[0-9_]+]]; orbis_tile_enter(&[[C]], &[[L]], [[T]]); int [[F:__orbis_f[0-9_]+]] = (__typeof__([[LB]]))((unsigned long long)[[LB]] + (unsigned long long)([[C]].first) * (unsigned long long)[[L]].step); {{[^;]*}} = {{[^;]*}}; int i = [[F]]; do {
  #pragma omp parallel for schedule(blocked, 8)
  for (int i = 0; i < n; i++)
    X[i] = a * X[i];
  // CHECK-SAME: { { { for (i = [[F]]; i {{<|>|!=}} {{__orbis_e[0-9_]+}}; ++i) { X[i] = a * X[i]; } } i = [[F]]; } } } while (0); orbis_tile_leave(&[[C]]); } }{{( _Pragma\("clang diagnostic pop"\))?$}}
  X[0] = 1;
  // CHECK-NEXT: {{^}}  X[0] = 1;{{$}}
}
// CHECK-NEXT: {{^}}}{{$}}

void update(int n, double a, double *X) {
  // CHECK: {{^}}  {{(_Pragma.* )?}}{ int [[LB:__orbis_lb[0-9_]+]] = (0); __typeof__((n) + 0) [[UB:__orbis_ub[0-9_]+]] = (n); {{.*}} orbis_loop_t [[L:__orbis_L[0-9_]+]];
  // CHECK-SAME: ORBIS_CMP_LT, {{.*}}, 8, 1, (long long)[[UB]]);{{$}}
  // CHECK-NEXT: {{^}}#pragma push_macro("blocked"){{$}}
  // CHECK: {{^}}#define blocked monotonic: dynamic, 1) firstprivate([[L]], [[LB]]) __orbis_drop({{$}}
  // CHECK: {{^}}#pragma pop_macro("block_local"){{$}}
  // (generated code on lines of its own: no #line here once joined)
  // CHECK-EMPTY:
  // CHECK-NEXT: {{^}}  for (long long [[T:__orbis_t[0-9_]+]] = 0; [[T]] < [[L]].num_tiles; ++[[T]]) { orbis_tile_t [[C:__orbis_c[0-9_]+]]; orbis_tile_enter(&[[C]], &[[L]], [[T]]); 
  // CHECK-SAME: int i = [[F:__orbis_f[0-9_]+]]; do { { { { for (i = [[F]]; i {{<|>|!=}} {{__orbis_e[0-9_]+}}; ++i) { {{[{]$}}
  #pragma omp parallel for schedule(blocked, 8)
  for (int i = 0; i < n; i++) {
    double t = a * X[i];
    X[i] = t;
  }
  // CHECK-NEXT: {{^}}    double t = a * X[i];{{$}}
  // CHECK-NEXT: {{^}}    X[i] = t;{{$}}
  // CHECK-NEXT: {{^}}  } } } i = [[F]]; } } } while (0); orbis_tile_leave(&[[C]]); } }{{( _Pragma\("clang diagnostic pop"\))?$}}
}
