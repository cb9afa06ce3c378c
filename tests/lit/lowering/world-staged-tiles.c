// Staged tiles (docs/lowering.md, "Staged tiles"): a blocked nest inside a
// world loop whose world subscripts are its loop variables plus constants
// copies each tile's footprint and halo in with one box load per world
// pointer (the part the tile writes left out), computes on the copy and
// stores the written box; the element path stays as the `else`. For an
// array the process owns (orbis_world_local_frame) the tile computes in
// place: the buffer is the array's own memory, seen as a frame over the
// whole array, its rows the pitch, and the loads and the store only wait
// and publish; an array it only reads is read in place also where another
// process on the host owns it (orbis_world_read_frame). Nests that cannot be staged keep the element path only and
// say why.
// RUN: %orbis-cc --emit-lowered %s | grep -v '// CHECK' | FileCheck %s
// RUN: %orbis-cc -c %s -o %t.o
#include <omp_world.h>

void sweeps(int N, int T) {
  double (*Vs[T + 1])[N];
  #pragma omp world_parallel for world(Vs)
  for (int t = 1; t <= T; t++) {
    Vs[t] = omp_world_malloc(N);
    // CHECK: staged tile (docs/lowering.md, "Staged tiles")
    // CHECK-NEXT: orbis_world_ptr_t __orbis_sp0 = orbis_world_get_ptr_staged(__orbis_w0_Vs, (unsigned long long)(t), "{{.*}}", [[@LINE+33]]); const long long __orbis_sf0_0 = (long long)(__orbis_f0_0) + (-1LL), __orbis_sn0_0 = (long long)(__orbis_e0_0) + (0LL) - __orbis_sf0_0; const long long __orbis_sf0_1 = (long long)(__orbis_f0_1) + (-1LL), __orbis_sn0_1 = (long long)(__orbis_e0_1) + (0LL) - __orbis_sf0_1; const unsigned long long __orbis_so0 = 0ULL;
    // CHECK-NEXT: orbis_world_ptr_t __orbis_sp1 = orbis_world_get_ptr_staged(__orbis_w0_Vs, (unsigned long long)(t - 1), "{{.*}}", [[@LINE+32]]); const long long __orbis_sf1_0 = (long long)(__orbis_f0_0) + (0LL), __orbis_sn1_0 = (long long)(__orbis_e0_0) + (1LL) - __orbis_sf1_0; const long long __orbis_sf1_1 = (long long)(__orbis_f0_1) + (0LL), __orbis_sn1_1 = (long long)(__orbis_e0_1) + (1LL) - __orbis_sf1_1;
    // CHECK-NEXT: const orbis_world_view_t __orbis_sv0 = {0, 2, {{[{]}}(long long)(sizeof((*(__typeof__(Vs[0]))0)) / sizeof(double)), (long long)(sizeof((*(__typeof__(Vs[0]))0)[0]) / sizeof(double))}}; const orbis_world_box_t __orbis_sfr0 = {{[{][{]}}__orbis_sf0_0, __orbis_sf0_1}, {__orbis_sf0_0 + __orbis_sn0_0, __orbis_sf0_1 + __orbis_sn0_1}};
    // CHECK-NEXT: const orbis_world_view_t __orbis_sv1 =
    // A tile whose frame reaches past the array (a guarded read at the
    // border) takes the element path.
    // CHECK-NEXT: unsigned char *__orbis_sm = orbis_world_staging() && !orbis_world_same_allocation(__orbis_sp1, __orbis_sp0) && orbis_world_frame_inside(__orbis_sp0, &__orbis_sv0, &__orbis_sfr0) && orbis_world_frame_inside(__orbis_sp1, &__orbis_sv1, &__orbis_sfr1) ? (unsigned char *)malloc(
    // CHECK-NEXT: if (__orbis_sm) {
    // CHECK: orbis_world_box_t __orbis_sa0; double *const __orbis_sd0 = (double *)orbis_world_local_frame(__orbis_sp0, &__orbis_sv0, &__orbis_sa0); const long long __orbis_sq0_1 = __orbis_sd0 ? __orbis_sa0.hi[1] : __orbis_sn0_1;
    // CHECK-NEXT: double *const __orbis_sb0 = __orbis_sd0 ? __orbis_sd0 + ((__orbis_sf0_0) * __orbis_sq0_1 + __orbis_sf0_1) : (double *)(__orbis_sm + __orbis_so0); double *const __orbis_sx0 = __orbis_sd0 ? __orbis_sd0 : __orbis_sb0; const orbis_world_box_t *const __orbis_sg0 = __orbis_sd0 ? &__orbis_sa0 : &__orbis_sfr0;
    // CHECK-NEXT: const orbis_world_box_t __orbis_sw0 = {{[{][{]}}(long long)(__orbis_f0_0) + (0LL), (long long)(__orbis_f0_1) + (0LL)}, {(long long)(__orbis_e0_0) + (0LL), (long long)(__orbis_e0_1) + (0LL)}};
    // CHECK-NEXT: const orbis_world_box_t __orbis_sr0[2] = {{[{][{][{]}}(long long)(__orbis_f0_0) + (-1LL), (long long)(__orbis_f0_1) + (0LL)}, {(long long)(__orbis_e0_0) + (-1LL), (long long)(__orbis_e0_1) + (0LL)}}, {{[{][{]}}(long long)(__orbis_f0_0) + (0LL), (long long)(__orbis_f0_1) + (-1LL)}, {(long long)(__orbis_e0_0) + (0LL), (long long)(__orbis_e0_1) + (-1LL)}}};
    // CHECK-NEXT: orbis_world_load_boxes_at(__orbis_sp0, &__orbis_sv0, __orbis_sr0, 2, &__orbis_sw0, __orbis_sx0, __orbis_sg0, "{{.*}}", [[@LINE+21]]);
    // CHECK: orbis_world_box_t __orbis_sa1; double *const __orbis_sd1 = (double *)orbis_world_read_frame(__orbis_sp1, &__orbis_sv1, &__orbis_sa1);
    // CHECK: orbis_world_load_boxes_at(__orbis_sp1, &__orbis_sv1, __orbis_sr1, 2, 0, __orbis_sx1, __orbis_sg1, "{{.*}}", [[@LINE+19]]);
    // The staged tile keeps the left and upper neighbours in registers: a
    // copy of the block on the buffers for whole groups, the block as
    // written recording its value otherwise.
    // CHECK-NEXT: /* tile order: 6 rows 2 columns apart, rows in lockstep, lag 1 (distances (0, 1) (1, 0)), 2 reads from registers */ __typeof__(__orbis_sb0[(((long long)(x) - __orbis_sf0_0)) * __orbis_sq0_1 + ((long long)(y) - __orbis_sf0_1)]) __orbis_v0[6] = {0}, __orbis_h0_1[6] = {0}, __orbis_h0_2[6] = {0};
    // CHECK-SAME: __orbis_v0[__orbis_r0] = __orbis_sb0[(((long long)(x) - __orbis_sf0_0)) * __orbis_sq0_1 + ((long long)(y - 1) - __orbis_sf0_1)]; }
    // CHECK-SAME: for (; __orbis_k0 < __orbis_cols0; ++__orbis_k0, ++__orbis_yb0, __orbis_h0_2[0] = __orbis_h0_1[0], {{.*}}, __orbis_h0_1[5] = __orbis_v0[5]) for (__orbis_r0 = 6LL - 1; __orbis_r0 >= 0; --__orbis_r0) { (void)(x = __orbis_xb0 + (int)__orbis_r0); (void)(y = __orbis_yb0 - 2 * (int)__orbis_r0); __orbis_sb0[(((long long)(x) - __orbis_sf0_0)) * __orbis_sq0_1 + ((long long)(y) - __orbis_sf0_1)] = (__orbis_v0[__orbis_r0] = (0.25 * ((__orbis_r0 >= 1 ? __orbis_h0_2[__orbis_r0 - 1] : (__orbis_sb0[(((long long)(x - 1) - __orbis_sf0_0)) * __orbis_sq0_1 + ((long long)(y) - __orbis_sf0_1)])) + __orbis_sb1[(((long long)(x + 1) - __orbis_sf1_0)) * __orbis_sq1_1 + ((long long)(y) - __orbis_sf1_1)] + __orbis_v0[__orbis_r0] + __orbis_sb1[(((long long)(x) - __orbis_sf1_0)) * __orbis_sq1_1 + ((long long)(y + 1) - __orbis_sf1_1)]))); }
    // CHECK-SAME: ((void)(x = (__typeof__(__orbis_f0_0))(__orbis_f0_0 + (__orbis_g0 + __orbis_r0))), (void)(y = (__typeof__(__orbis_f0_1))(__orbis_f0_1 + (__orbis_k0 - 2 * __orbis_r0))), 1)) {
    // CHECK-NEXT: #line [[@LINE+11]]
    // CHECK-NEXT: (__orbis_sb0[(((long long)(x) - __orbis_sf0_0)) * __orbis_sq0_1 + ((long long)(y) - __orbis_sf0_1)] = ((__orbis_v0[__orbis_r0] = (0.25 * (__orbis_sb0[(((long long)(x - 1) - __orbis_sf0_0)) * __orbis_sq0_1 + ((long long)(y) - __orbis_sf0_1)] + __orbis_sb1[(((long long)(x + 1) - __orbis_sf1_0)) * __orbis_sq1_1 + ((long long)(y) - __orbis_sf1_1)] + __orbis_sb0[(((long long)(x) - __orbis_sf0_0)) * __orbis_sq0_1 + ((long long)(y - 1) - __orbis_sf0_1)] + __orbis_sb1[(((long long)(x) - __orbis_sf1_0)) * __orbis_sq1_1 + ((long long)(y + 1) - __orbis_sf1_1)]))))); } }
    // CHECK-NEXT: orbis_world_store_box_at(__orbis_sp0, &__orbis_sv0, &__orbis_sw0, __orbis_sx0, __orbis_sg0, "{{.*}}", [[@LINE+9]]);
    // CHECK-NEXT: if (__orbis_sd0) orbis_world_local_done(__orbis_sp0);
    // CHECK-NEXT: if (__orbis_sd1) orbis_world_read_done_at(__orbis_sp1, "{{.*}}", [[@LINE+7]]);
    // CHECK-NEXT: free(__orbis_sm);
    // CHECK-NEXT: } else /* tile order: 6 rows 2 columns apart, rows in lockstep, lag 1 (distances (0, 1) (1, 0)) */ for (long long __orbis_g0 = 0, {{.*}}, 1)) {
    #pragma omp parallel for schedule(blocked)
    for (int x = 1; x < N - 1; x++)
      #pragma omp for schedule(blocked)
      for (int y = 1; y < N - 1; y++)
        Vs[t][x][y] = 0.25 * (Vs[t][x - 1][y] + Vs[t - 1][x + 1][y] + Vs[t][x][y - 1] + Vs[t - 1][x][y + 1]);

    // CHECK: /* element path only: loop 'x' does not count up by 1 */
    #pragma omp parallel for schedule(blocked)
    for (int x = 1; x < N - 1; x += 2)
      Vs[t][x][0] = Vs[t - 1][x][0];

    // An invariant subscript after the loop variable's: a box one column wide.
    // CHECK: orbis_world_ptr_t __orbis_sp0 = orbis_world_get_ptr_staged(__orbis_w0_Vs, (unsigned long long)(t), "{{.*}}", [[@LINE+5]]); const long long __orbis_sf0_0 = (long long)(__orbis_f2_0) + (0LL), __orbis_sn0_0 = (long long)(__orbis_e2_0) + (0LL) - __orbis_sf0_0; const long long __orbis_sf0_1 = (long long)(N - 1) + (0LL), __orbis_sn0_1 = (long long)(N - 1) + 1 + (0LL) - __orbis_sf0_1;
    // CHECK: const orbis_world_box_t __orbis_sr1[1] = {{[{][{][{]}}(long long)(__orbis_f2_0) + (0LL), (long long)(N - 1) + (0LL)}, {(long long)(__orbis_e2_0) + (0LL), (long long)(N - 1) + 1 + (0LL)}}};
    // CHECK: orbis_world_load_boxes_at(__orbis_sp1, &__orbis_sv1, __orbis_sr1, 1, 0, __orbis_sx1, __orbis_sg1, "{{.*}}", [[@LINE+3]]);
    #pragma omp parallel for schedule(blocked)
    for (int x = 1; x < N - 1; x++)
      Vs[t][x][N - 1] = Vs[t - 1][x][N - 1];

    // CHECK: /* element path only: subscript 'x' of 'Vs[t - 1][x][x]' varies in the nest after every loop variable has its subscript */
    #pragma omp parallel for schedule(blocked)
    for (int x = 1; x < N - 1; x++)
      Vs[t][0][x] = Vs[t - 1][x][x];

    // CHECK: /* element path only: 'Vs[t][1][x]' is not written by every iteration (not a statement of its own in the instruction block) */
    #pragma omp parallel for schedule(blocked)
    for (int x = 1; x < N - 1; x++)
      if (x > 2)
        Vs[t][1][x] = 1.0;

    // CHECK: /* element path only: two writes of one world array ('Vs[t][2][x + 1]') */
    #pragma omp parallel for schedule(blocked)
    for (int x = 1; x < N - 1; x++) {
      Vs[t][2][x] = 1.0;
      Vs[t][2][x + 1] = 1.0;
    }

    // CHECK: /* element path only: a read at offset (1) of the world array written at offset (0) is not earlier in the tile */
    #pragma omp parallel for schedule(blocked)
    for (int x = 1; x < N - 1; x++)
      Vs[t][3][x] = Vs[t][3][x + 1];

    // CHECK: /* element path only: a jump or label in the instruction block */
    #pragma omp parallel for schedule(blocked)
    for (int x = 1; x < N - 1; x++) {
      if (x == 5)
        continue;
      Vs[t][4][x] = 2.0;
    }

    // CHECK: /* element path only: 'omp_world_free(Vs[x])' allocates or frees world memory */
    #pragma omp parallel for schedule(blocked)
    for (int x = 1; x < t; x++)
      omp_world_free(Vs[x]);
  }
}
