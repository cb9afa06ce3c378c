// An error inside an extension directive that a macro produces is reported
// at the macro invocation, where the directive takes effect: both for
// '#define P _Pragma("omp ...")' and for the stringizing idiom
// 'OMP(x) -> _Pragma(#x)' (never only at the '#define' line or in
// '<scratch space>').
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck %s

#define P _Pragma("omp parallel for schedule(blocked, 0)")
#define PRAGMA(x) _Pragma(#x)
#define OMP(x) PRAGMA(omp x)

void object_like(int n, double *A) {
  // CHECK: {{^}}{{.*}}pragma-from-macro-location.c:[[@LINE+1]]:3: {{error|note}}:
  P
  for (int i = 0; i < n; i++) A[i] = 0;
}

void stringized(int n, double *A) {
  // CHECK: {{^}}{{.*}}pragma-from-macro-location.c:[[@LINE+1]]:3: {{error|note}}:
  OMP(parallel for schedule(blocked, -1))
  for (int i = 0; i < n; i++) A[i] = 0;
}

// CHECK-NOT: <scratch space>:{{[0-9]+}}:{{[0-9]+}}: error
// CHECK: 2 errors generated.
