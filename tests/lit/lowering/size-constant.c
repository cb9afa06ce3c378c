// 'schedule(blocked, size)' with a constant size: the value is evaluated at
// compile time and passed to orbis_loop_init as a literal, whether written as
// a literal, as a constant expression '2 * 8', or through an object-like
// macro (OpenMP pragma tokens are macro-expanded).
// RUN: %orbis-cc --emit-lowered %s | grep -v "^ *//" | FileCheck %s
// RUN: %orbis-cc -fsyntax-only %s

#define TILE 32

void sizes(int n, double *A) {
  // CHECK: orbis_loop_init(&{{__orbis_L[0-9_]+}}, {{.*}}, ORBIS_CMP_LT, {{.*}}, 16, 1, (long long){{__orbis_ub[0-9_]+}});{{$}}
  #pragma omp parallel for schedule(blocked, 16)
  for (int i = 0; i < n; i++)
    A[i] = 0;
  // CHECK: orbis_loop_init(&{{__orbis_L[0-9_]+}}, {{.*}}, ORBIS_CMP_LT, {{.*}}, 16, 1, (long long){{__orbis_ub[0-9_]+}});{{$}}
  #pragma omp parallel for schedule(blocked, 2 * 8)
  for (int i = 0; i < n; i++)
    A[i] = 0;
  // CHECK: orbis_loop_init(&{{__orbis_L[0-9_]+}}, {{.*}}, ORBIS_CMP_LT, {{.*}}, 32, 1, (long long){{__orbis_ub[0-9_]+}});{{$}}
  #pragma omp parallel for schedule(blocked, TILE)
  for (int i = 0; i < n; i++)
    A[i] = 0;
  // CHECK: orbis_loop_init(&{{__orbis_L[0-9_]+}}, {{.*}}, ORBIS_CMP_LT, {{.*}}, 3, 1, (long long){{__orbis_ub[0-9_]+}});{{$}}
  #pragma omp parallel for schedule(blocked, (7 - 1) / 2)
  for (int i = 0; i < n; i++)
    A[i] = 0;
}
// CHECK-NOT: orbis_block_size_arg
// CHECK-NOT: ORBIS_BLOCK_SIZE_AUTO
