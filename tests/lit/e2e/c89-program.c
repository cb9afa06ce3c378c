/* A C89 program (declarations first, block comments) with a blocked nest,
   its pre- and post-blocks, a single, an atomic and the tile queries builds
   under -std=c89 -pedantic -Werror and gives the sequential result: the
   lowered code's `inline` helpers, its `#include <omp.h>` (clang's does not
   compile in C89), C99 declarations and a variadic macro made errors and
   warnings at the user's lines.
   RUN: %clang-seq -std=c89 -O1 %s -o %t.seq
   RUN: %orbis-cc -std=c89 -pedantic -Werror -O1 %s -o %t.par
   RUN: %t.seq > %t.ref
   RUN: env OMP_NUM_THREADS=3 %t.par | diff - %t.ref
   RUN: %orbis-cc -std=gnu89 -Wall -Wextra -Werror -O1 %s -o %t.gnu
   RUN: env OMP_NUM_THREADS=2 %t.gnu | diff - %t.ref
*/
#include <omp_blocked.h>
#include <stdio.h>

#define N 37
static double A[N][N];
static int Tiles;
static int Rows;

int main(void) {
  int x, y;
  double sum;
  for (x = 0; x < N; x++)
    for (y = 0; y < N; y++)
      A[x][y] = (x * 7 + y * 3) % 11;
#pragma omp parallel for schedule(blocked, 5)
  for (x = 1; x < N - 1; x++) {
#pragma omp single
    {
      Rows = omp_total_size();
    }
#pragma omp for schedule(blocked, 6)
    for (y = 1; y < N - 1; y++) {
#pragma omp block
      A[x][y] = 0.5 * A[x][y] + 0.25 * (A[x][y - 1] + A[x][y + 1]);
    }
#pragma omp atomic
    Tiles++;
  }
  sum = 0;
  for (x = 0; x < N; x++)
    for (y = 0; y < N; y++)
      sum += A[x][y];
  /* The sequential program has no tiles: the counts are printed apart. */
  printf("%.17g %d\n", sum, Rows > 0);
  return 0;
}
