// Regression: C++ code the user did not write raises no warning under the
// flags C++ style guides add: the lowering's casts, `0` null pointers and
// `__orbis_` names, and orbis/tile.h's inline code, failed -Werror builds
// with -Wold-style-cast and -Wzero-as-null-pointer-constant (a new user's
// trial: 20 errors for one loop over a std::vector), and -Weverything
// added -Wreserved-identifier, -Wreserved-macro-identifier and
// -Wused-but-marked-unused. Blocked nests and a world loop.
// RUN: %orbis-cxx -std=c++17 -Wall -Wextra -Wold-style-cast -Wzero-as-null-pointer-constant -Wreserved-identifier -Wreserved-macro-identifier -Wsign-conversion -Wshadow-all -Werror -c %s -o %t.o
// RUN: %orbis-cxx -std=c++17 -Weverything -Wno-c++98-compat -Wno-padded -Wno-unsafe-buffer-usage -Wno-missing-prototypes -Werror -c %s -o %t.o
#include <omp_blocked.h>
#include <omp_world.h>
#include <vector>

namespace demo {

void scale(std::vector<double> &v) {
  #pragma omp parallel for schedule(blocked)
  for (std::size_t i = 0; i < v.size(); ++i)
    v[i] *= 2.0;
}

void sweep(int n, double *A, volatile int *done) {
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < n - 1; x++) {
    int xb = omp_block_num();
    #pragma omp for schedule(blocked, 16)
    for (int y = 1; y < n - 1; y++) {
      while (done[xb] < y + omp_block_size() - 1) {
      }
      #pragma omp block
      A[x * n + y] = 0.25 * (A[x * n + y - 1] + A[(x - 1) * n + y]);
      #pragma omp atomic
      done[xb + 1] += omp_block_size();
    }
  }
}

long pipeline(int steps) {
  long *V[8];
  long last = 0;
  #pragma omp world_parallel for world(V)
  for (int t = 0; t < 8; t++) {
    V[t] = omp_world_malloc(4);
    for (int i = 0; i < 4; i++)
      V[t][i] = t == 0 ? i : V[t - 1][i] + steps;
    if (t == 7)
      last = V[t][3];
  }
  return last;
}

} // namespace demo
