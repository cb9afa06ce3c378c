/// \file
/// Rows in lockstep over element types and loop forms (docs/lowering.md):
/// int, float and long long values passed between rows by shuffles,
/// unsigned char ones (no shuffle of that size) through memory, a sweep
/// counting down in both loops, and a distance (1, 1) that needs no lag.
/// Each nest is checked bit for bit against its sequential loops.
/// Usage: row_types N T
#include <omp_blocked.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

enum { PAD = 16 };

static void ints(int n, int (*A)[n]) {
  volatile int *done = NULL;
  #pragma omp parallel for schedule(blocked) map(tofrom: A[0:n])
  for (int x = 1; x < n - 1; x++) {
    #pragma omp single
    {
      done = calloc((omp_num_blocks() + 1) * PAD, sizeof(int));
      done[0] = n;
    }
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++) {
      while (done[xb * PAD] < y - 1 + omp_block_size()) {
      }
      #pragma omp block
      A[x][y] = (A[x-1][y] + A[x][y-1]) / 2 + A[x+1][y] % 7;
      #pragma omp atomic
      done[(xb + 1) * PAD] += omp_block_size();
    }
  }
  free((void *)done);
}

static void ints_plain(int n, int (*A)[n]) {
  for (int x = 1; x < n - 1; x++)
    for (int y = 1; y < n - 1; y++)
      A[x][y] = (A[x-1][y] + A[x][y-1]) / 2 + A[x+1][y] % 7;
}

static void floats(int n, float (*A)[n]) {
  volatile int *done = NULL;
  #pragma omp parallel for schedule(blocked) map(tofrom: A[0:n])
  for (int x = 1; x < n - 1; x++) {
    #pragma omp single
    {
      done = calloc((omp_num_blocks() + 1) * PAD, sizeof(int));
      done[0] = n;
    }
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++) {
      while (done[xb * PAD] < y - 1 + omp_block_size()) {
      }
      #pragma omp block
      A[x][y] = 0.5f * (A[x-1][y] + A[x][y-1]) - 0.25f * A[x][y+1];
      #pragma omp atomic
      done[(xb + 1) * PAD] += omp_block_size();
    }
  }
  free((void *)done);
}

static void floats_plain(int n, float (*A)[n]) {
  for (int x = 1; x < n - 1; x++)
    for (int y = 1; y < n - 1; y++)
      A[x][y] = 0.5f * (A[x-1][y] + A[x][y-1]) - 0.25f * A[x][y+1];
}

static void bytes(int n, unsigned char (*A)[n]) {
  volatile int *done = NULL;
  #pragma omp parallel for schedule(blocked) map(tofrom: A[0:n])
  for (int x = 1; x < n - 1; x++) {
    #pragma omp single
    {
      done = calloc((omp_num_blocks() + 1) * PAD, sizeof(int));
      done[0] = n;
    }
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++) {
      while (done[xb * PAD] < y - 1 + omp_block_size()) {
      }
      #pragma omp block
      A[x][y] = (unsigned char)(A[x-1][y] + 3 * A[x][y-1] + A[x+1][y]);
      #pragma omp atomic
      done[(xb + 1) * PAD] += omp_block_size();
    }
  }
  free((void *)done);
}

static void bytes_plain(int n, unsigned char (*A)[n]) {
  for (int x = 1; x < n - 1; x++)
    for (int y = 1; y < n - 1; y++)
      A[x][y] = (unsigned char)(A[x-1][y] + 3 * A[x][y-1] + A[x+1][y]);
}

static void down(int n, double (*A)[n]) {
  volatile int *done = NULL;
  #pragma omp parallel for schedule(blocked) map(tofrom: A[0:n])
  for (int x = n - 2; x >= 1; x--) {
    #pragma omp single
    {
      done = calloc((omp_num_blocks() + 1) * PAD, sizeof(int));
      done[0] = n;
    }
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = n - 2; y > 0; --y) {
      while (done[xb * PAD] < n - 2 - y + omp_block_size()) {
      }
      #pragma omp block
      A[x][y] = 0.5 * (A[x+1][y] + A[x][y+1]) - 0.125 * A[x-1][y];
      #pragma omp atomic
      done[(xb + 1) * PAD] += omp_block_size();
    }
  }
  free((void *)done);
}

static void down_plain(int n, double (*A)[n]) {
  for (int x = n - 2; x >= 1; x--)
    for (int y = n - 2; y > 0; --y)
      A[x][y] = 0.5 * (A[x+1][y] + A[x][y+1]) - 0.125 * A[x-1][y];
}

static void longs(int n, long long (*A)[n]) {
  volatile int *done = NULL;
  #pragma omp parallel for schedule(blocked) map(tofrom: A[0:n])
  for (long long x = 1; x < n - 1; x += 1) {
    #pragma omp single
    {
      done = calloc((omp_num_blocks() + 1) * PAD, sizeof(int));
      done[0] = n;
    }
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (long long y = 1; y < n - 1; ++y) {
      while (done[xb * PAD] < y - 1 + omp_block_size()) {
      }
      #pragma omp block
      A[x][y] = (A[x-1][y-1] + A[x][y-1] * 3) % 1000003;
      #pragma omp atomic
      done[(xb + 1) * PAD] += omp_block_size();
    }
  }
  free((void *)done);
}

static void longs_plain(int n, long long (*A)[n]) {
  for (long long x = 1; x < n - 1; x += 1)
    for (long long y = 1; y < n - 1; ++y)
      A[x][y] = (A[x-1][y-1] + A[x][y-1] * 3) % 1000003;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 301, t = argc > 2 ? atoi(argv[2]) : 2;
  int rc = 0;
#define RUN(NAME, T, INIT)                                                 \
  {                                                                        \
    T(*A)[n] = malloc(sizeof(T[n][n]));                                    \
    T(*B)[n] = malloc(sizeof(T[n][n]));                                    \
    for (int x = 0; x < n; x++)                                            \
      for (int y = 0; y < n; y++)                                          \
        A[x][y] = B[x][y] = (T)(INIT);                                     \
    for (int s = 0; s < t; s++) {                                          \
      NAME(n, A);                                                          \
      NAME##_plain(n, B);                                                  \
    }                                                                      \
    rc |= check_bytes("row_types " #NAME, A, B, sizeof(T[n][n]), sizeof(T)); \
    free(A);                                                               \
    free(B);                                                               \
  }
  RUN(ints, int, (x * 7 + y * 13) % 101)
  RUN(floats, float, ((x * 7 + y * 13) % 101) / 100.0f)
  RUN(bytes, unsigned char, x * 7 + y * 13)
  RUN(down, double, ((x * 7 + y * 13) % 101) / 100.0)
  RUN(longs, long long, (x * 7 + y * 13) % 101)
  return rc;
}
