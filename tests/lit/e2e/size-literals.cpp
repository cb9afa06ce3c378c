// Tile sizes written with C++ literal forms are read as the compiler reads
// them: digit separators (`1'000` was "must be a positive integer"), binary,
// hexadecimal with separators, suffixes. Each loop's tile comes from its
// clause (ORBIS_VERBOSE), and the sums are the sequential ones.
// RUN: %orbis-cxx -std=c++14 -O1 %s -o %t
// RUN: env ORBIS_VERBOSE=1 OMP_NUM_THREADS=2 %t 2>&1 | FileCheck %s
// CHECK-DAG: size-literals.cpp:[[#@LINE+10]]:{{[0-9]+}} level 0: 5000 iterations, tile 1000 (clause), 5 tiles
// CHECK-DAG: size-literals.cpp:[[#@LINE+12]]:{{[0-9]+}} level 0: 5000 iterations, tile 8 (clause)
// CHECK-DAG: size-literals.cpp:[[#@LINE+14]]:{{[0-9]+}} level 0: 5000 iterations, tile 16 (clause)
// CHECK-DAG: size-literals.cpp:[[#@LINE+16]]:{{[0-9]+}} level 0: 5000 iterations, tile 1024 (clause)
// CHECK: OK 12497500 12497500 12497500 12497500
#include <omp_blocked.h>
#include <cstdio>

int main() {
  long a = 0, b = 0, c = 0, d = 0;
  #pragma omp parallel for schedule(blocked, 1'000) reduction(+: a)
  for (int i = 0; i < 5000; i++)
    a += i;
  #pragma omp parallel for schedule(blocked, 0b1'000) reduction(+: b)
  for (int i = 0; i < 5000; i++)
    b += i;
  #pragma omp parallel for schedule(blocked, 0x1'0u) reduction(+: c)
  for (int i = 0; i < 5000; i++)
    c += i;
  #pragma omp parallel for schedule(blocked, 1'024LL) reduction(+: d)
  for (int i = 0; i < 5000; i++)
    d += i;
  std::printf("%s %ld %ld %ld %ld\n",
              a == 12497500 && b == a && c == a && d == a ? "OK" : "MISMATCH",
              a, b, c, d);
  return 0;
}
