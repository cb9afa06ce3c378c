// Single-writer counters in a C++ template: the nest is lowered once, from
// the template's text, so a counter whose step or subscript depends on a
// template parameter keeps seq_cst (what it adds is not known to be at least
// 0); one whose update does not depend on them qualifies.
// RUN: %orbis-cxx --print-model %s | FileCheck %s
// RUN: %orbis-cxx -c %s -o /dev/null
#include <omp_blocked.h>

template <int STEP, class T>
void sweep(int n, double *A, volatile T *c, volatile int *d) {
  // CHECK: nest 0 at single-writer-counters-template.cpp:[[@LINE+1]]:3
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < n - 1; x++) {
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++) {
      while (c[xb * STEP] < y) {}
      while (d[xb] < y) {}
      #pragma omp block
      A[x * n + y] += 1;
      #pragma omp atomic
      c[(xb + 1) * STEP] += STEP;
      // CHECK: atomic at single-writer-counters-template.cpp:[[@LINE-2]]:7 in loop 1: seq_cst (what it adds may be negative (a constant or the tile's size or count is needed))
      #pragma omp atomic
      d[xb + 1] += omp_block_size();
      // CHECK: atomic at single-writer-counters-template.cpp:[[@LINE-2]]:7 in loop 1: single-writer counter (a load and a release store)
    }
  }
}
template void sweep<2, int>(int, double *, volatile int *, volatile int *);
