// Only <omp_blocked.h>'s global functions are tile queries: a user's
// function of the same name in a namespace, a member function or a static
// member is called as written (they were replaced by the tile's answers:
// silent wrong values). The real query next to them still answers.
// RUN: %orbis-cxx -O1 -Wall -Werror %s -o %t
// RUN: env OMP_NUM_THREADS=2 %t | FileCheck %s
// CHECK: 1000 42 -7 8
#include <cstdio>
#include <omp_blocked.h>
namespace mine {
int omp_block_size() { return 1000; }
} // namespace mine
struct Tiler {
  int v;
  int omp_block_num() const { return v; }
  static int omp_total_size() { return -7; }
};
int R[4][40];
int main() {
  Tiler t{42};
#pragma omp parallel for schedule(blocked, 8)
  for (int i = 0; i < 40; i++) {
    R[0][i] = mine::omp_block_size();
    R[1][i] = t.omp_block_num();
    R[2][i] = Tiler::omp_total_size();
    R[3][i] = omp_block_size();
  }
  std::printf("%d %d %d %d\n", R[0][0], R[1][0], R[2][0], R[3][0]);
}
