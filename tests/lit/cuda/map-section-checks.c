// Before a launch, the host checks that each pointer's map section holds
// the rows the instruction block touches at every iteration: per loop
// level, the smallest and the largest constant added to the loop variable
// (and constant subscripts apart), named by their accesses. Reads behind a
// `?:`, `&&`, `if` or an inner loop are not checked (the program guards
// them), nor subscripts the model cannot follow; a nest whose loops have
// no iterations checks nothing.
// RUN: %orbis-cc --offload=cuda --emit-lowered %s | grep -v '// CHECK' | FileCheck %s
// REQUIRES: cuda
#include <omp_blocked.h>

void stencil(int n, int lo, double (*A)[n], double (*B)[n], double *C) {
  // CHECK: if (__orbis_loops0[0].trip > 0 && __orbis_loops0[1].trip > 0) {
  // CHECK-NEXT: orbis_cuda_check_section("B", (const void *)B, sizeof(*B), (long long)(0), (long long)(n), "{{.*}}map-section-checks.c:[[@LINE+8]]:3", &__orbis_loops0[0], __orbis_lbs0[0], 0LL, "{{.*}}map-section-checks.c:[[@LINE+13]]:7", "B[x][y]", 0LL, "{{.*}}map-section-checks.c:[[@LINE+13]]:7", "B[x][y]");
  // CHECK-NEXT: orbis_cuda_check_section("A", (const void *)A, sizeof(*A), (long long)(lo), (long long)(n - lo), "{{.*}}map-section-checks.c:[[@LINE+7]]:3", 0, 0, 3LL, "{{.*}}map-section-checks.c:[[@LINE+12]]:45", "A[3][y]", 3LL, "{{.*}}map-section-checks.c:[[@LINE+12]]:45", "A[3][y]");
  // CHECK-NEXT: orbis_cuda_check_section("A", (const void *)A, sizeof(*A), (long long)(lo), (long long)(n - lo), "{{.*}}map-section-checks.c:[[@LINE+6]]:3", &__orbis_loops0[0], __orbis_lbs0[0], -1LL, "{{.*}}map-section-checks.c:[[@LINE+11]]:17", "A[x - 1][y]", 2LL, "{{.*}}map-section-checks.c:[[@LINE+11]]:31", "A[x + 2][y]");
  // `C[x * y]` is not followed; `C[0 + x]` is.
  // CHECK-NEXT: orbis_cuda_check_section("C", (const void *)C, sizeof(*C), (long long)(0), (long long)(n), "{{.*}}map-section-checks.c:[[@LINE+4]]:3", &__orbis_loops0[0], __orbis_lbs0[0], 0LL, "{{.*}}map-section-checks.c:[[@LINE+11]]:28", "C[0 + x]", 0LL, "{{.*}}map-section-checks.c:[[@LINE+11]]:28", "C[0 + x]");
  // CHECK-NOT: check_section
  // CHECK: }
  // CHECK-NEXT: __orbis_cuda_nest0_
  #pragma omp parallel for schedule(blocked) map(to: A[lo:n - lo], C[0:n]) map(from: B[0:n])
  for (int x = 1; x < n - 2; x++)
    #pragma omp for schedule(blocked)
    for (int y = 0; y < n; y++) {
      #pragma omp block
      B[x][y] = A[x - 1][y] + A[x + 2][y] + A[3][y] +
                (x > 5 ? A[x - 7][y] : 0) + (x < 9 && A[x + 9][y] > 0) +
                C[x * y] + C[0 + x];
    }
}
