// C++ (orbis-c++): a function template with a blocked loop over the template
// parameter 'T' and a loop-invariant step 'i += step' is lowered once, in the
// template: the bounds, the tile's first value and the per-tile variable are
// declared with 'T' (the domain and values through tile.h's orbis_dep_*,
// which serve an integer or a pointer instance), the step is evaluated once into a
// helper (the element loop steps with 'i += helper'), and 'single' and the
// tile query are rewritten as in C. The lowered template must still
// instantiate for a signed and an unsigned 'T' (checked by -fsyntax-only).
// A blocked loop in a member function (using a member through 'this') is
// lowered the same way.
// RUN: %orbis-cxx --emit-lowered %s | %join-generated %s | grep -v "^ *//" | FileCheck %s
// RUN: %orbis-cxx -fsyntax-only %s
#include <omp_blocked.h>
#include <vector>

template <typename T, typename V>
void fill(T lo, T hi, T step, V *A, int *calls) {
  // CHECK: {{^}}  {{(_Pragma.* )?}}{ T [[LB:__orbis_lb[0-9_]+]] = (lo); __typeof__((hi) + 0) [[UB:__orbis_ub[0-9_]+]] = (hi); __typeof__((step) + 0) [[SV:__orbis_s[0-9_]+]] = (step); {{.*}} orbis_loop_t [[L:__orbis_L[0-9_]+]];
  // CHECK-SAME: orbis_loop_init(&[[L]], {{.*}}, orbis_dep_lower([[LB]], [[UB]]), orbis_dep_upper([[LB]], [[UB]]), (long long)([[SV]]), ORBIS_CMP_LT, orbis_dep_unsigned([[LB]], [[UB]]), 16, 1, orbis_dep_total([[LB]], [[UB]]));
  // CHECK-SAME: {{ }}orbis_once_t [[O:__orbis_once[0-9]+]]_state = ORBIS_ONCE_INIT;
  // CHECK-NEXT: {{^}}#pragma push_macro("blocked"){{$}}
  // CHECK: {{^}}#define blocked monotonic: dynamic, 1) firstprivate([[L]], [[LB]], [[SV]], [[O]]) __orbis_drop({{$}}
  // CHECK: {{^}}#pragma pop_macro("block_local"){{$}}
  // CHECK: orbis_tile_t [[C:__orbis_c[0-9_]+]];
  // CHECK-SAME: int [[QB:__orbis_qb[0-9_]+]] = orbis_query_int([[C]].num);
  // CHECK-SAME: T [[F:__orbis_f[0-9_]+]] = orbis_dep_at([[LB]], {{.*}}); T i = [[F]]; do
  // CHECK-NEXT: {{^}}    if (orbis_once_begin([[O]], 0)) {{[{]$}}
  // CHECK-NEXT: {{^}}    calls[0]++; orbis_once_end([[O]]); }{{$}}
  // CHECK-NEXT: {{^}}    {{(_Pragma.* )?}}{ { for (i = [[F]]; i {{<|>|!=}} {{__orbis_e[0-9_]+}}; i += [[SV]]) {
  // CHECK-NEXT: {{^}}    A[i] = V([[QB]]  ); } } i = [[F]]; }{{$}}
  #pragma omp parallel for schedule(blocked, 16)
  for (T i = lo; i < hi; i += step) {
    #pragma omp single
    calls[0]++;
    #pragma omp block
    A[i] = V(omp_block_num());
  }
}
template void fill<int, double>(int, int, int, double *, int *);
template void fill<unsigned long, float>(unsigned long, unsigned long,
                                         unsigned long, float *, int *);
// CHECK: {{^}}template void fill<int, double>(int, int, int, double *, int *);{{$}}

struct Grid {
  std::vector<double> v;
  void clear(int n) {
    // CHECK: {{^}}    {{(_Pragma.* )?}}{ int {{__orbis_lb[0-9_]+}} = (0); __typeof__((n) + 0) {{.*}}, ORBIS_CMP_LT, {{.*}}, ORBIS_BLOCK_SIZE_AUTO, 1,
    // CHECK: {{^}}#define blocked monotonic: dynamic, 1) firstprivate(
    // CHECK: ++i) { v[i] = 0; }
    #pragma omp parallel for schedule(blocked)
    for (int i = 0; i < n; ++i)
      v[i] = 0;
  }
};
