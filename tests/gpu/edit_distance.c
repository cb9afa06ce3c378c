/// \file
/// A wavefront that is not Gauss-Seidel: the edit-distance table
/// D[i][j] = min(D[i-1][j] + 1, D[i][j-1] + 1, D[i-1][j-1] + (a[i-1] != b[j-1]))
/// with a helper function the instruction block calls (copied to the
/// device), a char array mapped `to` and the table mapped `tofrom`.
/// Usage: edit_distance n m
#include <omp_blocked.h>
#include <stdlib.h>

#include "check.h"

static int min3(int p, int q, int r) {
  int s = p < q ? p : q;
  return s < r ? s : r;
}

static void fill_blocked(int n, int m, const char *a, const char *b, int *D) {
  volatile int *done = NULL;
  #pragma omp parallel for schedule(blocked) map(to: a[0:n], b[0:m]) map(tofrom: D[0:(n + 1) * (m + 1)])
  for (int i = 1; i <= n; ++i) {
    #pragma omp single
    {
      done = calloc(omp_num_blocks() + 1, sizeof(int));
      done[0] = m;
    }
    const int ib = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int j = 1; j <= m; ++j) {
      while (done[ib] < j + omp_block_size() - 1) {
      }
      #pragma omp block
      D[i * (m + 1) + j] =
          min3(D[(i - 1) * (m + 1) + j] + 1, D[i * (m + 1) + j - 1] + 1,
               D[(i - 1) * (m + 1) + j - 1] + (a[i - 1] != b[j - 1]));
      #pragma omp atomic
      done[ib + 1] += omp_block_size();
    }
  }
  free((void *)done);
}

static void fill_plain(int n, int m, const char *a, const char *b, int *D) {
  for (int i = 1; i <= n; ++i)
    for (int j = 1; j <= m; ++j)
      D[i * (m + 1) + j] =
          min3(D[(i - 1) * (m + 1) + j] + 1, D[i * (m + 1) + j - 1] + 1,
               D[(i - 1) * (m + 1) + j - 1] + (a[i - 1] != b[j - 1]));
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 300, m = argc > 2 ? atoi(argv[2]) : 201;
  char *a = malloc(n + 1), *b = malloc(m + 1);
  unsigned seed = 7;
  for (int k = 0; k < n; k++)
    a[k] = 'a' + ((seed = seed * 1103515245u + 12345u) >> 16) % 4;
  for (int k = 0; k < m; k++)
    b[k] = 'a' + ((seed = seed * 1103515245u + 12345u) >> 16) % 4;
  size_t cells = (size_t)(n + 1) * (m + 1);
  int *D = malloc(cells * sizeof(int)), *R = malloc(cells * sizeof(int));
  for (int i = 0; i <= n; i++)
    D[i * (m + 1)] = R[i * (m + 1)] = i;
  for (int j = 0; j <= m; j++)
    D[j] = R[j] = j;
  fill_blocked(n, m, a, b, D);
  fill_plain(n, m, a, b, R);
  return check_bytes("edit_distance", D, R, cells * sizeof(int), sizeof(int));
}
