// Reads the rows in lockstep must leave where they are, each checked bit
// for bit against the sequential loops (1 thread; tiles from 1 x 1 up):
// - a guarded left neighbour (`y > 0 ? A[x][y - 1] : 1.0`) at y = 0: the
//   group's first step loaded A[x][-1] ahead of the guard (the grid starts
//   right after a page that cannot be read, so that load faulted);
// - an element whose address is taken (`*(&A[x][y - 1] + 2)` is A[x][y + 1],
//   `*&A[x - 1][y]`): the model took them for reads of the subscripts'
//   element, a register replaced `A[x][y - 1]` (a wrong value) or made
//   `&` of a value (a compile error). Now their distance is unknown, and
//   the tile keeps the plain order;
// - a read passed to a macro that uses its argument twice
//   (`SQ(A[x][y - 1])`): one text, two accesses, replaced twice into
//   garbled code.
// RUN: %orbis-cc -O1 %s -o %t
// RUN: env OMP_NUM_THREADS=1 ORBIS_VERBOSE=1 %t 2>&1 | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 OMP_BLOCK_SIZE=6,5 %t | FileCheck --check-prefix=OUT %s
// RUN: env OMP_NUM_THREADS=1 OMP_BLOCK_SIZE=13,2 %t | FileCheck --check-prefix=OUT %s
// RUN: env OMP_NUM_THREADS=1 OMP_BLOCK_SIZE=1,1 %t | FileCheck --check-prefix=OUT %s
// CHECK: lockstep-escapes.c:[[#@LINE+33]]:{{.*}} level 1: {{.*}}; in a tile: 6 rows 2 columns apart, rows in lockstep, lag 1 (distances (0, 1) (1, 0)), 2 reads from registers{{$}}
// CHECK: lockstep-escapes.c:[[#@LINE+45]]:{{.*}} level 1: {{.*}}; in a tile: plain order (the distance from 'A[x][y]' to 'A[x][y - 1]' is unknown (the address of an element is taken)){{$}}
// CHECK: lockstep-escapes.c:[[#@LINE+57]]:{{.*}} level 1: {{.*}}; in a tile: plain order (the distance from 'A[x][y]' to 'A[x - 1][y]' is unknown (the address of an element is taken)){{$}}
// CHECK: lockstep-escapes.c:[[#@LINE+69]]:{{.*}} level 1: {{.*}}; in a tile: 6 rows 2 columns apart, rows in lockstep, lag 1 (distances (0, 1) (1, 0)), 2 reads from registers{{$}}
// OUT: OK guarded
// OUT-NEXT: OK address
// OUT-NEXT: OK address-of-value
// OUT-NEXT: OK macro-twice
#include <omp_blocked.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

enum { N = 40, M = 45 };
typedef double Grid[N][M];
static Grid R;
#define SQ(e) ((e) * (e))

static void fill(Grid A) {
  for (int x = 0; x < N; x++)
    for (int y = 0; y < M; y++)
      A[x][y] = R[x][y] = (x * 31 + y * 17) % 23 / 8.0;
}

static void report(const char *What, Grid A) {
  printf("%s %s\n", memcmp(A, R, sizeof(Grid)) ? "MISMATCH" : "OK", What);
}

static void guarded(Grid A) {
  fill(A);
  #pragma omp parallel for schedule(blocked)
  for (int x = 0; x < N; x++)
    #pragma omp for schedule(blocked)
    for (int y = 0; y < M; y++)
      A[x][y] = 0.5 * (y > 0 ? A[x][y - 1] : 1.0) + 0.25 * (x > 0 ? A[x - 1][y] : 2.0);
  for (int x = 0; x < N; x++)
    for (int y = 0; y < M; y++)
      R[x][y] = 0.5 * (y > 0 ? R[x][y - 1] : 1.0) + 0.25 * (x > 0 ? R[x - 1][y] : 2.0);
  report("guarded", A);
}

static void address(Grid A) {
  fill(A);
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < M - 1; y++)
      A[x][y] = 0.5 * A[x - 1][y] + 0.5 * *(&A[x][y - 1] + 2);
  for (int x = 1; x < N - 1; x++)
    for (int y = 1; y < M - 1; y++)
      R[x][y] = 0.5 * R[x - 1][y] + 0.5 * *(&R[x][y - 1] + 2);
  report("address", A);
}

static void addressOfValue(Grid A) {
  fill(A);
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < M - 1; y++)
      A[x][y] = 0.5 * A[x][y - 1] + 0.5 * *&A[x - 1][y];
  for (int x = 1; x < N - 1; x++)
    for (int y = 1; y < M - 1; y++)
      R[x][y] = 0.5 * R[x][y - 1] + 0.5 * R[x - 1][y];
  report("address-of-value", A);
}

static void macroTwice(Grid A) {
  fill(A);
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < M - 1; y++)
      A[x][y] = 0.5 * SQ(A[x][y - 1]) + 0.25 * A[x - 1][y];
  for (int x = 1; x < N - 1; x++)
    for (int y = 1; y < M - 1; y++)
      R[x][y] = 0.5 * SQ(R[x][y - 1]) + 0.25 * R[x - 1][y];
  report("macro-twice", A);
}

int main(void) {
  // The grid right after a page that cannot be read.
  long Page = sysconf(_SC_PAGESIZE);
  char *P = mmap(NULL, Page + sizeof(Grid), PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (P == MAP_FAILED || mprotect(P, Page, PROT_NONE))
    return 1;
  double (*A)[M] = (double (*)[M])(P + Page);
  guarded(A);
  address(A);
  addressOfValue(A);
  macroTwice(A);
  return 0;
}
