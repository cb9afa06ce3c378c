// Regression: code the user did not write raises no warning under
// -Wall -Wextra (the element loops used to trip -Wmisleading-indentation).
// RUN: %orbis-cc -Wall -Wextra -Werror -c %s -o %t.o
#include <omp_blocked.h>

void sweep(int n, double *A, volatile int *done) {
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < n - 1; x++) {
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++) {
      while (done[xb] < y + omp_block_size() - 1) {}
      #pragma omp block
      A[x * n + y] = 0.25 * (A[x * n + y - 1] + A[(x - 1) * n + y]);
      #pragma omp atomic
      done[xb + 1] += omp_block_size();
    }
  }
}
