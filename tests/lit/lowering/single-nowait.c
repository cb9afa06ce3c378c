// '#pragma omp single' in the pre- and post-blocks of a blocked loop becomes
// call-once code: 'single' waits for the one execution ('orbis_once_begin(o, 0)'),
// 'single nowait' does not ('orbis_once_begin(o, 1)'); both close with
// 'orbis_once_end'. Each 'single' has its own once object. A 'single'
// outside any blocked loop keeps its standard form.
// RUN: %orbis-cc --emit-lowered %s | %join-generated %s | grep -v "^ *//" | FileCheck %s
// RUN: %orbis-cc -fsyntax-only %s

void once(int n, double *A, int *flags) {
  // CHECK: orbis_once_t [[O0:__orbis_once[0-9]+]]_state = ORBIS_ONCE_INIT; orbis_once_t *[[O0]] = &[[O0]]_state;
  // CHECK-SAME: {{ }}orbis_once_t [[O1:__orbis_once[0-9]+]]_state = ORBIS_ONCE_INIT; orbis_once_t *[[O1]] = &[[O1]]_state;{{$}}
  // CHECK: {{^}}#define blocked monotonic: dynamic, 1) firstprivate({{__orbis_L[0-9_]+}}, {{__orbis_lb[0-9_]+}}, [[O0]], [[O1]]) __orbis_drop({{$}}
  #pragma omp parallel for schedule(blocked, 8)
  for (int i = 0; i < n; i++) {
    #pragma omp single nowait
    flags[0] = 1;
    // CHECK: {{^}}    if (orbis_once_begin([[O0]], 1)) {{[{]$}}
    // CHECK-NEXT: {{^}}    flags[0] = 1; orbis_once_end([[O0]]); }{{$}}
    #pragma omp block
    A[i] = 0;
    #pragma omp single
    {
      flags[1] = 1;
    }
    // CHECK: {{^}}    if (orbis_once_begin([[O1]], 0)) {{[{]$}}
    // CHECK-NEXT: {{^}}    {{[{]$}}
    // CHECK-NEXT: {{^}}      flags[1] = 1;{{$}}
    // CHECK-NEXT: {{^}}    } orbis_once_end([[O1]]); }{{$}}
  }
}

void standard(int *flags) {
  #pragma omp parallel
  {
    #pragma omp single nowait
    flags[2] = 1;
  }
  // CHECK: {{^}}  #pragma omp parallel{{$}}
  // CHECK-NEXT: {{^}}  {{[{]$}}
  // CHECK-NEXT: {{^}}    #pragma omp single nowait{{$}}
  // CHECK-NEXT: {{^}}    flags[2] = 1;{{$}}
}
// CHECK-NOT: orbis_once
