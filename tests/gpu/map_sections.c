/// \file
/// A pointer's `map` section must hold what the instruction block touches:
/// the device copies only the section, so a section one row short had the
/// kernel read rows never copied (a wrong result the CPU program does not
/// have). The launch now stops naming the access, the element and the
/// clause. Reads the program guards (`x > 0 ? A[x - 1][y] : 0`) are not
/// held against the section.
/// Inside a `target data` region that holds all of A, the nest uses the
/// region's copy, so a shorter section on the nest is not an error.
/// Usage: map_sections N [LOWER LENGTH [data]] (the section of A; default 0,
/// N; `data`: the nest inside `target data map(to: A[0:N])`)
#include <omp_blocked.h>
#include <stdlib.h>

#include "check.h"

/// B from A on the GPU, A mapped as the section [lower, lower + length).
static void blur(int n, double (*A)[n], double (*B)[n], int lower,
                 int length) {
  #pragma omp parallel for schedule(blocked) map(to: A[lower:length]) map(from: B[0:n])
  for (int x = 0; x < n; x++)
    #pragma omp for schedule(blocked)
    for (int y = 0; y < n; y++)
      B[x][y] = 0.5 * A[x][y] + (x > 0 ? A[x - 1][y] : 0) +
                (x + 1 < n ? A[x + 1][y] : 0);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 300;
  int lower = argc > 2 ? atoi(argv[2]) : 0;
  int length = argc > 3 ? atoi(argv[3]) : n;
  double(*A)[n] = malloc(sizeof(double[n][n]));
  double(*B)[n] = malloc(sizeof(double[n][n]));
  double(*Want)[n] = malloc(sizeof(double[n][n]));
  for (int x = 0; x < n; x++)
    for (int y = 0; y < n; y++)
      A[x][y] = (x * 7 + y * 3) % 13;
  if (argc > 4) {
    #pragma omp target data map(to: A[0:n])
    blur(n, A, B, lower, length);
  } else {
    blur(n, A, B, lower, length);
  }
  for (int x = 0; x < n; x++)
    for (int y = 0; y < n; y++)
      Want[x][y] = 0.5 * A[x][y] + (x > 0 ? A[x - 1][y] : 0) +
                   (x + 1 < n ? A[x + 1][y] : 0);
  int failed = check_bytes("map_sections", B, Want, sizeof(double[n][n]),
                           sizeof(double));
  free(A);
  free(B);
  free(Want);
  return failed;
}
