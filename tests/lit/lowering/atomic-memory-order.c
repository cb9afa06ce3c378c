// '#pragma omp atomic' inside a blocked loop (pre-block, instruction block or
// post-block) gets ' seq_cst' appended when it has no memory-order clause, after
// any other clause ('update', 'read'); one with an explicit memory order
// ('relaxed', 'acquire', 'seq_cst') is left unchanged, and an atomic outside
// any blocked loop is not touched.
// RUN: %orbis-cc --emit-lowered %s | grep -v "^ *//" | FileCheck %s
// RUN: %orbis-cc -fsyntax-only %s

void counters(int n, int *A, int *s) {
  #pragma omp atomic
  s[0]++;
  // CHECK: {{^}}  #pragma omp atomic{{$}}
  // CHECK-NEXT: {{^}}  s[0]++;{{$}}
  #pragma omp parallel for schedule(blocked, 4)
  for (int i = 0; i < n; i++) {
    #pragma omp atomic
    s[1] += 1;
    // CHECK: {{^}}    #pragma omp atomic seq_cst{{$}}
    // CHECK-NEXT: {{^}}    s[1] += 1;{{$}}
    #pragma omp atomic relaxed
    s[2]++;
    // CHECK-NEXT: {{^}}    #pragma omp atomic relaxed{{$}}
    // CHECK-NEXT: {{^}}    s[2]++;{{$}}
    #pragma omp block
    {
      #pragma omp atomic update
      s[3]++;
      #pragma omp atomic read acquire
      A[i] = s[4];
      #pragma omp atomic seq_cst
      s[5]++;
    }
    // CHECK: {{^}}      #pragma omp atomic update seq_cst{{$}}
    // CHECK-NEXT: {{^}}      s[3]++;{{$}}
    // CHECK-NEXT: {{^}}      #pragma omp atomic read acquire{{$}}
    // CHECK-NEXT: {{^}}      A[i] = s[4];{{$}}
    // CHECK-NEXT: {{^}}      #pragma omp atomic seq_cst{{$}}
    // CHECK-NEXT: {{^}}      s[5]++;{{$}}
    #pragma omp atomic read
    A[i] = s[6];
    // CHECK: {{^}}    #pragma omp atomic read seq_cst{{$}}
    // CHECK-NEXT: {{^}}    A[i] = s[6];{{$}}
  }
  #pragma omp atomic update
  s[7]++;
  // CHECK: {{^}}  #pragma omp atomic update{{$}}
  // CHECK-NEXT: {{^}}  s[7]++;{{$}}
}
