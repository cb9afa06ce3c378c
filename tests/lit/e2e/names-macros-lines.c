// Regression tests of issue 7, defects 1, 5, 6 and 9, run and compared with
// the sequential program:
// - a pre-block local named like a variable of an enclosing loop's
//   increment ('x += s' with 'int s' in the inner pre-block) does not change
//   the increment (the element loops use the step evaluated at the loop);
// - bodies and instruction blocks whose last token comes from a macro
//   ('... * ALPHA;', 'assert(...)') are accepted and run per iteration;
// - bounds and steps read from bit-fields;
// - the user's '#line' stays in force: __LINE__ and __FILE__ in the nest,
//   after it, and the run-time message of a bad tile size name the renamed
//   file and line.
// RUN: %clang-seq -O2 %s -o %t.seq
// RUN: %orbis-cc -O2 %s -o %t.par
// RUN: %t.seq 40 > %t.ref
// RUN: env OMP_NUM_THREADS=1 %t.par 40 | diff - %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.par 40 | diff - %t.ref
// RUN: env OMP_NUM_THREADS=4 %t.par 97 > %t.out97 && %t.seq 97 | diff - %t.out97
// RUN: env OMP_NUM_THREADS=2 not %t.par 0 2>&1 | FileCheck --check-prefix=FATAL %s
#include <assert.h>
#include <omp_blocked.h>
#include <stdio.h>
#include <stdlib.h>

#define ALPHA 3
#define TWICE(v) ((v) * 2)

struct shape {
  unsigned rows : 7;
  unsigned step : 3;
};

static long grid[200][64];

int main(int argc, char **argv) {
  int n = atoi(argv[1]);
  int s = 2;
  long sum = 0;
  // defect 1: 'int s' in the inner pre-block must not become x's step
  #pragma omp parallel for schedule(blocked, 4) reduction(+ : sum)
  for (int x = 0; x < n; x += s) {
    #pragma omp for schedule(blocked, 3)
    for (int y = 0; y < 10; y++) {
      int s = 5;
      #pragma omp block
      sum += x * 100 + y + s;
    }
  }
  printf("shadowed step: %ld\n", sum);

  // defect 6: the last token of a body or instruction block from a macro
  #pragma omp parallel for schedule(blocked, 5)
  for (int i = 0; i < n; i++)
    grid[i][0] = i * ALPHA;
  #pragma omp parallel for schedule(blocked, 5)
  for (int i = 0; i < n; i++)
    assert(grid[i][0] == i * ALPHA);
  #pragma omp parallel for schedule(blocked, 4)
  for (int i = 0; i < n; i++) {
    #pragma omp for schedule(blocked, 7)
    for (int j = 0; j < 64; j++) {
      #pragma omp block
      grid[i][j] = TWICE(grid[i][0] + j);
    }
  }
  long check = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 64; j++)
      check = check * 31 + grid[i][j];
  printf("macro bodies: %ld\n", check);

  // defect 9: bounds and steps read from bit-fields
  struct shape sh = {.rows = 100, .step = 3};
  long bits = 0;
  #pragma omp parallel for schedule(blocked, 6) reduction(+ : bits)
  for (int i = 1; i < sh.rows; i += sh.step)
    bits += i;
  printf("bit-fields: %ld\n", bits);

  // defect 5: the user's #line is kept
  int inner[200] = {0}, post[200] = {0};
  int size = n > 0 ? 3 : 0;
#line 500 "renamed.c"
  #pragma omp parallel for schedule(blocked, size)
  for (int x = 0; x < n; x++) {
    #pragma omp for schedule(blocked, 2)
    for (int y = 0; y < 1; y++) {
      #pragma omp block
      inner[x] = __LINE__;
    }
    post[x] = __LINE__;
  }
  int after = __LINE__;
  printf("lines: %d %d %d %s\n", inner[n - 1], post[0], after, __FILE__);
  return 0;
}
// FATAL: orbis: renamed.c:500:3: error: argument to 'schedule(blocked)' must be a positive integer
