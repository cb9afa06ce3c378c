// In a file that uses the extensions, standard OpenMP directives outside
// tiled nests are copied verbatim (spelling, spacing, clauses, line
// continuations), and so are '#pragma' lines of other namespaces; only the
// blocked loop is rewritten.
// RUN: %orbis-cc --emit-lowered %s | %join-generated %s | grep -v "^ *//" | FileCheck %s
// RUN: %orbis-cc -fsyntax-only %s

void work(int n, double *A, double *B, int *c) {
  #pragma omp parallel for schedule(static, 4) num_threads(2)
  for (int i = 0; i < n; i++)
    A[i] = 0;
  // CHECK: {{^}}  #pragma omp parallel for schedule(static, 4) num_threads(2){{$}}
  // CHECK-NEXT: {{^}}  for (int i = 0; i < n; i++){{$}}
  // CHECK-NEXT: {{^}}    A[i] = 0;{{$}}
  #pragma omp parallel
  {
    #pragma omp for schedule(dynamic) nowait
    for (int i = 0; i < n; i++)
      B[i] = 1;
    #pragma omp barrier
    #pragma omp single
    c[0] = 1;
    #pragma omp critical (name)
    c[1] += 1;
    #pragma omp atomic
    c[2]++;
  }
  // CHECK-NEXT: {{^}}  #pragma omp parallel{{$}}
  // CHECK-NEXT: {{^}}  {{[{]$}}
  // CHECK-NEXT: {{^}}    #pragma omp for schedule(dynamic) nowait{{$}}
  // CHECK-NEXT: {{^}}    for (int i = 0; i < n; i++){{$}}
  // CHECK-NEXT: {{^}}      B[i] = 1;{{$}}
  // CHECK-NEXT: {{^}}    #pragma omp barrier{{$}}
  // CHECK-NEXT: {{^}}    #pragma omp single{{$}}
  // CHECK-NEXT: {{^}}    c[0] = 1;{{$}}
  // CHECK-NEXT: {{^}}    #pragma omp critical (name){{$}}
  // CHECK-NEXT: {{^}}    c[1] += 1;{{$}}
  // CHECK-NEXT: {{^}}    #pragma omp atomic{{$}}
  // CHECK-NEXT: {{^}}    c[2]++;{{$}}
  // CHECK-NEXT: {{^}}  }{{$}}
  #pragma omp simd \
      reduction(+: c[0:1])
  for (int i = 0; i < n; i++)
    c[0] += i;
  // CHECK-NEXT: {{^}}  #pragma omp simd \{{$}}
  // CHECK-NEXT: {{^}}      reduction(+: c[0:1]){{$}}
  // CHECK-NEXT: {{^}}  for (int i = 0; i < n; i++){{$}}
  #pragma GCC diagnostic push
  #pragma clang loop unroll(disable)
  for (int i = 0; i < n; i++)
    B[i] = A[i];
  #pragma GCC diagnostic pop
  // CHECK: {{^}}  #pragma GCC diagnostic push{{$}}
  // CHECK-NEXT: {{^}}  #pragma clang loop unroll(disable){{$}}
  // CHECK-NEXT: {{^}}  for (int i = 0; i < n; i++){{$}}
  // CHECK-NEXT: {{^}}    B[i] = A[i];{{$}}
  // CHECK-NEXT: {{^}}  #pragma GCC diagnostic pop{{$}}
  #pragma omp parallel for schedule(blocked, 16)
  for (int i = 0; i < n; i++)
    A[i] += B[i];
  // CHECK-NEXT: {{^}}  {{(_Pragma.* )?}}{ int {{__orbis_lb[0-9_]+}} = (0);
  #pragma omp task
  c[3] = 1;
  #pragma omp taskwait
  // CHECK: {{^}}  #pragma omp task{{$}}
  // CHECK-NEXT: {{^}}  c[3] = 1;{{$}}
  // CHECK-NEXT: {{^}}  #pragma omp taskwait{{$}}
}
