// 'world_parallel for' on the element path (docs/lowering.md, "World
// loops"): the iterations dealt cyclically, the variables of world(list) in
// world memory shared by all processes, every world access a typed accessor
// naming its line, the construct's end a barrier before its variables'
// memory goes. A pointer variable is one world pointer; an array of
// pointers, one per element; the pointee's type gives the strides.
// RUN: %orbis-cc --emit-lowered %s | %join-generated %s | grep -v '// CHECK' | FileCheck %s
#include <omp_world.h>

// CHECK: #include <orbis/world_access.h>
int sweep(int N, int T) {
  double (*Vs[T + 1])[N];
  double *last;
  // CHECK-NOT: #pragma omp world_parallel
  // CHECK: { orbis_world_init_at("{{.*}}world-element-path.c", [[@LINE+6]]);
  // CHECK-NEXT: orbis_world_ptr_t __orbis_w0_Vs = orbis_world_shared_at(sizeof(Vs) / sizeof(Vs[0]), sizeof(orbis_world_ptr_t), "{{.*}}world-element-path.c", [[@LINE+5]]);
  // CHECK-NEXT: orbis_world_ptr_t __orbis_w0_last = orbis_world_shared_at(1, sizeof(orbis_world_ptr_t), "{{.*}}world-element-path.c", [[@LINE+4]]);
  // CHECK-NEXT: orbis_world_ptr_t __orbis_wcount0 = orbis_world_shared_at(1, 8, "{{.*}}world-element-path.c", [[@LINE+3]]);
  // CHECK-NEXT: long long __orbis_wi0 = 0;
  // CHECK: for (int t = 1; t <= T; t++) { if (__orbis_wi0++ % orbis_world_size() != orbis_world_rank()) continue;
  #pragma omp world_parallel for world(Vs, last)
  for (int t = 1; t <= T; t++) {
    // CHECK: orbis_world_put_ptr(__orbis_w0_Vs, (unsigned long long)(t), orbis_world_malloc_at((N) * (sizeof((*(__typeof__(Vs[0]))0)) / sizeof(double)), sizeof(double), "{{.*}}", [[@LINE+1]]), "{{.*}}", [[@LINE+1]]);
    Vs[t] = omp_world_malloc(N);
    // CHECK: orbis_world_put_double(orbis_world_get_ptr(__orbis_w0_Vs, (unsigned long long)(t), "{{.*}}", [[@LINE+1]]), (unsigned long long)(1) * (sizeof((*(__typeof__(Vs[0]))0)) / sizeof(double)) + (unsigned long long)(2) * (sizeof((*(__typeof__(Vs[0]))0)[0]) / sizeof(double)), (0.5 * orbis_world_get_double(orbis_world_get_ptr(__orbis_w0_Vs, (unsigned long long)(t - 1), "{{.*}}", [[@LINE+1]]), (unsigned long long)(1) * (sizeof((*(__typeof__(Vs[0]))0)) / sizeof(double)) + (unsigned long long)(2) * (sizeof((*(__typeof__(Vs[0]))0)[0]) / sizeof(double)), "{{.*}}", [[@LINE+1]])), "{{.*}}", [[@LINE+1]]);
    Vs[t][1][2] = 0.5 * Vs[t - 1][1][2];
    if (t == T) {
      // CHECK: orbis_world_put_ptr(__orbis_w0_last, 0, orbis_world_malloc_at((4) * (sizeof((*(__typeof__(last))0)) / sizeof(double)), sizeof(double), "{{.*}}", [[@LINE+1]]), "{{.*}}", [[@LINE+1]]);
      last = omp_world_malloc(4);
      // CHECK: orbis_world_put_double(orbis_world_get_ptr(__orbis_w0_last, 0, "{{.*}}", [[@LINE+1]]), (unsigned long long)(3) * (sizeof((*(__typeof__(last))0)) / sizeof(double)), (1.0), "{{.*}}", [[@LINE+1]]);
      last[3] = 1.0;
      // CHECK: orbis_world_free_at(orbis_world_get_ptr(__orbis_w0_Vs, (unsigned long long)(t - 1), "{{.*}}", [[@LINE+1]]), "{{.*}}", [[@LINE+1]]);
      omp_world_free(Vs[t - 1]);
    }
  }
  // CHECK: orbis_world_same_count_at(__orbis_wcount0, __orbis_wi0, "{{.*}}world-element-path.c", [[@LINE-15]]);
  // CHECK-NEXT: orbis_world_end_at("{{.*}}world-element-path.c", [[@LINE-16]]); orbis_world_shared_free_at(__orbis_wcount0, "{{.*}}", [[@LINE-16]]); orbis_world_shared_free_at(__orbis_w0_Vs, "{{.*}}", [[@LINE-16]]); orbis_world_shared_free_at(__orbis_w0_last, "{{.*}}", [[@LINE-16]]); }
  return 0;
}
