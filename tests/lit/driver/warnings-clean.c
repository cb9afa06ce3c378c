// Regression: code the user did not write raises no warning under
// -Wall -Wextra (the element loops used to trip -Wmisleading-indentation)
// nor -Wshadow (rows in lockstep copy a VLA pointer under its own name, as
// in gauss_seidel below: a new user's trial found -Wshadow -Werror failing).
// RUN: %orbis-cc -Wall -Wextra -Werror -c %s -o %t.o
// RUN: %orbis-cc -O2 -Wall -Wextra -Wshadow-all -Werror -c %s -o %t.o
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

void gauss_seidel(int n, double (*A)[n]) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 1; i < n - 1; i++)
    #pragma omp for schedule(blocked)
    for (int j = 1; j < n - 1; j++)
      A[i][j] = (A[i - 1][j] + A[i][j - 1]) * 0.5;
}
