// 'private(v)' on a nested 'for schedule(blocked)' (which runs sequentially
// inside its enclosing tile, with no directive of its own) is honoured by
// declaring a fresh 'v' of the same type at the start of the nested loop's
// set-up block; 'nowait' is accepted and has nothing left to do. The outer
// loop's variable of the same name is untouched.
// RUN: %orbis-cc --emit-lowered %s | %join-generated %s | grep -v "^ *//" | FileCheck %s
// RUN: %orbis-cc -fsyntax-only %s

void fill(int n, double *A) {
  double t = 0;
  // CHECK: {{^}}  double t = 0;{{$}}
  // CHECK-NEXT: {{^}}  {{(_Pragma.* )?}}{ int {{__orbis_lb[0-9_]+}} = (0);
  // CHECK-NEXT: {{^}}#pragma push_macro("blocked"){{$}}
  // CHECK: {{^}}#define blocked monotonic: dynamic, 1) firstprivate({{__orbis_L[0-9_]+}}, {{__orbis_lb[0-9_]+}}) __orbis_drop({{$}}
  // CHECK: {{^}}#pragma pop_macro("block_local"){{$}}
  // CHECK: {{^}}    {{(_Pragma.* )?}}{ __typeof__(t) t; int {{__orbis_lb[0-9_]+}} = (0); __typeof__((n) + 0) {{__orbis_ub[0-9_]+}} = (n);
  // CHECK-NEXT: {{^}}    for (long long {{__orbis_t[0-9_]+}} = 0;
  // CHECK-NEXT: {{^}}      t = x * n + y;{{$}}
  #pragma omp parallel for schedule(blocked, 8)
  for (int x = 0; x < n; x++) {
    #pragma omp for schedule(blocked, 8) private(t) nowait
    for (int y = 0; y < n; y++) {
      t = x * n + y;
      A[x * n + y] = t;
    }
  }
}
// CHECK-NOT: private(t)
// CHECK-NOT: nowait
