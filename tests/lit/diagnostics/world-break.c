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

// `return` and `goto` out of the loop leave it as `break` does (the others
// then waited at the loop's end for the process that left, and the job
// ended with "the process exits inside world_parallel"); a `goto` into it
// and a world loop in a world loop are errors too.
int leave_by_return(void) {
  long *v[1];
  #pragma omp world_parallel for world(v)
  for (int i = 0; i < 6; i++) {
    if (i == 0)
      v[0] = omp_world_malloc(6);
    // CHECK: {{^}}{{.*}}world-break.c:[[@LINE+1]]:17: error: 'return' statement cannot be used in a 'world_parallel for' loop: each process walks the loop for its own iterations, and the others would wait at its end for the one that left{{$}}
    if (i == 2) return 1;
    v[0][i] = i;
  }
  return 0;
}

void leave_by_goto(void) {
  long *v[1];
  #pragma omp world_parallel for world(v)
  for (int i = 0; i < 6; i++) {
    if (i == 0)
      v[0] = omp_world_malloc(6);
    // CHECK: {{^}}{{.*}}world-break.c:[[@LINE+1]]:17: error: 'goto' cannot leave a 'world_parallel for' loop: each process walks the loop for its own iterations, and the others would wait at its end for the one that left{{$}}
    if (i == 2) goto out;
    v[0][i] = i;
  }
  // CHECK: {{^}}{{.*}}world-break.c:[[@LINE+1]]:1: note: label 'out' is here{{$}}
out:;
}

void world_in_world(void) {
  long *v[1], *w[1];
  #pragma omp world_parallel for world(v)
  for (int i = 0; i < 2; i++) {
    // CHECK: {{^}}{{.*}}world-break.c:[[@LINE+2]]:5: error: '#pragma omp world_parallel for' cannot be nested in another 'world_parallel for': the processes already share the outer loop's iterations{{$}}
    // CHECK: {{^}}{{.*}}world-break.c:[[@LINE-3]]:3: note: the outer 'world_parallel for' is here{{$}}
    #pragma omp world_parallel for world(w)
    for (int k = 0; k < 2; k++)
      w[0] = v[0];
  }
}

void enter_by_goto(int skip) {
  long *v[1];
  // CHECK: {{^}}{{.*}}world-break.c:[[@LINE+1]]:15: error: 'goto' cannot jump into a 'world_parallel for' loop{{$}}
  if (skip) { goto in; }
  #pragma omp world_parallel for world(v)
  for (int i = 0; i < 6; i++) {
    if (i == 0)
      v[0] = omp_world_malloc(6);
  in:
    v[0][i] = i;
  }
}

// CHECK-NOT: error:
// CHECK: {{^}}5 errors generated.{{$}}
