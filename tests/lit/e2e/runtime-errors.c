// Misuses found at run time stop the program with exit status 1 and a
// message naming the loop, never undefined behaviour: a tile size expression
// in the clause that evaluates to 0 or a negative number, a bad
// OMP_BLOCK_SIZE entry, a bad ORBIS_L2_CACHE_SIZE, a loop that never reaches
// its bound. What the program printed before is flushed.
//
// RUN: %orbis-cc -O2 %s -o %t
// RUN: env OMP_NUM_THREADS=2 %t 3 | FileCheck --check-prefix=OK %s
// OK: before
// OK-NEXT: sum 45
//
// RUN: not env OMP_NUM_THREADS=2 %t 0 > %t.out 2> %t.err
// RUN: FileCheck --check-prefix=ZERO %s < %t.err
// RUN: FileCheck --check-prefix=BEFORE %s < %t.out
// ZERO: orbis: {{.*}}runtime-errors.c:[[# @LINE + 60]]:{{[0-9]+}}: error: argument to 'schedule(blocked)' must be a positive integer, not 0{{$}}
// BEFORE: before
// BEFORE-NOT: sum
// RUN: bash -c 'OMP_NUM_THREADS=1 %t 0 >/dev/null 2>&1; echo "status $?"' | FileCheck --check-prefix=STATUS %s
// RUN: bash -c 'OMP_NUM_THREADS=3 %t -4 >/dev/null 2>&1; echo "status $?"' | FileCheck --check-prefix=STATUS %s
// STATUS: status 1
//
// RUN: not env OMP_NUM_THREADS=3 %t -4 2>&1 | FileCheck --check-prefix=NEG %s
// NEG: error: argument to 'schedule(blocked)' must be a positive integer, not -4{{$}}
//
// RUN: not env OMP_BLOCK_SIZE=abc %t env 2>&1 | FileCheck --check-prefix=ENVBAD %s
// ENVBAD: orbis: {{.*}}runtime-errors.c:{{[0-9]+}}:{{[0-9]+}}: error: OMP_BLOCK_SIZE entry 'abc' for nest level 0 must be a positive integer
// RUN: not env OMP_BLOCK_SIZE=4,0 %t env 2>&1 | FileCheck --check-prefix=ENVZERO %s
// ENVZERO: error: OMP_BLOCK_SIZE entry '0' for nest level 1 must be a positive integer
// RUN: not env OMP_BLOCK_SIZE=99999999999999999999 %t env 2>&1 | FileCheck --check-prefix=ENVHUGE %s
// ENVHUGE: error: OMP_BLOCK_SIZE entry '99999999999999999999' for nest level 0 is too large (at most 9223372036854775807)
// A malformed ORBIS_L2_CACHE_SIZE stops the program at the first loop,
// whichever policy it takes (only the loops that read it stopped).
// RUN: not env ORBIS_L2_CACHE_SIZE=abc %t env 2>&1 | FileCheck --check-prefix=L2BAD %s
// L2BAD: error: ORBIS_L2_CACHE_SIZE 'abc' must be a positive number of bytes
// RUN: env OMP_BLOCK_SIZE=4,2 %t env | FileCheck --check-prefix=ENVOK %s
// ENVOK: sum 45
//
// RUN: not env ORBIS_L2_CACHE_SIZE=1M %t env 2>&1 | FileCheck --check-prefix=L2 %s
// L2: error: ORBIS_L2_CACHE_SIZE '1M' must be a positive number of bytes
//
// RUN: not %t never 2>&1 | FileCheck --check-prefix=NEVER %s
// NEVER: error: blocked loop never reaches its bound (step 3 from 0 with '!= 10': the step does not divide the distance 10)
// RUN: not %t wrongway 2>&1 | FileCheck --check-prefix=WRONGWAY %s
// WRONGWAY: error: blocked loop never reaches its bound (step -1 from 0 with '< 10')
#include <omp_blocked.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  long sum = 0;
  printf("before\n");
  if (!strcmp(argv[1], "env")) {
    // Sizes from OMP_BLOCK_SIZE (both levels) and the L2 policy.
    #pragma omp parallel for schedule(blocked) reduction(+: sum)
    for (int i = 0; i < 10; i++) {
      #pragma omp for schedule(blocked)
      for (int j = 0; j < 1; j++)
        sum += i;
    }
  } else if (!strcmp(argv[1], "never")) {
    int step = 3;
    #pragma omp parallel for schedule(blocked, 2) reduction(+: sum)
    for (int i = 0; i != 10; i += step)
      sum += i;
  } else if (!strcmp(argv[1], "wrongway")) {
    int step = -1;
    #pragma omp parallel for schedule(blocked, 2) reduction(+: sum)
    for (int i = 0; i < 10; i += step)
      sum += i;
  } else {
    int size = atoi(argv[1]);
    #pragma omp parallel for schedule(blocked, size) reduction(+: sum)
    for (int i = 0; i < 10; i++)
      sum += i;
  }
  printf("sum %ld\n", sum);
  return 0;
}
