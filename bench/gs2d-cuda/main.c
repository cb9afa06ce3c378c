/// \file
/// bench-gs2d-cuda: GS2D on the GPU (design/BENCHMARKS.md): `orbis-cuda`
/// (Algorithm 1 through orbis-cc --offload=cuda) and `cuda-hand` (a
/// hand-written CUDA tile wavefront) at each N, each run's grid compared
/// bit for bit with the CPU result (Algorithm 1 on the host's cores, itself
/// bit-identical to the sequential sweeps); GCUP/s and the fraction of the
/// bandwidth limit (16 B per cell over the device-to-device copy bandwidth
/// measured in the same run). Then the edit-distance wavefront on the GPU
/// against its CPU run.
///
/// Usage: bench-gs2d-cuda [--n 8192,16384,32768] [--sweeps 10] [--reps 3]
///                        [--edit 20000]
#include "gs2d_cuda.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void init(int n, double *a) {
  for (int x = 0; x < n; x++)
    for (int y = 0; y < n; y++)
      a[(size_t)x * n + y] = (x == 0 || y == 0 || x == n - 1 || y == n - 1)
                                 ? 1.0
                                 : (double)((x * 7 + y * 13) % 101) / 100.0;
}

static int cmp_double(const void *p, const void *q) {
  double a = *(const double *)p, b = *(const double *)q;
  return (a > b) - (a < b);
}

int main(int argc, char **argv) {
  int ns[8] = {8192, 16384, 32768}, count = 3, sweeps = 10, reps = 3;
  int edit = 20000;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!strcmp(argv[i], "--n")) {
      count = 0;
      for (char *p = strtok(argv[i + 1], ","); p && count < 8;
           p = strtok(NULL, ","))
        ns[count++] = atoi(p);
    } else if (!strcmp(argv[i], "--sweeps")) {
      sweeps = atoi(argv[i + 1]);
    } else if (!strcmp(argv[i], "--reps")) {
      reps = atoi(argv[i + 1]);
    } else if (!strcmp(argv[i], "--edit")) {
      edit = atoi(argv[i + 1]);
    } else {
      fprintf(stderr, "usage: %s [--n N,...] [--sweeps T] [--reps R] "
                      "[--edit N]\n", argv[0]);
      return 2;
    }
  }
  double bandwidth = gs2d_copy_bandwidth(1ull << 30);
  double limit = bandwidth / 16 / 1e9;
  printf("device-to-device copy: %.0f GB/s, so the GS2D limit is %.1f "
         "GCUP/s (16 B per cell)\n", bandwidth / 1e9, limit);
  printf("%-6s %-11s %8s %8s %8s %7s %9s\n", "N", "variant", "GCUP/s", "min",
         "max", "limit", "vs-hand");
  int failed = 0;
  for (int k = 0; k < count; k++) {
    int n = ns[k];
    size_t cells = (size_t)n * n;
    double *ref = malloc(cells * sizeof(double));
    double *grid = malloc(cells * sizeof(double));
    if (!ref || !grid) {
      fprintf(stderr, "cannot allocate two %dx%d grids\n", n, n);
      return 2;
    }
    init(n, ref);
    double cpu = gs2d_cpu(n, ref, sweeps);
    double updates = (double)(n - 2) * (n - 2) * sweeps;
    printf("%-6d %-11s %8.2f %8s %8s %7s %9s\n", n, "cpu", updates / cpu / 1e9,
           "", "", "", "");
    enum { V = 4 };
    double (*run[V])(int, double *, int) = {gs2d_orbis_cuda,
                                            gs2d_orbis_cuda_copies,
                                            gs2d_orbis_cuda_staged,
                                            gs2d_cuda_hand};
    const char *names[V] = {"orbis-cuda", "orbis-copies", "orbis-cuda-bl",
                            "cuda-hand"};
    double rates[V][16], median[V];
    // Interleaved repetitions: one of each variant, then the next.
    for (int r = 0; r < reps && r < 16; r++)
      for (int v = 0; v < V; v++) {
        init(n, grid);
        double s = run[v](n, grid, sweeps);
        if (memcmp(grid, ref, cells * sizeof(double)) != 0) {
          printf("%-6d %-11s WRONG: not bit-identical to the CPU result\n", n,
                 names[v]);
          failed = 1;
        }
        rates[v][r] = updates / s / 1e9;
      }
    for (int v = 0; v < V; v++)
      qsort(rates[v], reps, sizeof(double), cmp_double), median[v] = rates[v][reps / 2];
    for (int v = 0; v < V; v++)
      printf("%-6d %-11s %8.2f %8.2f %8.2f %6.1f%% %8.2fx\n", n, names[v],
             median[v], rates[v][0], rates[v][reps - 1],
             100 * median[v] / limit, median[v] / median[V - 1]);
    free(ref);
    free(grid);
  }
  if (edit > 0) {
    int n = edit, m = edit;
    char *a = malloc(n), *b = malloc(m);
    unsigned seed = 7;
    for (int i = 0; i < n; i++)
      a[i] = 'a' + ((seed = seed * 1103515245u + 12345u) >> 16) % 4;
    for (int j = 0; j < m; j++)
      b[j] = 'a' + ((seed = seed * 1103515245u + 12345u) >> 16) % 4;
    size_t cells = (size_t)(n + 1) * (m + 1);
    int *D = malloc(cells * sizeof(int)), *R = malloc(cells * sizeof(int));
    for (int i = 0; i <= n; i++)
      D[(size_t)i * (m + 1)] = R[(size_t)i * (m + 1)] = i;
    for (int j = 0; j <= m; j++)
      D[j] = R[j] = j;
    double cpu = edit_distance_cpu(n, m, a, b, R);
    double gpu = edit_distance_gpu(n, m, a, b, D);
    int same = memcmp(D, R, cells * sizeof(int)) == 0;
    printf("edit distance %dx%d: GPU %.2f GCUP/s, CPU %.2f GCUP/s (%.2fx)%s\n",
           n, m, (double)n * m / gpu / 1e9, (double)n * m / cpu / 1e9,
           cpu / gpu, same ? "" : " WRONG: tables differ");
    failed |= !same;
  }
  return failed;
}
