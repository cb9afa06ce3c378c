// ORBIS_VERBOSE=1 prints the tile size chosen for every blocked loop (once per
// loop, trip count and size) and where it came from: the clause (clamped to
// the trip count when larger), OMP_BLOCK_SIZE (per nest level) or the
// automatic policy (level 0: 4 tiles per thread; inner levels: from the L2
// size). Unset, empty or 0, it prints nothing.
//
// RUN: %orbis-cc -O2 %s -o %t
// RUN: env ORBIS_VERBOSE=1 OMP_NUM_THREADS=2 ORBIS_L2_CACHE_SIZE=4096 %t 2> %t.err
// RUN: FileCheck --check-prefixes=CHECK,AUTO %s < %t.err
// RUN: env ORBIS_VERBOSE=1 OMP_NUM_THREADS=3 ORBIS_L2_CACHE_SIZE=4096 OMP_BLOCK_SIZE=5,3 %t 2> %t.env.err
// RUN: FileCheck --check-prefixes=CHECK,ENV %s < %t.env.err
// RUN: env ORBIS_VERBOSE=1 OMP_NUM_THREADS=2 ORBIS_L2_CACHE_SIZE=4096 OMP_BLOCK_SIZE=6 %t 2> %t.env1.err
// RUN: FileCheck --check-prefixes=CHECK,ENV1 %s < %t.env1.err
// RUN: env OMP_NUM_THREADS=2 %t 2>&1 | count 0
// RUN: env ORBIS_VERBOSE=0 OMP_NUM_THREADS=2 %t 2>&1 | count 0
// RUN: env ORBIS_VERBOSE= OMP_NUM_THREADS=2 %t 2>&1 | count 0
#include <omp_blocked.h>

double A[60][100];
long sum;

int main(void) {
  // CHECK: orbis: blocked loop at {{.*}}verbose-tile-sizes.c:[[@LINE+1]]:3 level 0: 100 iterations, tile 7 (clause), 15 tiles
  #pragma omp parallel for schedule(blocked, 7) reduction(+: sum)
  for (int i = 0; i < 100; i++)
    sum += i;

  // A loop run 3 times with the same trip count is reported once; with a
  // different trip count, again.
  // CHECK-NEXT: orbis: blocked loop at {{.*}}verbose-tile-sizes.c:[[@LINE+3]]:5 level 0: 10 iterations, tile 4 (clause), 3 tiles
  // CHECK-NEXT: orbis: blocked loop at {{.*}}verbose-tile-sizes.c:[[@LINE+2]]:5 level 0: 12 iterations, tile 4 (clause), 3 tiles
  for (int rep = 0; rep < 4; rep++) {
    #pragma omp parallel for schedule(blocked, 4) reduction(+: sum)
    for (int i = 0; i < (rep < 3 ? 10 : 12); i++)
      sum += i;
  }

  // CHECK-NEXT: orbis: blocked loop at {{.*}}verbose-tile-sizes.c:[[@LINE+1]]:3 level 0: 20 iterations, tile 20 (clause 500, clamped to the trip count), 1 tile
  #pragma omp parallel for schedule(blocked, 500) reduction(+: sum)
  for (int i = 0; i < 20; i++)
    sum += i;

  // A nest without sizes. Level 0 auto: ceil(60 / (4 * threads)); level 1
  // auto: 4096 / (2 * 8 * outer tile) iterations (double elements).
  // AUTO-NEXT: orbis: blocked loop at {{.*}}verbose-tile-sizes.c:[[@LINE+7]]:3 level 0: 60 iterations, tile 8 (auto: 4 tiles per thread, 2 threads), 8 tiles
  // AUTO-NEXT: orbis: blocked loop at {{.*}}verbose-tile-sizes.c:[[@LINE+8]]:5 level 1: 100 iterations, tile 32 (auto: L2 4096 bytes, 8-byte elements, outer tiles 8), 4 tiles
  // ENV-NEXT:  orbis: blocked loop at {{.*}}verbose-tile-sizes.c:[[@LINE+5]]:3 level 0: 60 iterations, tile 5 (OMP_BLOCK_SIZE), 12 tiles
  // ENV-NEXT:  orbis: blocked loop at {{.*}}verbose-tile-sizes.c:[[@LINE+6]]:5 level 1: 100 iterations, tile 3 (OMP_BLOCK_SIZE), 34 tiles
  // ENV1-NEXT: orbis: blocked loop at {{.*}}verbose-tile-sizes.c:[[@LINE+3]]:3 level 0: 60 iterations, tile 6 (OMP_BLOCK_SIZE), 10 tiles
  // ENV1-NEXT: orbis: blocked loop at {{.*}}verbose-tile-sizes.c:[[@LINE+4]]:5 level 1: 100 iterations, tile 42 (auto: L2 4096 bytes, 8-byte elements, outer tiles 6), 3 tiles
  // CHECK-NOT: orbis:
  #pragma omp parallel for schedule(blocked)
  for (int x = 0; x < 60; x++) {
    #pragma omp for schedule(blocked)
    for (int y = 0; y < 100; y++)
      A[x][y] = x + y;
  }
  return A[59][99] == 158 && sum > 0 ? 0 : 1;
}
