// The size of `schedule(blocked, size)` is any integer expression: constant
// ones with every C operator (arithmetic, shifts, bitwise, logical,
// conditional, sizeof, casts, wider than int), and runtime ones (variables,
// function calls, evaluated once per loop execution). Sizes larger than the
// trip count are clamped. The program's results match the sequential one and
// ORBIS_VERBOSE shows the size each loop got.
//
// RUN: %clang-seq -O2 %s -o %t.seq
// RUN: %orbis-cc -O2 %s -o %t.par
// RUN: %t.seq > %t.ref
// RUN: env OMP_NUM_THREADS=1 %t.par | diff - %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.par | diff - %t.ref
// RUN: env OMP_NUM_THREADS=2 ORBIS_VERBOSE=1 %t.par 2>&1 >/dev/null | FileCheck %s
#include <omp_blocked.h>
#include <stdio.h>

static int calls;
static int three(void) { return ++calls, 3; }

#define N 40
static long out;

int main(void) {
  long s = 0;
  int n = 20;
  long long big = 1LL << 40;

  // CHECK: :[[# @LINE + 1]]:3 level 0: 40 iterations, tile 16 (clause), 3 tiles
  #pragma omp parallel for schedule(blocked, 1 << 4) reduction(+: s)
  for (int i = 0; i < N; i++) {
    #pragma omp block
    s += i;
  }
  out += s, s = 0;
  // CHECK: :[[# @LINE + 1]]:3 level 0: 40 iterations, tile 4 (clause), 10 tiles
  #pragma omp parallel for schedule(blocked, 16 >> 2) reduction(+: s)
  for (int i = 0; i < N; i++) {
    #pragma omp block
    s += i;
  }
  out += s, s = 0;
  // CHECK: :[[# @LINE + 1]]:3 level 0: 40 iterations, tile 40 (clause 1099511627776, clamped to the trip count), 1 tile
  #pragma omp parallel for schedule(blocked, 1LL << 40) reduction(+: s)
  for (int i = 0; i < N; i++) {
    #pragma omp block
    s += i;
  }
  out += s, s = 0;
  // CHECK: :[[# @LINE + 1]]:3 level 0: 40 iterations, tile 4 (clause), 10 tiles
  #pragma omp parallel for schedule(blocked, 4 & 7) reduction(+: s)
  for (int i = 0; i < N; i++) {
    #pragma omp block
    s += i;
  }
  out += s, s = 0;
  // CHECK: :[[# @LINE + 1]]:3 level 0: 40 iterations, tile 7 (clause), 6 tiles
  #pragma omp parallel for schedule(blocked, 5 | 2) reduction(+: s)
  for (int i = 0; i < N; i++) {
    #pragma omp block
    s += i;
  }
  out += s, s = 0;
  // CHECK: :[[# @LINE + 1]]:3 level 0: 40 iterations, tile 10 (clause), 4 tiles
  #pragma omp parallel for schedule(blocked, 9 ^ 3) reduction(+: s)
  for (int i = 0; i < N; i++) {
    #pragma omp block
    s += i;
  }
  out += s, s = 0;
  // CHECK: :[[# @LINE + 1]]:3 level 0: 40 iterations, tile 4 (clause), 10 tiles
  #pragma omp parallel for schedule(blocked, !0 + 3) reduction(+: s)
  for (int i = 0; i < N; i++) {
    #pragma omp block
    s += i;
  }
  out += s, s = 0;
  // CHECK: :[[# @LINE + 1]]:3 level 0: 40 iterations, tile 4 (clause), 10 tiles
  #pragma omp parallel for schedule(blocked, 1 < 2 ? 4 : 5) reduction(+: s)
  for (int i = 0; i < N; i++) {
    #pragma omp block
    s += i;
  }
  out += s, s = 0;
  // CHECK: :[[# @LINE + 1]]:3 level 0: 40 iterations, tile 6 (clause), 7 tiles
  #pragma omp parallel for schedule(blocked, (2 > 1 && 3 > 2) + 5) reduction(+: s)
  for (int i = 0; i < N; i++) {
    #pragma omp block
    s += i;
  }
  out += s, s = 0;
  // CHECK: :[[# @LINE + 1]]:3 level 0: 40 iterations, tile 8 (clause), 5 tiles
  #pragma omp parallel for schedule(blocked, sizeof(double)) reduction(+: s)
  for (int i = 0; i < N; i++) {
    #pragma omp block
    s += i;
  }
  out += s, s = 0;
  // CHECK: :[[# @LINE + 1]]:3 level 0: 40 iterations, tile 4 (clause), 10 tiles
  #pragma omp parallel for schedule(blocked, (unsigned char)260) reduction(+: s)
  for (int i = 0; i < N; i++) {
    #pragma omp block
    s += i;
  }
  out += s, s = 0;
  // CHECK: :[[# @LINE + 1]]:3 level 0: 40 iterations, tile 9 (clause), 5 tiles
  #pragma omp parallel for schedule(blocked, 9 % 10 * (10 - 9)) reduction(+: s)
  for (int i = 0; i < N; i++) {
    #pragma omp block
    s += i;
  }
  out += s, s = 0;
  // CHECK: :[[# @LINE + 1]]:3 level 0: 40 iterations, tile 7 (clause), 6 tiles
  #pragma omp parallel for schedule(blocked, n / 3 + (int)sizeof(char)) reduction(+: s)
  for (int i = 0; i < N; i++) {
    #pragma omp block
    s += i;
  }
  out += s, s = 0;
  // CHECK: :[[# @LINE + 1]]:3 level 0: 40 iterations, tile 40 (clause 1099511627776, clamped to the trip count), 1 tile
  #pragma omp parallel for schedule(blocked, big) reduction(+: s)
  for (int i = 0; i < N; i++) {
    #pragma omp block
    s += i;
  }
  out += s, s = 0;
  // An unsigned value beyond 64-bit signed (it stopped the program with
  // "must be a positive integer, not -1"): one tile too.
  unsigned long long huge = 18446744073709551615ULL;
  // CHECK: :[[# @LINE + 1]]:3 level 0: 40 iterations, tile 40 (clause 9223372036854775807, clamped to the trip count), 1 tile
  #pragma omp parallel for schedule(blocked, huge) reduction(+: s)
  for (int i = 0; i < N; i++) {
    #pragma omp block
    s += i;
  }
  out += s, s = 0;
  // CHECK: :[[# @LINE + 1]]:3 level 0: 40 iterations, tile 3 (clause), 14 tiles
  #pragma omp parallel for schedule(blocked, three()) reduction(+: s)
  for (int i = 0; i < N; i++) {
    #pragma omp block
    s += i;
  }
  out += s, s = 0;
  // CHECK: :[[# @LINE + 1]]:3 level 0: 40 iterations, tile 5 (clause), 8 tiles
  #pragma omp parallel for schedule(blocked, n > 10 ? 5 : 1) reduction(+: s)
  for (int i = 0; i < N; i++) {
    #pragma omp block
    s += i;
  }
  out += s, s = 0;

  printf("total %ld\n", out);
  // CHECK: three() called 1 times
  fprintf(stderr, "three() called %d times\n", calls);
  return 0;
}
