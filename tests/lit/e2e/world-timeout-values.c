// ORBIS_WORLD_TIMEOUT: a value that is not a positive number of seconds
// stops the program at the world's start, naming it (garbage, -1, 0 and
// inf were taken for "no limit", leaving the wait below unbounded); a
// timeout's stop flushes the program's output first, as every other stop
// does (it was lost when stdout was a pipe). An empty value is unset.
// ORBIS_WORLD_SPIN outside 0..1000000 (a negative or huge count left a
// waiter spinning for ever, past the timeout) and ORBIS_WORLD_YIELD or
// ORBIS_WORLD_DEADLOCK other than 0 or 1 stop it the same way.
// RUN: %orbis-cc -O1 %s -o %t
// RUN: env ORBIS_WORLD_TIMEOUT=abc not %t 2>&1 | FileCheck --check-prefix=ABC %s
// RUN: env ORBIS_WORLD_TIMEOUT=-1 not %t 2>&1 | FileCheck --check-prefix=NEG %s
// RUN: env ORBIS_WORLD_TIMEOUT=0 not %t 2>&1 | FileCheck --check-prefix=ZERO %s
// RUN: env ORBIS_WORLD_TIMEOUT=1e999 not %t 2>&1 | FileCheck --check-prefix=INF %s
// RUN: env ORBIS_WORLD_SPIN=-5 not %t 2>&1 | FileCheck --check-prefix=SPIN %s
// RUN: env ORBIS_WORLD_SPIN=99999999999 not %t 2>&1 | FileCheck --check-prefix=SPINBIG %s
// RUN: env ORBIS_WORLD_SPIN=abc not %t 2>&1 | FileCheck --check-prefix=SPINABC %s
// RUN: env ORBIS_WORLD_DEADLOCK=off not %t 2>&1 | FileCheck --check-prefix=DEADLOCK %s
// RUN: env ORBIS_WORLD_YIELD=yes not %t 2>&1 | FileCheck --check-prefix=YIELD %s
// SPIN: ORBIS_WORLD_SPIN '-5' must be a number of rounds from 0 to 1000000
// SPINBIG: ORBIS_WORLD_SPIN '99999999999' must be a number of rounds from 0 to 1000000
// SPINABC: ORBIS_WORLD_SPIN 'abc' must be a number of rounds from 0 to 1000000
// DEADLOCK: ORBIS_WORLD_DEADLOCK 'off' must be 0 or 1
// YIELD: ORBIS_WORLD_YIELD 'yes' must be 0 or 1
// RUN: env ORBIS_WORLD_TIMEOUT=1 ORBIS_WORLD_SPIN=500 ORBIS_WORLD_DEADLOCK=0 not %t > %t.out 2> %t.err
// RUN: FileCheck --check-prefix=OUT %s < %t.out
// RUN: FileCheck --check-prefix=ERR %s < %t.err
// ABC: orbis: world_parallel at {{.*}}world-timeout-values.c:[[#@LINE+12]]: invalid argument: ORBIS_WORLD_TIMEOUT 'abc' must be a positive number of seconds
// NEG: ORBIS_WORLD_TIMEOUT '-1' must be a positive number of seconds
// ZERO: ORBIS_WORLD_TIMEOUT '0' must be a positive number of seconds
// INF: ORBIS_WORLD_TIMEOUT '1e999' must be a positive number of seconds
// OUT: before the wait
// ERR: orbis: rank 0: world load at {{.*}}world-timeout-values.c:[[#@LINE+12]] waited more than 1 s for element 1 of allocation {{[0-9]+}} owned by rank 0 (ORBIS_WORLD_TIMEOUT)
#include <omp_world.h>
#include <stdio.h>

int main(void) {
  long *A[1];
  // Nobody writes A[0][1]: the read waits until the timeout.
  #pragma omp world_parallel for world(A)
  for (int i = 0; i < 1; i++) {
    A[0] = omp_world_malloc(2);
    A[0][0] = 7;
    printf("before the wait\n");
    printf("%ld\n", A[0][1]);
  }
  return 0;
}
