// Loops without 'schedule(blocked)' inside a blocked loop are plain code:
// a 'for' with 'break' in the pre-block, and inside the instruction block a
// 'for' under a standard '#pragma omp simd' and a 'while' with 'break', are
// copied unchanged; only the instruction block gets the element loop around
// it (the user's names, here 'k', never clash with the generated ones).
// RUN: %orbis-cc --emit-lowered %s | %join-generated %s | grep -v "^ *//" | FileCheck %s
// RUN: %orbis-cc -fsyntax-only %s

void f(int n, int m, double *A, const double *W) {
  // CHECK: {{^}}  for (long long {{__orbis_t[0-9_]+}} = 0;{{.*}} int i = [[F:__orbis_f[0-9_]+]]; do {{[{] [{]$}}
  // CHECK-NEXT: {{^}}    double s = 0;{{$}}
  // CHECK-NEXT: {{^}}    for (int k = 0; k < m; k++){{$}}
  // CHECK-NEXT: {{^}}      if (W[k] < 0){{$}}
  // CHECK-NEXT: {{^}}        break;{{$}}
  // CHECK-NEXT: {{^}}    {{(_Pragma.* )?}}{ { for (i = [[F]]; i {{<|>|!=}} {{__orbis_e[0-9_]+}}; ++i) {
  // CHECK-NEXT: {{^}}    {{[{]$}}
  // CHECK-NEXT: {{^}}      #pragma omp simd reduction(+: s){{$}}
  // CHECK-NEXT: {{^}}      for (int k = 0; k < m; k++){{$}}
  // CHECK-NEXT: {{^}}        s += W[k] * A[i * m + k];{{$}}
  // CHECK-NEXT: {{^}}      int j = 0;{{$}}
  // CHECK-NEXT: {{^}}      while (j < m && A[j] > 0) {{[{]$}}
  // CHECK-NEXT: {{^}}        if (A[j] > 10) break;{{$}}
  // CHECK-NEXT: {{^}}        j++;{{$}}
  // CHECK-NEXT: {{^}}      }{{$}}
  // CHECK-NEXT: {{^}}      A[i] = s + j;{{$}}
  // CHECK-NEXT: {{^}}    } } } i = [[F]]; }{{$}}
  #pragma omp parallel for schedule(blocked, 4)
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int k = 0; k < m; k++)
      if (W[k] < 0)
        break;
    #pragma omp block
    {
      #pragma omp simd reduction(+: s)
      for (int k = 0; k < m; k++)
        s += W[k] * A[i * m + k];
      int j = 0;
      while (j < m && A[j] > 0) {
        if (A[j] > 10) break;
        j++;
      }
      A[i] = s + j;
    }
  }
}
