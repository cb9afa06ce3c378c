// A two-level tiled nest without '#pragma omp block': the outer body holds
// only the nested blocked loop, so the innermost body is the instruction
// block. The nested loop is set up inside the outer tile (no directive of
// its own, sequential in the thread owning the outer tile, with the outer
// tile size as its multiplier), and the element loops of both levels, outer
// first, are wrapped around the innermost body; both loop variables are
// reset to their tile's first value afterwards. Names differ per level.
// RUN: %orbis-cc --emit-lowered %s | %join-generated %s | grep -v "^ *//" | FileCheck %s
// RUN: %orbis-cc -fsyntax-only %s

void copy(int n, int m, float *A, const float *B) {
  // CHECK: {{^}}  {{(_Pragma.* )?}}{ int [[LB0:__orbis_lb[0-9_]+]] = (0); __typeof__((n) + 0) [[UB0:__orbis_ub[0-9_]+]] = (n); static const orbis_site_t [[S0:__orbis_site[0-9_]+]] = {"{{.*}}nest-2level.c:[[@LINE+13]]:3", 0, 4, {{[A-Z_ |0]+}}, {{0|"[^"]*"}}}; orbis_loop_t [[L0:__orbis_L[0-9_]+]];
  // CHECK-SAME: ORBIS_CMP_LT, {{.*}}, 32, 1, (long long)[[UB0]]);{{$}}
  // CHECK-NEXT: {{^}}#pragma push_macro("blocked"){{$}}
  // CHECK: {{^}}#define blocked monotonic: dynamic, 1) firstprivate([[L0]], [[LB0]]) __orbis_drop({{$}}
  // CHECK: {{^}}#pragma pop_macro("block_local"){{$}}
  // (generated code on lines of its own: no #line here once joined)
  // CHECK-EMPTY:
  // CHECK-NEXT: {{^}}  for (long long [[T0:__orbis_t[0-9_]+]] = 0; [[T0]] < [[L0]].num_tiles; ++[[T0]]) { orbis_tile_t [[C0:__orbis_c[0-9_]+]]; orbis_tile_enter(&[[C0]], &[[L0]], [[T0]]); 
  // CHECK-SAME: int x = [[F0:__orbis_f[0-9_]+]]; do { {{[{]$}}
  // CHECK-NEXT: {{^}}    {{(_Pragma.* )?}}{ int [[LB1:__orbis_lb[0-9_]+]] = (0); __typeof__((m) + 0) [[UB1:__orbis_ub[0-9_]+]] = (m); static const orbis_site_t [[S1:__orbis_site[0-9_]+]] = {"{{.*}}nest-2level.c:[[@LINE+6]]:5", 1, 4, {{[A-Z_ |0]+}}, {{0|"[^"]*"}}}; orbis_loop_t [[L1:__orbis_L[0-9_]+]];
  // CHECK-SAME: orbis_loop_init(&[[L1]], &[[S1]], {{.*}}, (long long)(1), ORBIS_CMP_LT, {{.*}}, 8, 1 * [[L0]].tile, (long long)[[UB1]]);{{$}}
  // CHECK-NEXT: {{^}}    for (long long [[T1:__orbis_t[0-9_]+]] = 0; [[T1]] < [[L1]].num_tiles; ++[[T1]]) { orbis_tile_t [[C1:__orbis_c[0-9_]+]]; orbis_tile_enter(&[[C1]], &[[L1]], [[T1]]); 
  // CHECK-SAME: int y = [[F1:__orbis_f[0-9_]+]]; do { { { { for (x = [[F0]]; x {{<|>|!=}} {{__orbis_e[0-9_]+}}; ++x) for (y = [[F1]]; y {{<|>|!=}} {{__orbis_e[0-9_]+}}; ++y) { {{[{]$}}
  #pragma omp parallel for schedule(blocked, 32)
  for (int x = 0; x < n; x++) {
    #pragma omp for schedule(blocked, 8)
    for (int y = 0; y < m; y++) {
      A[x * m + y] = B[x * m + y];
    }
    // CHECK-NEXT: {{^}}      A[x * m + y] = B[x * m + y];{{$}}
    // CHECK-NEXT: {{^}}    } } } x = [[F0]]; y = [[F1]]; } } } while (0); orbis_tile_leave(&[[C1]]); } }{{( _Pragma\("clang diagnostic pop"\))?$}}
  }
  // CHECK-NEXT: {{^}}  } } while (0); orbis_tile_leave(&[[C0]]); } }{{( _Pragma\("clang diagnostic pop"\))?$}}
}
// CHECK-NEXT: {{^}}}{{$}}
// CHECK-NOT: __orbis
