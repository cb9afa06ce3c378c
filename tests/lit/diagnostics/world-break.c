// A 'break' of a world loop is an error: each process walks the loop for
// its own iterations, so a 'break' ended only its own walk (alone the
// program ran iterations 0 to 2, under mpirun -np 3 iterations 0 to 4).
// A 'break' of a loop or a switch inside it is fine, and so is 'continue'.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s
#include <omp_world.h>

void stop_early(void) {
  long *v[1];
  #pragma omp world_parallel for world(v)
  for (int i = 0; i < 6; i++) {
    if (i == 0)
      v[0] = omp_world_malloc(6);
    v[0][i] = i;
    // CHECK: {{^}}{{.*}}world-break.c:[[@LINE+3]]:17: error: 'break' statement cannot be used in a 'world_parallel for' loop: each process walks the loop for its own iterations, and a 'break' would end only its own walk{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+2]] |     if (i == 2) break;{{$}}
    // CHECK-NEXT: {{^ *}}|                 ^{{$}}
    if (i == 2) break;
  }
}

void inner_breaks(void) {
  long *v[1];
  #pragma omp world_parallel for world(v)
  for (int i = 0; i < 6; i++) {
    if (i == 0)
      v[0] = omp_world_malloc(6);
    long s = 0;
    for (int k = 0; k < 10; k++) {
      if (k == i)
        break;
      s += k;
    }
    switch (i) {
    case 1:
      s = -s;
      break;
    default:
      break;
    }
    if (i == 4)
      continue;
    v[0][i] = s;
  }
}

// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.{{$}}
