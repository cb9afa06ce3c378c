// 'schedule(blocked, size)' with a size that is not a constant: the
// expression, as written, is checked at run time by orbis_block_size_arg
// (which stops the program with the call site if it is below 1) before it
// reaches orbis_loop_init. Function-like macros are left for the compiler.
// RUN: %orbis-cc --emit-lowered %s | grep -v "^ *//" | FileCheck %s
// RUN: %orbis-cc -fsyntax-only %s

#define HALF(x) ((x) / 2)

void sizes(int n, int bs, double *A) {
  // CHECK: static const orbis_site_t [[S0:__orbis_site[0-9_]+]] = {"{{.*}}size-expression.c:[[@LINE+2]]:3", 0, 8};
  // CHECK-SAME: ORBIS_CMP_LT, {{.*}}, orbis_block_size_arg((long long)(bs), &[[S0]]), 1, (long long){{__orbis_ub[0-9_]+}});{{$}}
  #pragma omp parallel for schedule(blocked, bs)
  for (int i = 0; i < n; i++)
    A[i] = 0;
  // CHECK: static const orbis_site_t [[S1:__orbis_site[0-9_]+]] = {"{{.*}}size-expression.c:[[@LINE+2]]:3", 0, 8};
  // CHECK-SAME: ORBIS_CMP_LT, {{.*}}, orbis_block_size_arg((long long)(n / 4 + 1), &[[S1]]), 1, (long long){{__orbis_ub[0-9_]+}});{{$}}
  #pragma omp parallel for schedule(blocked, n / 4 + 1)
  for (int i = 0; i < n; i++)
    A[i] = 0;
  // CHECK: static const orbis_site_t [[S2:__orbis_site[0-9_]+]] = {"{{.*}}size-expression.c:[[@LINE+2]]:3", 0, 8};
  // CHECK-SAME: ORBIS_CMP_LT, {{.*}}, orbis_block_size_arg((long long)(HALF(n)), &[[S2]]), 1, (long long){{__orbis_ub[0-9_]+}});{{$}}
  #pragma omp parallel for schedule(blocked, HALF(n))
  for (int i = 0; i < n; i++)
    A[i] = 0;
}
