// A blocked loop whose body is not a compound statement but starts with a
// directive (an 'atomic', or the nested blocked loop's own directive): the
// code opening the tile ends with a newline so that the directive still
// starts a line (and '#line' restores the directive's line number: the
// generated code's own lines, joined here by %join-generated).
// RUN: %orbis-cc --emit-lowered %s | %join-generated %s | grep -v "^ *//" | FileCheck %s
// RUN: %orbis-cc -fsyntax-only %s

void f(int n, int *A, int *s) {
  // CHECK: {{^}}  for (long long [[T0:__orbis_t[0-9_]+]] = 0; [[T0]] < {{__orbis_L[0-9_]+}}.num_tiles; ++[[T0]]){{$}}
  // CHECK-NEXT: {{^}}    {{(_Pragma.* )?}}{ orbis_tile_t {{.*}} ++i) {
  //
  //
  // CHECK-NEXT: {{^}}#pragma omp atomic seq_cst{{$}}
  // CHECK-NEXT: {{^}}    s[0] += A[i]; } } i = {{__orbis_f[0-9_]+}}; } } } while (0); orbis_tile_leave(&{{__orbis_c[0-9_]+}}); } }{{( _Pragma\("clang diagnostic pop"\))?$}}
  #pragma omp parallel for schedule(blocked, 4)
  for (int i = 0; i < n; i++)
    #pragma omp atomic
    s[0] += A[i];

  // CHECK: {{^}}  for (long long [[T1:__orbis_t[0-9_]+]] = 0; [[T1]] < {{__orbis_L[0-9_]+}}.num_tiles; ++[[T1]]){{$}}
  // CHECK-NEXT: {{^}}    {{(_Pragma.* )?}}{ orbis_tile_t {{.*}} int i = {{__orbis_f[0-9_]+}}; do {
  //
  //
  // CHECK-NEXT: {{^}}    { int {{__orbis_lb[0-9_]+}} = (0); {{.*}}, 2, 1 * {{__orbis_L[0-9_]+}}.tile, {{.*}});{{$}}
  // CHECK-NEXT: {{^}}    for (long long {{__orbis_t[0-9_]+}} = 0;
  // CHECK-NEXT: {{^}}      {{(_Pragma.* )?}}{ orbis_tile_t {{.*}} do { { { { for (i = {{__orbis_f[0-9_]+}}; {{.*}}; ++j) { A[i * n + j] = 0; } }
  #pragma omp parallel for schedule(blocked, 4)
  for (int i = 0; i < n; i++)
    #pragma omp for schedule(blocked, 2)
    for (int j = 0; j < n; j++)
      A[i * n + j] = 0;
}
