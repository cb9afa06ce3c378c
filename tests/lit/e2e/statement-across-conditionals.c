// A loop body without braces whose statement runs across conditional
// directives (`B[x] = A[x]` / `#ifdef E` / `+ 1` / `#endif` / `;`) ends at
// the `;` the compiler sees, past directive lines and the branches the
// preprocessor skipped (a `;` in a skipped branch is not it): the lowering
// took the statement's end before the directives, lost the `;`, and the
// valid program failed with "expected ';' after expression". Both ways of
// each condition, nested levels, an atomic counter, bit-identical to the
// sequential program.
// RUN: %clang-seq -O1 %s -o %t.seq
// RUN: %orbis-cc -O1 -Wall -Werror %s -o %t.par
// RUN: %clang-seq -O1 -DE -DF %s -o %t.seq-e
// RUN: %orbis-cc -O1 -Wall -Werror -DE -DF %s -o %t.par-e
// RUN: %t.seq > %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.par | diff - %t.ref
// RUN: %t.seq-e > %t.ref-e
// RUN: env OMP_NUM_THREADS=3 %t.par-e | diff - %t.ref-e
// RUN: not diff %t.ref %t.ref-e
#include <omp_blocked.h>
#include <stdio.h>

int A[100], B[100], C[40][50];
long Count[8];

int main(void) {
  for (int x = 0; x < 100; x++)
    A[x] = x * 3;
#pragma omp parallel for schedule(blocked, 8)
  for (int x = 0; x < 100; x++)
    B[x] = A[x]
#ifdef E
      + 1
#endif
      ;
#pragma omp parallel for schedule(blocked, 7)
  for (int x = 0; x < 40; x++)
#pragma omp for schedule(blocked, 6)
    for (int y = 0; y < 50; y++)
      C[x][y] = x * y
#if defined(F) && \
    defined(E)
      - 2;
#else
      + 2 /* ; */ ;
#endif
#pragma omp parallel for schedule(blocked, 10)
  for (int x = 0; x < 100; x++)
#pragma omp atomic
    Count[x % 8] += 1
#ifndef E
      + A[x]
#endif
      ;
  long s = 0;
  for (int x = 0; x < 100; x++)
    s += B[x];
  for (int x = 0; x < 40; x++)
    for (int y = 0; y < 50; y++)
      s += C[x][y] * (x + 1);
  for (int k = 0; k < 8; k++)
    s += Count[k] * (k + 1);
  printf("%ld\n", s);
  return 0;
}
