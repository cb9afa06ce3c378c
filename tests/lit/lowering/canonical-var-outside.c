// Canonical form with the loop variable declared before the loop,
// 'int i; for (i = 0; ...)': the initialization 'i = 0' gives the lower
// bound; inside each tile a private 'int i' holds the tile's first value and
// the element loop assigns it, so the variable outside is not written by the
// tiles (it is private to the construct, as in OpenMP). A `(void)i;` keeps
// -Wunused-variable from calling the user's variable unused.
// RUN: %orbis-cc --emit-lowered %s | %join-generated %s | grep -v "^ *//" | FileCheck %s
// RUN: %orbis-cc -fsyntax-only -Wall -Werror %s

void fill(int n, int *A) {
  int i;
  // CHECK: {{^}}  int i;{{$}}
  // CHECK-NEXT: {{^}}  {{(_Pragma.* )?}}{ (void)i; int [[LB:__orbis_lb[0-9_]+]] = (0); __typeof__((n) + 0) [[UB:__orbis_ub[0-9_]+]] = (n); {{.*}} orbis_loop_t [[L:__orbis_L[0-9_]+]];
  // CHECK-SAME: (long long)(1), ORBIS_CMP_LT, {{.*}}, 4, 1, (long long)[[UB]]);{{$}}
  // CHECK-NEXT: {{^}}#pragma push_macro("blocked"){{$}}
  // CHECK: {{^}}#define blocked monotonic: dynamic, 1) firstprivate([[L]], [[LB]]) __orbis_drop({{$}}
  // CHECK: {{^}}#pragma pop_macro("block_local"){{$}}
  // CHECK: int [[F:__orbis_f[0-9_]+]] = {{.*}}; int i = [[F]]; do
  // CHECK-SAME: for (i = [[F]]; i {{<|>|!=}} {{__orbis_e[0-9_]+}}; ++i)
  // CHECK-SAME: A[i] = i;
  #pragma omp parallel for schedule(blocked, 4)
  for (i = 0; i < n; i++)
    A[i] = i;
}
