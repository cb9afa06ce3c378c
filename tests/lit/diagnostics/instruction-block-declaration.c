// A declaration right after '#pragma omp block' (issue 7, defect 10): it
// would become local to each iteration of the element loops, and a later
// use would fail in the lowered code. An error at the declaration saying
// why and what to write instead; the nest is not analyzed further.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void f(int n, double *A) {
  #pragma omp parallel for schedule(blocked)
  for (int x = 0; x < n; x++) {
    #pragma omp block
    // CHECK: {{^}}{{.*}}instruction-block-declaration.c:[[@LINE+3]]:5: error: a declaration cannot be the instruction block: its variables would be local to each iteration; put the instruction block in braces, with the declaration inside or before it{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+2]] |     double t = A[x];{{$}}
    // CHECK-NEXT: {{^ *}}|     ^{{$}}
    double t = A[x];
    A[0] += t;
  }
}
// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.{{$}}
