// Single-writer counters (docs/lowering.md) that count tiles rather than
// columns: `++tiles[xb + 1]` after each inner tile, waited on by
// `while (tiles[xb] <= yb) {}`, in a function template on float whose
// instruction block calls a lambda. The update becomes a load and a
// release store; the result must stay bit-identical to the sequential
// program for every size, thread count (oversubscribed too) and tile shape.
//
// Arguments: n sweeps. Output: raw bytes of the n x n grid.
//
// RUN: %orbis-cxx --print-model %s | FileCheck %s
// CHECK: atomic at single-writer-increments.cpp:{{[0-9]+}}:1 in loop 1: single-writer counter (a load and a release store)
// RUN: %clangxx-seq -O2 %s -o %t.seq
// RUN: %orbis-cxx -O2 %s -o %t.par
// RUN: %t.seq 97 3 > %t.ref97
// RUN: %t.seq 130 2 > %t.ref130
// RUN: %t.seq 5 3 > %t.ref5
// RUN: env OMP_NUM_THREADS=1 %t.par 97 3 | cmp - %t.ref97
// RUN: env OMP_NUM_THREADS=3 %t.par 97 3 | cmp - %t.ref97
// RUN: env OMP_NUM_THREADS=8 OMP_BLOCK_SIZE=5,7 %t.par 97 3 | cmp - %t.ref97
// RUN: env OMP_NUM_THREADS=3 OMP_BLOCK_SIZE=2,3 %t.par 130 2 | cmp - %t.ref130
// RUN: env OMP_NUM_THREADS=8 OMP_BLOCK_SIZE=33,1 %t.par 130 2 | cmp - %t.ref130
// RUN: env OMP_NUM_THREADS=4 %t.par 5 3 | cmp - %t.ref5
#include <omp_blocked.h>
#include <cstdio>
#include <cstdlib>
#include <vector>
// Counts tiles instead of columns; the cell through a lambda; float.
template <class T>
void sweep(int n, std::vector<T> &A) {
  volatile int *tiles = nullptr;
  auto cell = [n](const T *a, int x, int y) {
    return (a[(x - 1) * n + y] + a[x * n + y - 1] + a[x * n + y + 1] + a[(x + 1) * n + y]) * T(0.25);
  };
  T *a = A.data();
#pragma omp parallel for schedule(blocked)
  for (int x = 1; x < n - 1; x++) {
#pragma omp single
    { tiles = (volatile int *)calloc(omp_num_blocks() + 1, sizeof(int)); tiles[0] = 1 << 30; }
    int xb = omp_block_num();
#pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++) {
      int yb = omp_block_num();
      while (tiles[xb] <= yb) {}
#pragma omp block
      a[x * n + y] = cell(a, x, y);
#pragma omp atomic
      ++tiles[xb + 1];
    }
  }
  free((void *)tiles);
}
int main(int argc, char **argv) {
  int n = std::atoi(argv[1]), t = std::atoi(argv[2]);
  std::vector<float> A(n * n);
  for (int i = 0; i < n * n; i++) A[i] = (float)((i * 37) % 53) / 3.0f;
  for (int s = 0; s < t; s++) sweep(n, A);
  std::fwrite(A.data(), sizeof(float), A.size(), stdout);
}
