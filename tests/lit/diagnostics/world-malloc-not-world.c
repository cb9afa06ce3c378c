// World memory belongs to a world pointer: the result of omp_world_malloc
// assigned to anything else is an error at the call (it compiled, and the
// run said "omp_world_malloc called outside '#pragma omp world_parallel
// for'", with the call inside the loop). Assigned to a slot of a world
// variable it is fine. The same in C++, where the result converts to the
// target's pointer type through an operator.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: not %orbis-cxx -x c++ -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s
#include <omp_world.h>

int *keep;

void f(void) {
  int *A[4];
  #pragma omp world_parallel for world(A)
  for (int i = 0; i < 4; i++) {
    A[i] = omp_world_malloc(1);
    // CHECK: {{^}}{{.*}}world-malloc-not-world.c:[[@LINE+1]]:14: error: the result of 'omp_world_malloc' must be assigned to a world pointer (an element of a variable of the loop's 'world' clause, as in 'A[i] = omp_world_malloc(n)'){{$}}
    int *p = omp_world_malloc(8);
    // CHECK: {{^}}{{.*}}world-malloc-not-world.c:[[@LINE+1]]:12: error: the result of 'omp_world_malloc'
    keep = omp_world_malloc(2);
    A[i][0] = p ? i : 0;
  }
}

// CHECK-NOT: error:
// CHECK: {{^}}2 errors generated.{{$}}
