// A C++ `throw` that leaves a world loop is an error like `return`: each
// process walks the loop for its own iterations, and the others would wait
// at its end (the job was torn down at run time). A `throw` caught by a
// `try` inside the loop, or inside a lambda's body, stays in the loop.
// RUN: not %orbis-cxx -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: not %orbis-cxx -fsyntax-only %s 2>&1 | FileCheck --check-prefix=COUNT %s
// COUNT-COUNT-2: error: 'throw' statement cannot be used
// COUNT-NOT: error:
#include <omp_world.h>

int main() {
  long *A[1];
  try {
    #pragma omp world_parallel for world(A)
    for (int i = 0; i < 6; i++) {
      if (i == 0)
        A[0] = omp_world_malloc(6);
      A[0][i] = i;
      // CHECK: {{^}}{{.*}}world-throw.cpp:[[@LINE+1]]:19: error: 'throw' statement cannot be used in a 'world_parallel for' loop: each process walks the loop for its own iterations, and the others would wait at its end for the one that left{{$}}
      if (i == 2) throw 2;
      try {
        if (i == 3)
          throw 3;
      } catch (int) {
        // CHECK: {{^}}{{.*}}world-throw.cpp:[[@LINE+1]]:9: error: 'throw' statement cannot be used
        throw;
      }
      auto check = [](int v) {
        if (v < 0)
          throw v;
        return v;
      };
      try {
        check(i);
      } catch (...) {
      }
    }
  } catch (int) {
  }
  return 0;
}
