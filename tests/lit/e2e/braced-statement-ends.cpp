// Statements that end in `}` without being blocks (a braced initializer, a
// lambda) are followed by their `;`: the lowering took the `}` for the end
// of the statement and left the `;` behind its closing braces ("expected
// ';' after expression"). In the instruction block, a `single`, pre- and
// post-blocks and a braceless loop body, each checked against the plain
// loops.
// RUN: %orbis-cxx -O1 -Wall -Werror %s -o %t
// RUN: env OMP_NUM_THREADS=3 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 OMP_BLOCK_SIZE=4,3 %t | FileCheck %s
// CHECK: OK 540 1 2 10 7
#include <omp_blocked.h>
#include <cstdio>
#include <utility>

struct V {
  int a, b;
};

int main() {
  V t[10];
  std::pair<int, long> u[10];
  V *shared = nullptr;
  int count = 0;
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < 10; ++i)
    t[i] = {i, 10 * i};
  #pragma omp parallel for schedule(blocked, 3)
  for (int i = 0; i < 10; ++i) {
    V pre = V{omp_block_size(), 0};
    #pragma omp single
    shared = new V{1, 2};
    #pragma omp block
    u[i] = {i, 2L * i};
    #pragma omp atomic
    count += pre.a;
  }
  int calls = 0;
  int (*one[7])() = {};
  static int grid[8][8];
  #pragma omp parallel for schedule(blocked)
  for (int x = 0; x < 8; ++x) {
    #pragma omp for schedule(blocked)
    for (int y = 0; y < 8; ++y) {
      #pragma omp block
      grid[x][y] = V{x, y}.a + V{x, y}.b;
      auto unused = [] {};
      (void)unused;
    }
  }
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < 7; ++i)
    one[i] = [] { return 1; };
  for (int i = 0; i < 7; ++i)
    calls += one[i]();
  long s = 0;
  for (int i = 0; i < 10; ++i)
    s += t[i].b + u[i].second;
  int g = 0;
  for (int x = 0; x < 8; ++x)
    for (int y = 0; y < 8; ++y)
      g += grid[x][y] != x + y;
  std::printf("%s %ld %d %d %d %d\n", s == 540 && !g ? "OK" : "MISMATCH", s,
              shared->a, shared->b, count, calls);
  delete shared;
  return 0;
}
