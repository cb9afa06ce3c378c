/// \file
/// GS2D and edit distance written with the extensions, for the GPU
/// (`parallel for schedule(blocked)`, offloaded by --offload=cuda) and for
/// the CPU reference (the same code as an orphaned `for schedule(blocked)`
/// in a `parallel` region, which stays on the host).
#include "gs2d_cuda.h"

#include <omp.h>
#include <omp_blocked.h>
#include <stdlib.h>

enum { PAD = 16 };

/// One sweep, Algorithm 1, on the GPU.
static void sweep_gpu(int n, double (*A)[n]) {
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

/// The same sweep with the tile and a one-cell halo staged in shared
/// memory (block_local): the instruction blocks read and write on-chip.
static void sweep_gpu_staged(int n, double (*A)[n]) {
  volatile int *counters = NULL;
  #pragma omp parallel for schedule(blocked) map(tofrom: A[0:n]) block_local(A, (x, y), 1)
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

double gs2d_orbis_cuda_staged(int n, double *a, int sweeps) {
  double(*A)[n] = (double(*)[n])a;
  double seconds = 0;
  #pragma omp target data map(tofrom: A[0:n])
  {
    double t0 = omp_get_wtime();
    for (int t = 0; t < sweeps; t++)
      sweep_gpu_staged(n, A);
    seconds = omp_get_wtime() - t0;
  }
  return seconds;
}

double gs2d_orbis_cuda(int n, double *a, int sweeps) {
  double(*A)[n] = (double(*)[n])a;
  double seconds = 0;
  #pragma omp target data map(tofrom: A[0:n])
  {
    double t0 = omp_get_wtime();
    for (int t = 0; t < sweeps; t++)
      sweep_gpu(n, A);
    seconds = omp_get_wtime() - t0;
  }
  return seconds;
}

/// The same source with the intra-tile copies of the pre/post-blocks
/// instead of rows in lockstep (ORBIS_GPU_SCHEDULE=copies): what the
/// schedule derived from the dependences gains.
double gs2d_orbis_cuda_copies(int n, double *a, int sweeps) {
  setenv("ORBIS_GPU_SCHEDULE", "copies", 1);
  double seconds = gs2d_orbis_cuda(n, a, sweeps);
  unsetenv("ORBIS_GPU_SCHEDULE");
  return seconds;
}

/// One sweep, Algorithm 1, on the CPU's cores.
static void sweep_cpu(int n, double (*A)[n]) {
  volatile int *counters = NULL;
  #pragma omp parallel
  {
    #pragma omp for schedule(blocked)
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
  }
  free((void *)counters);
}

double gs2d_cpu(int n, double *a, int sweeps) {
  double(*A)[n] = (double(*)[n])a;
  double t0 = omp_get_wtime();
  for (int t = 0; t < sweeps; t++)
    sweep_cpu(n, A);
  return omp_get_wtime() - t0;
}

static int min3(int p, int q, int r) {
  int s = p < q ? p : q;
  return s < r ? s : r;
}

double edit_distance_gpu(int n, int m, const char *a, const char *b, int *D) {
  volatile int *done = NULL;
  double seconds = 0;
  #pragma omp target data map(to: a[0:n], b[0:m]) map(tofrom: D[0:(n + 1) * (m + 1)])
  {
    double t0 = omp_get_wtime();
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
    seconds = omp_get_wtime() - t0;
  }
  free((void *)done);
  return seconds;
}

double edit_distance_cpu(int n, int m, const char *a, const char *b, int *D) {
  volatile int *done = NULL;
  double t0 = omp_get_wtime();
  #pragma omp parallel
  {
    #pragma omp for schedule(blocked)
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
  }
  double seconds = omp_get_wtime() - t0;
  free((void *)done);
  return seconds;
}
