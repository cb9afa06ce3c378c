// World memory holds values and structures, not world pointers: an element
// of pointer type (`long **dir`) assigned omp_world_malloc's result, or a
// world pointer copied into one, is an error that says so. The message used
// to be "subscript it down to an element, assign it the result of
// 'omp_world_malloc', ...", which is what the line did.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s
#include <omp_world.h>

void directory(void) {
  long **dir[1];
  long *rows[4];
  #pragma omp world_parallel for world(dir, rows)
  for (int i = 0; i < 4; i++) {
    if (i == 0)
      dir[0] = omp_world_malloc(4);
    // CHECK: {{^}}{{.*}}world-pointer-in-world-memory.c:[[@LINE+3]]:5: error: 'dir[0][i]' would be a pointer stored in world memory, which holds values and structures only: world pointers live in the variables of the 'world' clause (make 'dir' an array of world pointers, one per row, as 'double *rows[N]'){{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+2]] |     dir[0][i] = omp_world_malloc(2);{{$}}
    // CHECK-NEXT: {{^ *}}|     ^{{$}}
    dir[0][i] = omp_world_malloc(2);
    rows[i] = omp_world_malloc(2);
    // A world pointer copied (the copy is refused on its own too).
    // CHECK: {{^}}{{.*}}world-pointer-in-world-memory.c:[[@LINE+2]]:5: error: 'dir[0][i]' would be a pointer stored in world memory{{.*}}
    // CHECK: {{^}}{{.*}}world-pointer-in-world-memory.c:[[@LINE+1]]:17: error: 'rows[i]' is world memory: subscript it down to an element, assign it the result of 'omp_world_malloc', or pass it to 'omp_world_free'{{$}}
    dir[0][i] = rows[i];
    rows[i][0] = i;
  }
}

// CHECK-NOT: error:
// CHECK: {{^}}3 errors generated.{{$}}
