// '#pragma omp target data map(...)' keeps its sections on the device
// around its statement (a block or a single statement): the nests inside
// find them present. On the CPU it passes through to clang.
// RUN: %orbis-cc --offload=cuda --emit-lowered %s | %join-generated %s | grep -v '// CHECK' | FileCheck %s
// RUN: %orbis-cc --emit-lowered %s | %join-generated %s | grep -v '// CHECK' | FileCheck --check-prefix=HOST %s
// REQUIRES: cuda
#include <omp_blocked.h>

void scale(int n, double *a);

void sweeps(int n, double *a, int t) {
  // CHECK: { orbis_cuda_map_t __orbis_data0[] = {{[{][{]}}"a", (const void *)(a), (const void *)((a) + (0)), (size_t)(n) * sizeof(*(a)), 3, 0}, {0, 0, 0, 0, 0, 0}}; orbis_cuda_data_begin("{{.*}}target-data.c:[[@LINE+2]]:3", __orbis_data0, 1);
  // HOST: {{^}}  #pragma omp target data map(tofrom: a[0:n]){{$}}
  #pragma omp target data map(tofrom: a[0:n])
  {
    for (int s = 0; s < t; s++)
      scale(n, a);
  // CHECK: } orbis_cuda_data_end("{{.*}}target-data.c:[[@LINE-4]]:3", __orbis_data0, 1); }
  }
  // CHECK: orbis_cuda_data_begin("{{.*}}target-data.c:[[@LINE+1]]:3", __orbis_data1, 2);
  #pragma omp target data map(to: a[1:n - 1]) map(from: t)
  scale(n, a);
  // CHECK-NEXT: scale(n, a); orbis_cuda_data_end("{{.*}}target-data.c:[[@LINE-2]]:3", __orbis_data1, 2); }
}

void scale(int n, double *a) {
  #pragma omp parallel for schedule(blocked) map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] *= 2;
}
