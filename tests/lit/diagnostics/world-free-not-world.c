// omp_world_free of a pointer that is not in the world loop's `world`
// clause is an error at the argument (it reached the library's fallback,
// which said the call was outside a world loop, naming no place); a world
// variable's pointer is freed as before.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --check-prefix=COUNT %s
// COUNT-COUNT-2: error:
// COUNT-NOT: error:
#include <omp_world.h>
#include <stdlib.h>

int main(void) {
  long *A[2];
  long *local = malloc(64);
  #pragma omp world_parallel for world(A)
  for (int i = 0; i < 2; i++) {
    A[i] = omp_world_malloc(8);
    // CHECK: world-free-not-world.c:[[@LINE+3]]:20: error: 'omp_world_free' frees world memory: 'local' is not a variable of the loop's 'world' clause{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+2]] |     omp_world_free(local);{{$}}
    // CHECK-NEXT: {{^ *}}|                    ^{{$}}
    omp_world_free(local);
    // CHECK: world-free-not-world.c:[[@LINE+1]]:20: error: 'omp_world_free' frees world memory: 'local + 1' is not {{.*}}
    omp_world_free(local + 1);
    if (i == 1)
      omp_world_free(A[0]);
  }
  free(local);
  return 0;
}
