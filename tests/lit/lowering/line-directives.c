// Line numbers survive lowering: a replacement that adds lines is followed by
// '#line N "file"' naming the line where the replaced text ended (the user's
// directive, continued with a backslash, is copied as written after its own
// '#line'), and one that keeps the line count (a nested loop's set-up,
// 'single', 'omp block') needs none. The second RUN line checks the
// effect: clang's errors in the lowered code point at the user's lines and
// columns.
// RUN: %orbis-cc --emit-lowered %s | %join-generated %s | grep -v "^ *//" | FileCheck %s
// RUN: not %orbis-cc -fsyntax-only -DBREAK %s 2>&1 | FileCheck --check-prefix=CLANG %s
struct S { int a; };

void f(int n, struct S *A, int *c) {
  // CHECK: {{^}}void f(int n, struct S *A, int *c) {{[{]$}}
  // CHECK-NEXT: {{^}}  {{(_Pragma.* )?}}{ int {{__orbis_lb[0-9_]+}} = (0);
  // CHECK: {{^}}  #pragma omp parallel for \{{$}}
  // CHECK-NEXT: {{^}}      schedule(blocked, 4){{$}}
  // CHECK: {{^}}#pragma pop_macro("block_local"){{$}}
  // CHECK-EMPTY:
  // CHECK-NEXT: {{^}}  for (long long {{__orbis_t[0-9_]+}} = 0;
  #pragma omp parallel for \
      schedule(blocked, 4)
  for (int i = 0; i < n; i++) {
    #pragma omp single
    c[0] = 1;
    // CHECK-NEXT: {{^}}    if (orbis_once_begin(
    // CHECK-NEXT: {{^}}    c[0] = 1; orbis_once_end(
    #pragma omp block
    A[i].a = 0;
    // CHECK-NEXT: {{^}}    {{(_Pragma.* )?}}{ { for (i =
    // CHECK-NEXT: {{^}}    A[i].a = 0; }
#ifdef BREAK
    A[i].b = 1;
    // CLANG: {{.*}}line-directives.c:[[@LINE-1]]:10: error: no member named 'b' in 'struct S'
#endif
  }
  #pragma omp parallel
  {
    // CHECK: {{^}}    {{(_Pragma.* )?}}{ int {{__orbis_lb[0-9_]+}} = (0);
    // CHECK-NEXT: {{^}}#pragma omp single copyprivate(
    // CHECK-NEXT: {{^}}{{__orbis_once[0-9]+}} = orbis_once_new(omp_get_num_threads());{{$}}
    // CHECK-NEXT: {{^}}#pragma push_macro("blocked"){{$}}
    // CHECK: {{^}}#define blocked monotonic: dynamic, 1) __orbis_drop({{$}}
    // CHECK: {{^}}#pragma pop_macro("block_local"){{$}}
    // (generated code on lines of its own: no #line here once joined)
    // CHECK-EMPTY:
    // CHECK-NEXT: {{^}}    for (long long {{__orbis_t[0-9_]+}} = 0;
    // CHECK-NEXT: {{^}}      if (orbis_once_begin(
    #pragma omp for schedule(blocked)
    for (int i = 0; i < n; i++) {
      #pragma omp single
      c[1] = 1;
      #pragma omp block
      A[i].a = 0;
#ifdef BREAK
      A[i].b = 1;
      // CLANG: {{.*}}line-directives.c:[[@LINE-1]]:12: error: no member named 'b' in 'struct S'
#endif
    }
  }
  #pragma omp parallel for schedule(blocked, 4)
  for (int i = 0; i < n; i++) {
    #pragma omp for schedule(blocked, 2)
    for (int j = 0; j < n; j++) {
#ifdef BREAK
      A[i + j].b = 2;
      // CLANG: {{.*}}line-directives.c:[[@LINE-1]]:16: error: no member named 'b' in 'struct S'
#endif
      A[i + j].a = 2;
    }
  }
  // CHECK: {{^}}#line [[@LINE-11]] "{{[^"]*}}"{{$}}
  // CHECK-NEXT: {{^}}  #pragma omp parallel for schedule(blocked, 4){{$}}
  // CHECK: {{^}}#pragma pop_macro("block_local"){{$}}
  // CHECK-EMPTY:
  // CHECK-NEXT: {{^}}  for (long long {{__orbis_t[0-9_]+}} = 0;
  // CHECK-NEXT: {{^}}    {{(_Pragma.* )?}}{ int {{__orbis_lb[0-9_]+}} = (0);
  // CHECK-NEXT: {{^}}    for (long long {{__orbis_t[0-9_]+}} = 0;
  // CHECK-NEXT: {{^}}#ifdef BREAK{{$}}
  // CHECK-NEXT: {{^}}      A[i + j].b = 2;{{$}}
  // CHECK-NEXT: {{^}}#endif{{$}}
  // CHECK-NEXT: {{^}}      A[i + j].a = 2;{{$}}
  // CLANG: 3 errors generated.
}
