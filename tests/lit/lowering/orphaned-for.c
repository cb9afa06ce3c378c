// 'for schedule(blocked)' inside an existing '#pragma omp parallel' region
// (an orphaned-style worksharing loop, no 'parallel'): the enclosing region
// is left alone, the once objects of the nest's 'single' directives are
// heap-allocated by one thread and broadcast with 'single copyprivate',
// the loop becomes 'for ... schedule(monotonic: dynamic, 1)' without
// firstprivate helpers (they are already private to each thread), and every
// thread releases the once objects after the loop.
// RUN: %orbis-cc --emit-lowered %s | %join-generated %s | grep -v "^ *//" | FileCheck %s
// RUN: %orbis-cc -fsyntax-only %s

void relax(int n, double *A, int *count) {
  #pragma omp parallel num_threads(3)
  {
  // CHECK: {{^}}  #pragma omp parallel num_threads(3){{$}}
  // CHECK-NEXT: {{^}}  {{[{]$}}
  // CHECK-NEXT: {{^}}    {{(_Pragma.* )?}}{ int [[LB:__orbis_lb[0-9_]+]] = (0); __typeof__((n) + 0) [[UB:__orbis_ub[0-9_]+]] = (n); {{.*}} orbis_loop_t [[L:__orbis_L[0-9_]+]]; orbis_loop_init(&[[L]], {{.*}}, ORBIS_CMP_LT, {{.*}}, 16, 1, (long long)[[UB]]);
  // CHECK-SAME: {{ }}orbis_once_t *[[O1:__orbis_once[0-9]+]];{{$}}
  // CHECK-NEXT: {{^}}#pragma omp single copyprivate([[O1]]){{$}}
  // CHECK-NEXT: {{^}}[[O1]] = orbis_once_new(omp_get_num_threads()); orbis_once_t *[[O2:__orbis_once[0-9]+]];{{$}}
  // CHECK-NEXT: {{^}}#pragma omp single copyprivate([[O2]]){{$}}
  // CHECK-NEXT: {{^}}[[O2]] = orbis_once_new(omp_get_num_threads());{{$}}
  // CHECK-NEXT: {{^}}#pragma push_macro("blocked"){{$}}
  // CHECK: {{^}}#define blocked monotonic: dynamic, 1) __orbis_drop({{$}}
  // CHECK: {{^}}#pragma pop_macro("block_local"){{$}}
  // (generated code on lines of its own: no #line here once joined)
  // CHECK-EMPTY:
  // CHECK-NEXT: {{^}}    for (long long [[T:__orbis_t[0-9_]+]] = 0; [[T]] < [[L]].num_tiles; ++[[T]]) { orbis_tile_t [[C:__orbis_c[0-9_]+]];
  // CHECK-SAME: int i = [[F:__orbis_f[0-9_]+]]; do { {{[{]$}}
    #pragma omp for schedule(blocked, 16)
    for (int i = 0; i < n; i++) {
      #pragma omp single
      count[0] += 1;
      // CHECK-NEXT: {{^}}      if (orbis_once_begin([[O1]], 0)) {{[{]$}}
      // CHECK-NEXT: {{^}}      count[0] += 1; orbis_once_end([[O1]]); }{{$}}
      #pragma omp block
      A[i] = 0.5 * A[i];
      // CHECK-NEXT: {{^}}      {{(_Pragma.* )?}}{ { for (i = [[F]]; i {{<|>|!=}} {{__orbis_e[0-9_]+}}; ++i) {{[{]}}
      // CHECK-NEXT: {{^}}      A[i] = 0.5 * A[i]; } } i = [[F]]; }{{$}}
      #pragma omp single
      count[1] += 1;
      // CHECK-NEXT: {{^}}      if (orbis_once_begin([[O2]], 0)) {{[{]$}}
      // CHECK-NEXT: {{^}}      count[1] += 1; orbis_once_end([[O2]]); }{{$}}
    }
    // CHECK-NEXT: {{^}}    } } while (0); orbis_tile_leave(&[[C]]); } orbis_once_release([[O1]]); orbis_once_release([[O2]]); }{{( _Pragma\("clang diagnostic pop"\))?$}}
    count[2] = 0;
    // CHECK-NEXT: {{^}}    count[2] = 0;{{$}}
  }
  // CHECK-NEXT: {{^}}  }{{$}}
}
