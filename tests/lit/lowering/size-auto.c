// 'schedule(blocked)' without a size: ORBIS_BLOCK_SIZE_AUTO is passed, so the
// runtime chooses (OMP_BLOCK_SIZE, then its own policy). The element size of
// the arrays indexed in the instruction block goes into the call site as the
// policy's hint: 4 for 'float', 8 for 'double', the largest one when mixed,
// and 8 when nothing is subscripted.
// RUN: %orbis-cc --emit-lowered %s | grep -v "^ *//" | FileCheck %s
// RUN: %orbis-cc -fsyntax-only %s

void sizes(int n, float *F, double *D, char *C) {
  // CHECK: static const orbis_site_t [[S0:__orbis_site[0-9_]+]] = {"{{.*}}size-auto.c:[[@LINE+2]]:3", 0, 4, {{[A-Z_ |0]+}}, {{0|"[^"]*"}}};
  // CHECK-SAME: orbis_loop_init(&{{__orbis_L[0-9_]+}}, &[[S0]], {{.*}}, ORBIS_CMP_LT, {{.*}}, ORBIS_BLOCK_SIZE_AUTO, 1, (long long){{__orbis_ub[0-9_]+}});{{$}}
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++)
    F[i] = 0;
  // CHECK: static const orbis_site_t [[S1:__orbis_site[0-9_]+]] = {"{{.*}}size-auto.c:[[@LINE+2]]:3", 0, 8, {{[A-Z_ |0]+}}, {{0|"[^"]*"}}};
  // CHECK-SAME: orbis_loop_init(&{{__orbis_L[0-9_]+}}, &[[S1]], {{.*}}, ORBIS_CMP_LT, {{.*}}, ORBIS_BLOCK_SIZE_AUTO, 1, (long long){{__orbis_ub[0-9_]+}});{{$}}
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++)
    D[i] = C[i] + F[i];
  // CHECK: static const orbis_site_t [[S2:__orbis_site[0-9_]+]] = {"{{.*}}size-auto.c:[[@LINE+2]]:3", 0, 1, {{[A-Z_ |0]+}}, {{0|"[^"]*"}}};
  // CHECK-SAME: orbis_loop_init(&{{__orbis_L[0-9_]+}}, &[[S2]], {{.*}}, ORBIS_CMP_LT, {{.*}}, ORBIS_BLOCK_SIZE_AUTO, 1, (long long){{__orbis_ub[0-9_]+}});{{$}}
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++)
    C[i] = 0;
  // CHECK: static const orbis_site_t [[S3:__orbis_site[0-9_]+]] = {"{{.*}}size-auto.c:[[@LINE+2]]:3", 0, 8, {{[A-Z_ |0]+}}, {{0|"[^"]*"}}};
  // CHECK-SAME: orbis_loop_init(&{{__orbis_L[0-9_]+}}, &[[S3]], {{.*}}, ORBIS_CMP_LT, {{.*}}, ORBIS_BLOCK_SIZE_AUTO, 1, (long long){{__orbis_ub[0-9_]+}});{{$}}
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++)
    *C = 0;
}
