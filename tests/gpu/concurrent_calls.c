/// \file
/// GPU nests launched from several host threads at once (each on its own
/// grid): each result must equal the sequential one. Usage: concurrent_calls
#include <omp.h>
#include <omp_blocked.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

enum { PAD = 16 };

static void sweep(int n, double (*A)[n]) {
  volatile int *counters = NULL;
  #pragma omp parallel for schedule(blocked) map(tofrom: A[0:n])
  for (int x = 1; x < n - 1; x++) {
    #pragma omp single
    {
      counters = calloc((omp_num_blocks() + 1) * PAD, sizeof(int));
      counters[0] = n;
    }
    int xblock = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++) {
      while (counters[xblock * PAD] < y + omp_block_size() - 1) {
      }
      #pragma omp block
      A[x][y] = 0.25 * (A[x - 1][y] + A[x + 1][y] + A[x][y - 1] + A[x][y + 1]);
      #pragma omp atomic
      counters[(xblock + 1) * PAD] += omp_block_size();
    }
  }
  free((void *)counters);
}

static void sweep_plain(int n, double (*A)[n]) {
  for (int x = 1; x < n - 1; x++)
    for (int y = 1; y < n - 1; y++)
      A[x][y] = 0.25 * (A[x - 1][y] + A[x + 1][y] + A[x][y - 1] + A[x][y + 1]);
}

int main(void) {
  enum { CALLERS = 4 };
  int failures = 0;
  #pragma omp parallel num_threads(CALLERS) reduction(+ : failures)
  {
    int n = 150 + 37 * omp_get_thread_num();
    double(*A)[n] = malloc(sizeof(double[n][n]));
    double(*B)[n] = malloc(sizeof(double[n][n]));
    for (int x = 0; x < n; x++)
      for (int y = 0; y < n; y++)
        A[x][y] = B[x][y] = (double)((x * 5 + y * 11 + n) % 97) / 96.0;
    for (int t = 0; t < 3; t++) {
      sweep(n, A);
      sweep_plain(n, B);
    }
    failures += memcmp(A, B, sizeof(double[n][n])) != 0;
    free(A);
    free(B);
  }
  if (failures)
    printf("MISMATCH concurrent_calls: %d callers differ\n", failures);
  else
    printf("OK concurrent_calls\n");
  return failures != 0;
}
