// Names the CUDA C++ device code cannot keep: in C, C++ keywords that the
// generated code spells itself or that no macro may rename (`and` is an
// operator in C++), and in either language CUDA's own names. Each is an
// error at its declaration, not nvcc's errors in the generated file. (C++
// keywords that a macro can rename, `this` or `new`, still compile:
// tests/gpu's c_keywords.)
// RUN: not %orbis-cc --offload=cuda -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error:
// REQUIRES: cuda
#include <omp_blocked.h>

// CHECK: device-name-clashes.c:[[#@LINE+1]]:12: error: the name 'bool' cannot be compiled for the GPU: it is a C++ keyword, and the device code is C++: rename it
static int bool = 1;
// CHECK: device-name-clashes.c:[[#@LINE+1]]:12: error: the name 'and' cannot be compiled for the GPU: it is a C++ keyword, and the device code is C++: rename it
static int and = 2;
// CHECK: device-name-clashes.c:[[#@LINE+1]]:15: error: the name 'rsqrt' cannot be compiled for the GPU: CUDA defines that name in device code: rename it
static double rsqrt(double v) { return v; }

void apply(int n, double *a) {
  // CHECK: device-name-clashes.c:[[#@LINE+1]]:7: error: the name 'threadIdx' cannot be compiled for the GPU: CUDA defines that name in device code: rename it
  int threadIdx = bool + and;
  int new = 3;
  #pragma omp parallel for schedule(blocked) map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = rsqrt(a[i]) + threadIdx + new;
}
