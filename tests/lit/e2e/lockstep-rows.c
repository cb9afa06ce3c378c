// Rows in lockstep on a core (docs/lowering.md): where every dependence of
// a two-level nest's instruction block is known, a tile's rows run 6 at a
// time, each one column behind the row above. Each kernel below must be
// bit-identical to its sequential loops at sizes that leave short groups and
// partial tiles (one thread: the tiles run in order, so no user waits are
// needed), and ORBIS_VERBOSE names the order each nest got, with the reason
// where it keeps the plain one.
//
// RUN: %orbis-cc -O2 %s -o %t
// RUN: env OMP_NUM_THREADS=1 %t 47 53 | FileCheck --check-prefix=OUT %s
// RUN: env OMP_NUM_THREADS=1 OMP_BLOCK_SIZE=7,5 %t 47 53 | FileCheck --check-prefix=OUT %s
// RUN: env OMP_NUM_THREADS=1 OMP_BLOCK_SIZE=1,1 %t 20 9 | FileCheck --check-prefix=OUT %s
// RUN: env OMP_NUM_THREADS=1 OMP_BLOCK_SIZE=6,100 %t 31 130 | FileCheck --check-prefix=OUT %s
// RUN: env OMP_NUM_THREADS=1 OMP_BLOCK_SIZE=13,2 %t 3 3 | FileCheck --check-prefix=OUT %s
// Whole groups whose tiles are narrower than the fill (4 columns), as wide
// (5), one wider (6): the fill, steady and drain steps meet.
// RUN: env OMP_NUM_THREADS=1 OMP_BLOCK_SIZE=12,4 %t 40 41 | FileCheck --check-prefix=OUT %s
// RUN: env OMP_NUM_THREADS=1 OMP_BLOCK_SIZE=18,5 %t 40 41 | FileCheck --check-prefix=OUT %s
// RUN: env OMP_NUM_THREADS=1 OMP_BLOCK_SIZE=6,6 %t 40 41 | FileCheck --check-prefix=OUT %s
// RUN: env OMP_NUM_THREADS=1 ORBIS_VERBOSE=1 %t 47 53 2>&1 >/dev/null | FileCheck --check-prefix=VERBOSE %s
// RUN: %orbis-cc --emit-lowered %s | grep -v '^ *//' | FileCheck --check-prefix=LOWERED %s
#include <omp_blocked.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX = 160 };
static double A[MAX][MAX], R[MAX][MAX];
static long sum;

static void fill(int n, int m) {
  for (int x = 0; x < n; x++)
    for (int y = 0; y < m; y++)
      A[x][y] = R[x][y] = (double)((x * 31 + y * 17) % 23) / 7.0;
}

// The sequential Gauss-Seidel sweep on R, which several kernels compute.
static void gaussSeidelReference(int n, int m) {
  for (int x = 1; x < n - 1; x++)
    for (int y = 1; y < m - 1; y++)
      R[x][y] = 0.25 * (R[x - 1][y] + R[x + 1][y] + R[x][y - 1] + R[x][y + 1]);
}

static void check(const char *name, int n, int m) {
  for (int x = 0; x < n; x++)
    if (memcmp(A[x], R[x], sizeof(double) * m)) {
      printf("MISMATCH %s at row %d\n", name, x);
      return;
    }
  printf("OK %s\n", name);
}

// Distances (0, 1) and (1, 0): lag 1.
static void gaussSeidel(int n, int m) {
  fill(n, m);
  // VERBOSE: blocked loop at {{.*}}lockstep-rows.c:[[@LINE+3]]:5 level 1: {{.*}}; in a tile: 6 rows 2 columns apart, rows in lockstep, lag 1 (distances (0, 1) (1, 0)), 2 reads from registers{{$}}
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < n - 1; x++) {
    #pragma omp for schedule(blocked)
    for (int y = 1; y < m - 1; y++) {
      #pragma omp block
      A[x][y] = 0.25 * (A[x - 1][y] + A[x + 1][y] + A[x][y - 1] + A[x][y + 1]);
    }
  }
  gaussSeidelReference(n, m);
  check("gauss-seidel", n, m);
}

// Unsigned variables, `<=` bounds; distance (1, 1) only: a row's cells are
// independent, so the plain order, which the host compiler vectorizes.
static void diagonal(unsigned n, unsigned m) {
  fill(n, m);
  // VERBOSE: blocked loop at {{.*}}lockstep-rows.c:[[@LINE+3]]:5 level 1: {{.*}}; in a tile: plain order (no dependence along a row: its cells are independent){{$}}
  #pragma omp parallel for schedule(blocked)
  for (unsigned x = 1; x <= n - 1; x++)
    #pragma omp for schedule(blocked)
    for (unsigned y = 1; y <= m - 1; y++)
      A[x][y] = A[x - 1][y - 1] * 0.5 + A[x][y] * 0.25;
  for (unsigned x = 1; x <= n - 1; x++)
    for (unsigned y = 1; y <= m - 1; y++)
      R[x][y] = R[x - 1][y - 1] * 0.5 + R[x][y] * 0.25;
  check("diagonal", n, m);
}

// Distance (2, -1): legal with row tiles of at most 2 rows, which the
// inter-tile order (one thread: tile after tile) keeps.
static void knight(int n, int m) {
  fill(n, m);
  // VERBOSE: blocked loop at {{.*}}lockstep-rows.c:[[@LINE+3]]:5 level 1: {{.*}}; in a tile: 6 rows 2 columns apart, rows in lockstep, lag 0 (distances (0, 1) (2, -1)), 2 reads from registers{{$}}
  #pragma omp parallel for schedule(blocked, 2)
  for (int x = 2; x < n; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < m - 1; y++)
      A[x][y] = 0.5 * (A[x - 2][y + 1] + A[x][y - 1]);
  for (int x = 2; x < n; x++)
    for (int y = 1; y < m - 1; y++)
      R[x][y] = 0.5 * (R[x - 2][y + 1] + R[x][y - 1]);
  check("knight", n, m);
}

// Distance (1, -1) (the 9-point stencil): row tiles of one row, so a
// group holds one row.
static void ninePoint(int n, int m) {
  fill(n, m);
  // VERBOSE: blocked loop at {{.*}}lockstep-rows.c:[[@LINE+3]]:5 level 1: {{.*}}; in a tile: 6 rows 2 columns apart, rows in lockstep, lag 1 (distances (0, 1) (1, -1) (1, 0) (1, 1)), 4 reads from registers{{$}}
  #pragma omp parallel for schedule(blocked, 1)
  for (int x = 1; x < n - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < m - 1; y++)
      A[x][y] = (A[x - 1][y - 1] + A[x - 1][y] + A[x - 1][y + 1] + A[x][y - 1] +
                 A[x][y] + A[x][y + 1] + A[x + 1][y - 1] + A[x + 1][y] +
                 A[x + 1][y + 1]) / 9.0;
  for (int x = 1; x < n - 1; x++)
    for (int y = 1; y < m - 1; y++)
      R[x][y] = (R[x - 1][y - 1] + R[x - 1][y] + R[x - 1][y + 1] + R[x][y - 1] +
                 R[x][y] + R[x][y + 1] + R[x + 1][y - 1] + R[x + 1][y] +
                 R[x + 1][y + 1]) / 9.0;
  check("nine-point", n, m);
}

// Values from registers (docs/lowering.md): two rows up (distance (2, 0):
// the first two rows of a group read memory) and float elements. A value
// with a comment in it keeps every read in memory. (The 9-point stencil
// above reads a value of this step from the row above, (1, -1), but its
// one-row tiles never fill a group.)
static float F[MAX][MAX], G[MAX][MAX];
static void registerReads(int n, int m) {
  fill(n, m);
  // VERBOSE: blocked loop at {{.*}}lockstep-rows.c:[[@LINE+3]]:5 level 1: {{.*}}; in a tile: 6 rows 2 columns apart, rows in lockstep, lag 1 (distances (0, 1) (2, 0)), 1 read from registers{{$}}
  #pragma omp parallel for schedule(blocked)
  for (int x = 2; x < n; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < m; y++)
      A[x][y] = 0.5 * A[x - 2][y] + 0.375 * A[x][y - 1] + 0.125 * A[x][y];
  for (int x = 2; x < n; x++)
    for (int y = 1; y < m; y++)
      R[x][y] = 0.5 * R[x - 2][y] + 0.375 * R[x][y - 1] + 0.125 * R[x][y];
  check("two-up", n, m);
  // The row above one step back from a register, the left neighbour four
  // columns back too far for one (from memory): a whole group's fill and
  // drain run the copy too, with no left neighbour to load first.
  fill(n, m);
  // VERBOSE: blocked loop at {{.*}}lockstep-rows.c:[[@LINE+3]]:5 level 1: {{.*}}; in a tile: 6 rows 2 columns apart, rows in lockstep, lag 1 (distances (0, 4) (1, 0)), 1 read from registers{{$}}
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < n - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 4; y < m; y++)
      A[x][y] = 0.5 * A[x - 1][y] + 0.25 * A[x][y - 4] + 0.125 * A[x + 1][y];
  for (int x = 1; x < n - 1; x++)
    for (int y = 4; y < m; y++)
      R[x][y] = 0.5 * R[x - 1][y] + 0.25 * R[x][y - 4] + 0.125 * R[x + 1][y];
  check("far-left", n, m);
  for (int x = 0; x < n; x++)
    for (int y = 0; y < m; y++)
      F[x][y] = G[x][y] = (float)((x * 13 + y * 5) % 19) / 3.0f;
  // VERBOSE: blocked loop at {{.*}}lockstep-rows.c:[[@LINE+3]]:5 level 1: {{.*}}; in a tile: 6 rows 2 columns apart, rows in lockstep, lag 1 (distances (0, 1) (1, 0)), 2 reads from registers{{$}}
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < n - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < m - 1; y++)
      F[x][y] = 0.25 * (F[x - 1][y] + F[x + 1][y] + F[x][y - 1] + F[x][y + 1]);
  for (int x = 1; x < n - 1; x++)
    for (int y = 1; y < m - 1; y++)
      G[x][y] = 0.25 * (G[x - 1][y] + G[x + 1][y] + G[x][y - 1] + G[x][y + 1]);
  printf("%s float\n", memcmp(F, G, sizeof F) ? "MISMATCH" : "OK");
  fill(n, m);
  // Unsigned and short loop variables: the steps inside the tile count
  // their columns in the variables' own types.
  // VERBOSE: blocked loop at {{.*}}lockstep-rows.c:[[@LINE+3]]:5 level 1: {{.*}}; in a tile: 6 rows 2 columns apart, rows in lockstep, lag 1 (distances (0, 1) (1, 0)), 2 reads from registers{{$}}
  #pragma omp parallel for schedule(blocked)
  for (unsigned x = 1; x <= (unsigned)n - 2; x++)
    #pragma omp for schedule(blocked)
    for (short y = 1; y < m - 1; y++)
      A[x][y] = 0.25 * (A[x - 1][y] + A[x + 1][y] + A[x][y - 1] + A[x][y + 1]);
  gaussSeidelReference(n, m);
  check("unsigned-short", n, m);
  fill(n, m);
  // VERBOSE: blocked loop at {{.*}}lockstep-rows.c:[[@LINE+3]]:5 level 1: {{.*}}; in a tile: 6 rows 2 columns apart, rows in lockstep, lag 1 (distances (0, 1) (1, 0)){{$}}
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < n - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < m - 1; y++)
      A[x][y] = 0.25 * (A[x - 1][y] /* above */ + A[x + 1][y] + A[x][y - 1] +
                        A[x][y + 1]);
  gaussSeidelReference(n, m);
  check("commented", n, m);
}

static int calls;
static double counted(double v) {
  calls++;
  return v * 0.5;
}

// Plain order: a variable that outlives the iteration (a sum: a floating
// one would depend on the order, which tiling already changes), a call the analysis does not follow, and a
// level that counts down.
static void plainOrders(int n, int m) {
  fill(n, m);
  long s = 0;
  // VERBOSE: blocked loop at {{.*}}lockstep-rows.c:[[@LINE+3]]:5 level 1: {{.*}}; in a tile: plain order (the instruction block assigns 'sum'){{$}}
  #pragma omp parallel for schedule(blocked)
  for (int x = 0; x < n; x++)
    #pragma omp for schedule(blocked)
    for (int y = 0; y < m; y++)
      sum += (long)(A[x][y] * 7.0) * (x + 1);
  for (int x = 0; x < n; x++)
    for (int y = 0; y < m; y++)
      s += (long)(R[x][y] * 7.0) * (x + 1);
  printf("%s sum\n", s == sum ? "OK" : "MISMATCH");
  // VERBOSE: blocked loop at {{.*}}lockstep-rows.c:[[@LINE+3]]:5 level 1: {{.*}}; in a tile: plain order (the instruction block calls 'counted', whose effects the analysis does not follow){{$}}
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < n; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < m; y++)
      A[x][y] = counted(A[x - 1][y]) + A[x][y - 1];
  for (int x = 1; x < n; x++)
    for (int y = 1; y < m; y++)
      R[x][y] = R[x - 1][y] * 0.5 + R[x][y - 1];
  check("call", n, m);
  // VERBOSE: blocked loop at {{.*}}lockstep-rows.c:[[@LINE+3]]:5 level 1: {{.*}}; in a tile: plain order (a level counts down){{$}}
  #pragma omp parallel for schedule(blocked)
  for (int x = n - 1; x >= 1; x--)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < m; y++)
      A[x][y] = A[x][y - 1] * 0.5 + A[x - 1][y] * 0.25;
  for (int x = n - 1; x >= 1; x--)
    for (int y = 1; y < m; y++)
      R[x][y] = R[x][y - 1] * 0.5 + R[x - 1][y] * 0.25;
  check("counts-down", n, m);
}

// Through a pointer: the lockstep loops read it through a local copy of
// the same name, which the host compiler keeps in a register.
static void throughPointer(int n, int m) {
  fill(n, m);
  double (*P)[MAX] = A;
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < n - 1; x++) {
    #pragma omp for schedule(blocked)
    for (int y = 1; y < m - 1; y++) {
      #pragma omp block
      P[x][y] = 0.25 * (P[x - 1][y] + P[x + 1][y] + P[x][y - 1] + P[x][y + 1]);
    }
  }
  gaussSeidelReference(n, m);
  check("pointer", n, m);
}

// A pointer the block declares is not copied (it does not exist before the
// loops); the rows still run in lockstep.
static void blockPointer(int n, int m) {
  fill(n, m);
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < n - 1; x++) {
    #pragma omp for schedule(blocked)
    for (int y = 1; y < m - 1; y++) {
      #pragma omp block
      {
        double (*B)[MAX] = A;
        B[x][y] = 0.5 * (B[x - 1][y] + B[x][y - 1]);
      }
    }
  }
  for (int x = 1; x < n - 1; x++)
    for (int y = 1; y < m - 1; y++)
      R[x][y] = 0.5 * (R[x - 1][y] + R[x][y - 1]);
  check("block-pointer", n, m);
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]), m = atoi(argv[2]);
  if (n > MAX || m > MAX)
    return 2;
  gaussSeidel(n, m);
  diagonal(n - 1, m - 1);
  knight(n, m);
  ninePoint(n, m);
  registerReads(n, m);
  plainOrders(n, m);
  throughPointer(n, m);
  blockPointer(n, m);
  return 0;
}
// OUT: OK gauss-seidel
// OUT-NEXT: OK diagonal
// OUT-NEXT: OK knight
// OUT-NEXT: OK nine-point
// OUT-NEXT: OK two-up
// OUT-NEXT: OK far-left
// OUT-NEXT: OK float
// OUT-NEXT: OK unsigned-short
// OUT-NEXT: OK commented
// OUT-NEXT: OK sum
// OUT-NEXT: OK call
// OUT-NEXT: OK counts-down
// OUT-NEXT: OK pointer
// OUT-NEXT: OK block-pointer

// One nest's loops as --emit-lowered shows them.
// LOWERED: /* tile order: 6 rows 2 columns apart, rows in lockstep, lag 1 (distances (0, 1) (1, 0)), 2 reads from registers */ __typeof__(A[x][y]) __orbis_v0[6] = {0}, __orbis_h0_1[6] = {0}, __orbis_h0_2[6] = {0}; long long __orbis_r0; for (long long __orbis_g0 = 0, __orbis_n0 = (long long)(__orbis_e0_0 - __orbis_f0_0); __orbis_g0 < __orbis_n0; __orbis_g0 += 6LL) for (long long __orbis_cols0 = (long long)(__orbis_e0_1 - __orbis_f0_1), __orbis_rows0 = __orbis_n0 - __orbis_g0 < 6LL ? __orbis_n0 - __orbis_g0 : 6LL, __orbis_k0 = 0; __orbis_k0 < __orbis_cols0 + 2 * (__orbis_rows0 - 1); ++__orbis_k0, __orbis_h0_2[0] = __orbis_h0_1[0], __orbis_h0_2[1] = __orbis_h0_1[1], __orbis_h0_2[2] = __orbis_h0_1[2], __orbis_h0_2[3] = __orbis_h0_1[3], __orbis_h0_2[4] = __orbis_h0_1[4], __orbis_h0_2[5] = __orbis_h0_1[5], __orbis_h0_1[0] = __orbis_v0[0], __orbis_h0_1[1] = __orbis_v0[1], __orbis_h0_1[2] = __orbis_v0[2], __orbis_h0_1[3] = __orbis_v0[3], __orbis_h0_1[4] = __orbis_v0[4], __orbis_h0_1[5] = __orbis_v0[5]) { if (__orbis_k0 == 0 && __orbis_rows0 == 6LL) { __typeof__(__orbis_f0_0) __orbis_xb0 = (__typeof__(__orbis_f0_0))(__orbis_f0_0 + __orbis_g0); __typeof__(__orbis_f0_1) __orbis_yb0 = (__typeof__(__orbis_f0_1))(__orbis_f0_1 + __orbis_k0); for (__orbis_r0 = 0; __orbis_r0 < 6LL; ++__orbis_r0) { (void)(x = __orbis_xb0 + (int)__orbis_r0); (void)(y = __orbis_yb0); __orbis_v0[__orbis_r0] = A[x][y - 1]; } for (; __orbis_k0 < 2 * (6LL - 1); ++__orbis_k0, ++__orbis_yb0, __orbis_h0_2[0] = __orbis_h0_1[0], __orbis_h0_2[1] = __orbis_h0_1[1], __orbis_h0_2[2] = __orbis_h0_1[2], __orbis_h0_2[3] = __orbis_h0_1[3], __orbis_h0_2[4] = __orbis_h0_1[4], __orbis_h0_2[5] = __orbis_h0_1[5], __orbis_h0_1[0] = __orbis_v0[0], __orbis_h0_1[1] = __orbis_v0[1], __orbis_h0_1[2] = __orbis_v0[2], __orbis_h0_1[3] = __orbis_v0[3], __orbis_h0_1[4] = __orbis_v0[4], __orbis_h0_1[5] = __orbis_v0[5]) for (__orbis_r0 = 6LL - 1; __orbis_r0 >= 0; --__orbis_r0) if ((unsigned long long)(__orbis_k0 - 2 * __orbis_r0) < (unsigned long long)__orbis_cols0) { (void)(x = __orbis_xb0 + (int)__orbis_r0); (void)(y = __orbis_yb0 - 2 * (int)__orbis_r0); A[x][y] = (__orbis_v0[__orbis_r0] = (0.25 * ((__orbis_r0 >= 1 ? __orbis_h0_2[__orbis_r0 - 1] : (A[x - 1][y])) + A[x + 1][y] + __orbis_v0[__orbis_r0] + A[x][y + 1]))); } for (; __orbis_k0 < __orbis_cols0; ++__orbis_k0, ++__orbis_yb0, __orbis_h0_2[0] = __orbis_h0_1[0], __orbis_h0_2[1] = __orbis_h0_1[1], __orbis_h0_2[2] = __orbis_h0_1[2], __orbis_h0_2[3] = __orbis_h0_1[3], __orbis_h0_2[4] = __orbis_h0_1[4], __orbis_h0_2[5] = __orbis_h0_1[5], __orbis_h0_1[0] = __orbis_v0[0], __orbis_h0_1[1] = __orbis_v0[1], __orbis_h0_1[2] = __orbis_v0[2], __orbis_h0_1[3] = __orbis_v0[3], __orbis_h0_1[4] = __orbis_v0[4], __orbis_h0_1[5] = __orbis_v0[5]) for (__orbis_r0 = 6LL - 1; __orbis_r0 >= 0; --__orbis_r0) { (void)(x = __orbis_xb0 + (int)__orbis_r0); (void)(y = __orbis_yb0 - 2 * (int)__orbis_r0); A[x][y] = (__orbis_v0[__orbis_r0] = (0.25 * ((__orbis_r0 >= 1 ? __orbis_h0_2[__orbis_r0 - 1] : (A[x - 1][y])) + A[x + 1][y] + __orbis_v0[__orbis_r0] + A[x][y + 1]))); } for (; __orbis_k0 < __orbis_cols0 + 2 * (6LL - 1); ++__orbis_k0, ++__orbis_yb0, __orbis_h0_2[0] = __orbis_h0_1[0], __orbis_h0_2[1] = __orbis_h0_1[1], __orbis_h0_2[2] = __orbis_h0_1[2], __orbis_h0_2[3] = __orbis_h0_1[3], __orbis_h0_2[4] = __orbis_h0_1[4], __orbis_h0_2[5] = __orbis_h0_1[5], __orbis_h0_1[0] = __orbis_v0[0], __orbis_h0_1[1] = __orbis_v0[1], __orbis_h0_1[2] = __orbis_v0[2], __orbis_h0_1[3] = __orbis_v0[3], __orbis_h0_1[4] = __orbis_v0[4], __orbis_h0_1[5] = __orbis_v0[5]) for (__orbis_r0 = 6LL - 1; __orbis_r0 >= 0; --__orbis_r0) if ((unsigned long long)(__orbis_k0 - 2 * __orbis_r0) < (unsigned long long)__orbis_cols0) { (void)(x = __orbis_xb0 + (int)__orbis_r0); (void)(y = __orbis_yb0 - 2 * (int)__orbis_r0); A[x][y] = (__orbis_v0[__orbis_r0] = (0.25 * ((__orbis_r0 >= 1 ? __orbis_h0_2[__orbis_r0 - 1] : (A[x - 1][y])) + A[x + 1][y] + __orbis_v0[__orbis_r0] + A[x][y + 1]))); } } for (__orbis_r0 = 0; __orbis_r0 < 6LL; ++__orbis_r0) if (__orbis_r0 < __orbis_rows0 && (unsigned long long)(__orbis_k0 - 2 * __orbis_r0) < (unsigned long long)__orbis_cols0 && ((void)(x = (__typeof__(__orbis_f0_0))(__orbis_f0_0 + (__orbis_g0 + __orbis_r0))), (void)(y = (__typeof__(__orbis_f0_1))(__orbis_f0_1 + (__orbis_k0 - 2 * __orbis_r0))), 1)) {
// Two rows up: rows two columns apart produced the value four steps
// earlier, past the three steps of values kept in registers, so it is
// loaded (its store is long done); the row's own value still comes from
// its register.
// LOWERED: /* tile order: 6 rows 2 columns apart, rows in lockstep, lag 1 (distances (0, 1) (2, 0)), 1 read from registers */ __typeof__(A[x][y]) [[V:__orbis_v[0-9]+]][6] = {0};
// LOWERED-SAME: for ([[R:__orbis_r[0-9]+]] = 6LL - 1; [[R]] >= 0; --[[R]]) { {{.*}} A[x][y] = ([[V]][[[R]]] = (0.5 * A[x - 2][y] + 0.375 * [[V]][[[R]]] + 0.125 * A[x][y])); }
// The row above only: the edges run the copy too, nothing to load first.
// LOWERED: /* tile order: 6 rows 2 columns apart, rows in lockstep, lag 1 (distances (0, 4) (1, 0)), 1 read from registers */
// LOWERED-SAME: if ([[K:__orbis_k[0-9]+]] == 0 && [[RS:__orbis_rows[0-9]+]] == 6LL) { {{[^;]+}}; {{[^;]+}}; for (; [[K]] < 2 * (6LL - 1);
// The pointer's copy, taken outside the scope whose local of the same name
// the loops and the block use.
// LOWERED: { __typeof__(P) [[PC:__orbis_pc[0-9]+_0]] = P; { _Pragma("clang diagnostic push") _Pragma("clang diagnostic ignored \"-Wshadow-all\"") __typeof__([[PC]]) P = [[PC]]; _Pragma("clang diagnostic pop")  /* tile order: 6 rows 2 columns apart, rows in lockstep, lag 1 (distances (0, 1) (1, 0)), 2 reads from registers */
// LOWERED: /* tile order: 6 rows 2 columns apart, rows in lockstep, lag 1 (distances (0, 1) (1, 0)) */
// LOWERED-NOT: __typeof__(B)
