/// \file
/// Two more wavefronts in C on the GPU: a linear recurrence in doubles
/// (`<=` bounds), and a float suffix table computed backwards (loops that
/// count down, one by `j -= 1`). Usage: pipeline_recurrence n
#include <omp_blocked.h>
#include <stdlib.h>

#include "check.h"

static void recurrence(int n, int m, double a, double b, const double *X,
                       double *S) {
  volatile int *done = NULL;
  #pragma omp parallel for schedule(blocked) map(to: X[0:(n + 1) * (m + 1)]) map(tofrom: S[0:(n + 1) * (m + 1)])
  for (int i = 1; i <= n; i++) {
    #pragma omp single
    {
      done = calloc(omp_num_blocks() + 1, sizeof(int));
      done[0] = m;
    }
    int ib = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int j = 1; j <= m; j++) {
      while (done[ib] < j + omp_block_size() - 1) {
      }
      #pragma omp block
      {
        double up = S[(i - 1) * (m + 1) + j], left = S[i * (m + 1) + j - 1];
        S[i * (m + 1) + j] = up * a + left * b + X[i * (m + 1) + j];
      }
      #pragma omp atomic
      done[ib + 1] += omp_block_size();
    }
  }
  free((void *)done);
}

static void suffix_area(int n, int m, const float *X, float *P) {
  volatile int *done = NULL;
  #pragma omp parallel for schedule(blocked) map(to: X[0:(n + 1) * (m + 1)]) map(tofrom: P[0:(n + 1) * (m + 1)])
  for (int i = n - 1; i >= 0; i--) {
    #pragma omp single
    {
      done = calloc(omp_num_blocks() + 1, sizeof(int));
      done[0] = m;
    }
    int ib = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int j = m - 1; j >= 0; j -= 1) {
      while (done[ib] < m - j + omp_block_size() - 1) {
      }
      #pragma omp block
      P[i * (m + 1) + j] = X[i * (m + 1) + j] + P[(i + 1) * (m + 1) + j] +
                           P[i * (m + 1) + j + 1] -
                           P[(i + 1) * (m + 1) + j + 1];
      #pragma omp atomic
      done[ib + 1] += omp_block_size();
    }
  }
  free((void *)done);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 301, m = n + 5;
  size_t cells = (size_t)(n + 1) * (m + 1);
  double *X = malloc(cells * sizeof(double)), *S = calloc(cells, sizeof(double)),
         *SR = calloc(cells, sizeof(double));
  float *Xf = malloc(cells * sizeof(float)), *P = calloc(cells, sizeof(float)),
        *PR = calloc(cells, sizeof(float));
  for (size_t c = 0; c < cells; c++) {
    X[c] = (double)((c * 2654435761u) % 1000) / 997.0 - 0.5;
    Xf[c] = (float)((c * 40503u) % 100) / 7.0f;
  }
  recurrence(n, m, 0.5, 0.25, X, S);
  for (int i = 1; i <= n; i++)
    for (int j = 1; j <= m; j++)
      SR[i * (m + 1) + j] = SR[(i - 1) * (m + 1) + j] * 0.5 +
                            SR[i * (m + 1) + j - 1] * 0.25 + X[i * (m + 1) + j];
  suffix_area(n, m, Xf, P);
  for (int i = n - 1; i >= 0; i--)
    for (int j = m - 1; j >= 0; j -= 1)
      PR[i * (m + 1) + j] = Xf[i * (m + 1) + j] + PR[(i + 1) * (m + 1) + j] +
                            PR[i * (m + 1) + j + 1] -
                            PR[(i + 1) * (m + 1) + j + 1];
  int rc = check_bytes("recurrence", S, SR, cells * sizeof(double),
                       sizeof(double));
  rc |= check_bytes("suffix_area", P, PR, cells * sizeof(float), sizeof(float));
  return rc;
}
