// Tile queries return int while loops are counted in 64 bits: values beyond
// int saturate at INT_MAX / INT_MIN, never wrap, and a call lexically inside
// the loop (rewritten by the compiler) gives the same as an orphaned call
// (answered by libtile). Also: omp_total_size() is the bound as written for
// `>` with a negative bound and for `<=`.
//
// RUN: %orbis-cc -O2 %s -o %t
// RUN: env OMP_NUM_THREADS=1 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 %t | FileCheck %s
//
// CHECK:      long long bound 5000000000: lexical 2147483647 orphaned 2147483647 blocks 3 3
// CHECK-NEXT: unsigned bound 3999999990: lexical 2147483647 orphaned 2147483647 blocks 3 3
// CHECK-NEXT: long long bound -2999999990: lexical -2147483648 orphaned -2147483648 blocks 3 3
// CHECK-NEXT: unsigned long long bound 18446744073709551615: lexical 2147483647 orphaned 2147483647 blocks 3 3
// CHECK-NEXT: int bound -7 with '>': lexical -7 orphaned -7 blocks 2 2
// CHECK-NEXT: int bound 10 with '<=': lexical 10 orphaned 10 blocks 3 3
#include <limits.h>
#include <omp_blocked.h>
#include <stdio.h>

__attribute__((noinline)) static int total(void) { return omp_total_size(); }
__attribute__((noinline)) static int blocks(void) { return omp_num_blocks(); }

static int lex, orph, nb, nbo;

static void record(int t, int n) {
  lex = t;
  orph = total();
  nb = n;
  nbo = blocks();
}

static void show(const char *what) {
  printf("%s: lexical %d orphaned %d blocks %d %d\n", what, lex, orph, nb, nbo);
}

int main(void) {
  #pragma omp parallel for schedule(blocked, 2)
  for (long long v = 0; v < 5000000000LL; v += 1000000000LL)
    if (omp_block_num() == 0)
      record(omp_total_size(), omp_num_blocks());
  show("long long bound 5000000000");

  #pragma omp parallel for schedule(blocked, 4)
  for (unsigned u = 4000000000u; u > 3999999990u; u--)
    if (omp_block_num() == 0)
      record(omp_total_size(), omp_num_blocks());
  show("unsigned bound 3999999990");

  #pragma omp parallel for schedule(blocked, 4)
  for (long long v = -3000000000LL; v < -2999999990LL; v++)
    if (omp_block_num() == 0)
      record(omp_total_size(), omp_num_blocks());
  show("long long bound -2999999990");

  #pragma omp parallel for schedule(blocked, 4)
  for (unsigned long long v = ULLONG_MAX - 10; v < ULLONG_MAX; v++)
    if (omp_block_num() == 0)
      record(omp_total_size(), omp_num_blocks());
  show("unsigned long long bound 18446744073709551615");

  #pragma omp parallel for schedule(blocked, 4)
  for (int i = 10; i > -7; i -= 3)
    if (omp_block_num() == 0)
      record(omp_total_size(), omp_num_blocks());
  show("int bound -7 with '>'");

  #pragma omp parallel for schedule(blocked, 4)
  for (int i = 0; i <= 10; i++)
    if (omp_block_num() == 0)
      record(omp_total_size(), omp_num_blocks());
  show("int bound 10 with '<='");
  return 0;
}
