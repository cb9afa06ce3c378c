// '_Pragma("omp ...")' written directly in the source lowers like '#pragma
// omp': the operator is replaced by the region set-up and a '#pragma omp'
// line (followed by '#line' so that the loop keeps its line and column: the
// generated code's own lines, joined here by %join-generated), also when the
// loop follows on the same line; '_Pragma' forms of 'single', 'block' and
// 'atomic' inside the nest are rewritten too, and a standard
// '_Pragma("omp parallel for schedule(static)")' is left as written.
// RUN: %orbis-cc --emit-lowered %s | %join-generated %s | grep -v "^ *//" | FileCheck %s
// RUN: %orbis-cc -fsyntax-only %s

void f(int n, double *A) {
  // CHECK: {{^}}  {{(_Pragma.* )?}}{ int [[LB0:__orbis_lb[0-9_]+]] = (0); {{.*}} orbis_loop_t [[L0:__orbis_L[0-9_]+]]; {{.*}}, ORBIS_CMP_LT, {{.*}}, 4, 1, {{.*}});{{$}}
  // CHECK-NEXT: {{^}}#pragma clang diagnostic push{{$}}
  // CHECK: {{^}}#pragma omp parallel for num_threads(2) schedule(monotonic: dynamic, 1) firstprivate([[L0]], [[LB0]]){{$}}
  // CHECK-NEXT: {{^}}#pragma clang diagnostic pop{{$}}
  // (generated code on lines of its own: no #line here once joined)
  // CHECK-EMPTY:
  // CHECK-NEXT: {{^}}  for (long long {{__orbis_t[0-9_]+}} = 0; {{__orbis_t[0-9_]+}} < [[L0]].num_tiles;
  // CHECK-NEXT: {{^}}    {{(_Pragma.* )?}}{ orbis_tile_t {{.*}} ++i) { A[i] = 0; }
  _Pragma("omp parallel for schedule(blocked, 4) num_threads(2)")
  for (int i = 0; i < n; i++)
    A[i] = 0;

  // CHECK-EMPTY:
  // CHECK-NEXT: {{^}}  {{(_Pragma.* )?}}{ int [[LB1:__orbis_lb[0-9_]+]] = (0); {{.*}} orbis_loop_t [[L1:__orbis_L[0-9_]+]]; {{.*}}, ORBIS_CMP_LT, {{.*}}, 8, 1, {{.*}});{{$}}
  // CHECK-NEXT: {{^}}#pragma clang diagnostic push{{$}}
  // CHECK: {{^}}#pragma omp parallel for schedule(monotonic: dynamic, 1) firstprivate([[L1]], [[LB1]]){{$}}
  // CHECK-NEXT: {{^}}#pragma clang diagnostic pop{{$}}
  // CHECK-EMPTY:
  // CHECK-NEXT: {{^ *}}for (long long {{__orbis_t[0-9_]+}} = 0; {{__orbis_t[0-9_]+}} < [[L1]].num_tiles; {{.*}}; ++i) { A[i] = 1; }
  _Pragma("omp parallel for schedule(blocked, 8)") for (int i = 0; i < n; i++) A[i] = 1;

  // CHECK-EMPTY:
  // CHECK-NEXT: {{^}}  _Pragma("omp parallel for schedule(static)"){{$}}
  // CHECK-NEXT: {{^}}  for (int i = 0; i < n; i++){{$}}
  // CHECK-NEXT: {{^}}    A[i] = 2;{{$}}
  _Pragma("omp parallel for schedule(static)")
  for (int i = 0; i < n; i++)
    A[i] = 2;

  // CHECK: {{^}}#pragma omp parallel for schedule(monotonic: dynamic, 1) firstprivate({{__orbis_L[0-9_]+}}, {{__orbis_lb[0-9_]+}}, [[O:__orbis_once[0-9]+]]){{$}}
  // CHECK: {{^}}    if (orbis_once_begin([[O]], 0)) {{[{]$}}
  // CHECK-NEXT: {{^}}    A[0] = 1; orbis_once_end([[O]]); }{{$}}
  // CHECK-NEXT: {{^}}    {{(_Pragma.* )?}}{ { for (i = {{.*}}; ++i) {
  // CHECK-NEXT: {{^}}    A[i] = 3; } }
  // CHECK: {{^}}#pragma omp atomic seq_cst{{$}}
  // (generated code on lines of its own: no #line here once joined)
  // CHECK-EMPTY:
  // CHECK-NEXT: {{^}}    A[1] += 1;{{$}}
  _Pragma("omp parallel for schedule(blocked)")
  for (int i = 0; i < n; i++) {
    _Pragma("omp single")
    A[0] = 1;
    _Pragma("omp block")
    A[i] = 3;
    _Pragma("omp atomic")
    A[1] += 1;
  }
}
// CHECK-NOT: _Pragma("omp
