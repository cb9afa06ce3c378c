// An extension directive produced by a macro, '#define P _Pragma("omp ...")'
// or the stringizing idiom 'OMP(x) -> _Pragma(#x)', is lowered by replacing
// the whole macro invocation: the set-up and the '#pragma omp' line take its
// place, followed by '#line' naming the invocation's line (the generated
// code's own lines, joined here by %join-generated), and 'single' and
// 'block' written through the macro are rewritten too. The '#define' lines
// stay as they are.
// RUN: %orbis-cc --emit-lowered %s | %join-generated %s | grep -v "^ *//" | FileCheck %s
// RUN: %orbis-cc -fsyntax-only %s
// RUN: %orbis-cc -Werror -Wunused-macros -fsyntax-only %s

#define P _Pragma("omp parallel for schedule(blocked)")
#define PRAGMA(x) _Pragma(#x)
#define OMP(x) PRAGMA(omp x)
// CHECK: {{^}}#define P _Pragma("omp parallel for schedule(blocked)"){{$}}
// CHECK-NEXT: {{^}}#define PRAGMA(x) _Pragma(#x){{$}}
// CHECK-NEXT: {{^}}#define OMP(x) PRAGMA(omp x){{$}}

void f(int n, double *A) {
  // CHECK: {{^}}  {{(_Pragma.* )?}}{ int {{__orbis_lb[0-9_]+}} = (0); {{.*}}, ORBIS_CMP_LT, {{.*}}, ORBIS_BLOCK_SIZE_AUTO, 1, {{.*}});{{$}}
  // CHECK-NEXT: {{^}}#pragma clang diagnostic push{{$}}
  // CHECK: {{^}}#pragma omp parallel for schedule(monotonic: dynamic, 1) firstprivate({{__orbis_L[0-9_]+}}, {{__orbis_lb[0-9_]+}}){{$}}
  // CHECK-NEXT: {{^}}#pragma clang diagnostic pop{{$}}
  // (generated code on lines of its own: no #line here once joined)
  // CHECK-EMPTY:
  // CHECK-NEXT: {{^}}  for (long long {{__orbis_t[0-9_]+}} = 0;{{.*}}; ++i) { A[i] = 0; }
  P
  for (int i = 0; i < n; i++) A[i] = 0;
  // The macros of the next directive are used where it was (-Wunused-macros).
  // CHECK-NEXT: {{^}}  #ifdef PRAGMA{{$}}
  // CHECK-NEXT: {{^}}#endif{{$}}
  // CHECK-NEXT: {{^}}#ifdef OMP{{$}}
  // CHECK-NEXT: {{^}}#endif{{$}}
  // CHECK-NEXT: {{^}}  {{(_Pragma.* )?}}{ int {{__orbis_lb[0-9_]+}} = (0); {{.*}}, ORBIS_CMP_LT, {{.*}}, 8, 1, {{.*}}); orbis_once_t [[O:__orbis_once[0-9]+]]_state
  // CHECK-NEXT: {{^}}#pragma clang diagnostic push{{$}}
  // CHECK: {{^}}#pragma omp parallel for num_threads(2) schedule(monotonic: dynamic, 1) firstprivate({{__orbis_L[0-9_]+}}, {{__orbis_lb[0-9_]+}}, [[O]]){{$}}
  // CHECK-NEXT: {{^}}#pragma clang diagnostic pop{{$}}
  // (generated code on lines of its own: no #line here once joined)
  // CHECK-EMPTY:
  // CHECK-NEXT: {{^}}  for (long long {{__orbis_t[0-9_]+}} = 0;
  // CHECK-NEXT: {{^}}    #ifdef PRAGMA{{$}}
  // CHECK-COUNT-3: {{^#(endif|ifdef OMP)$}}
  // CHECK-NEXT: {{^}}    if (orbis_once_begin([[O]], 0)) {{[{]$}}
  // CHECK-NEXT: {{^}}    A[0] = 1; orbis_once_end([[O]]); }{{$}}
  // CHECK-NEXT: {{^}}    #ifdef PRAGMA{{$}}
  // CHECK-COUNT-3: {{^#(endif|ifdef OMP)$}}
  // CHECK-NEXT: {{^}}    {{(_Pragma.* )?}}{ { for (i =
  OMP(parallel for schedule(blocked, 8) num_threads(2))
  for (int i = 0; i < n; i++) {
    OMP(single)
    A[0] = 1;
    OMP(block)
    A[i] = 0;
  }
}
// CHECK-NOT: OMP(
