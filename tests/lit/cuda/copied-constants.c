// A constant that a function copied to the device reads is not in the
// generated .cu (nvcc: "identifier 'scale' is undefined"): its value is
// printed in its place, floating values in hexadecimal so that the device
// computes with the very same bits. C's `restrict` is CUDA C++'s
// `__restrict` (nvcc: expected a ")").
// RUN: %orbis-cc --offload=cuda --emit-lowered %s | grep -v '// CHECK' | FileCheck %s
// The static functions here are called only in GPU nests: the host keeps
// a reference to each, so -Wunused-function stays quiet.
// RUN: %orbis-cc --offload=cuda -Wall -Werror -c %s -o %t.o
// REQUIRES: cuda
#include <omp_blocked.h>

static const double scale = 0.1;
static const float shrink = 0.75f;
static const int offset = -3;
static const unsigned long long big = 18446744073709551615ULL;

// CHECK: static __device__ double adjusted(double v)
// CHECK: return v * ((double)0x1.999999999999ap-4) * ((double)(((float)0x1.8p-1f))) + ((double)(((int)-3LL))) + ((double)((((unsigned long long)18446744073709551615ULL) % ((unsigned long long)(7)))));
static double adjusted(double v) {
  return v * scale * shrink + offset + (double)(big % 7);
}

void apply(int n, double *a) {
  #pragma omp parallel for schedule(blocked) map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = adjusted(a[i]);
}

// CHECK: static __device__ void axpy(int k, double *__restrict y, const double *__restrict x)
static void axpy(int k, double *restrict y, const double *restrict x) {
  for (int j = 0; j < k; j++)
    y[j] += x[j];
}

void accumulate(int n, double *a, double *b) {
  #pragma omp parallel for schedule(blocked) map(tofrom: a[0:n], b[0:n])
  for (int i = 0; i < n; i++) {
    double *restrict p = &a[i];
    // CHECK: double *__restrict p = &a[i];
    axpy(1, p, &b[i]);
  }
}
