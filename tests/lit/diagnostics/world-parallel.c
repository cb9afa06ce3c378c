// 'world_parallel for world(list)': what it cannot lower yet is an error at
// the construct (a schedule, other clauses, clauses on a 'single' directly
// in the world loop, a member of a structure element written alone), and misuse of world memory is an error
// at the access (an operator that reads and writes an element, a world
// pointer used other than subscripted, allocated or freed, a variable that
// is not a pointer). It must still be followed by a for loop, and cannot be
// nested in a blocked loop: errors of the analysis, which stop the
// compilation before the lowering says what it cannot do, so they have a
// run of their own.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: not %orbis-cc -fsyntax-only -DMISPLACED %s 2>&1 | FileCheck --strict-whitespace --check-prefix=MISPLACED %s

#ifndef MISPLACED
#include <omp_world.h>

void blocked(int n, double *A, double *B) {
  // CHECK: {{^}}{{.*}}world-parallel.c:[[@LINE+1]]:46: error: 'schedule' on '#pragma omp world_parallel for' is not supported: a world loop takes 'world(list)' and 'schedule(static[, chunk])' or 'schedule([monotonic:] dynamic[, chunk])'{{$}}
  #pragma omp world_parallel for world(A, B) schedule(blocked, 4)
  for (int i = 0; i < n; i++) A[i] = B[i];
  // CHECK: {{^}}{{.*}}world-parallel.c:[[@LINE+1]]:46: error: 'schedule' on '#pragma omp world_parallel for' is not supported: a world loop takes 'world(list)' and 'schedule(static[, chunk])' or 'schedule([monotonic:] dynamic[, chunk])'{{$}}
  #pragma omp world_parallel for world(A, B) schedule(guided, 2)
  for (int i = 0; i < n; i++) A[i] = B[i];
  // A static schedule without a chunk counts the iterations first: the
  // loop must be canonical.
  // CHECK: {{^}}{{.*}}world-parallel.c:[[@LINE+1]]:46: error: 'schedule' on '#pragma omp world_parallel for' is not supported: {{.*}}
  #pragma omp world_parallel for world(A, B) schedule(static)
  for (int i = 0; i < n; i += i + 1) A[i] = B[i];
  // A comma without a chunk (was taken for no chunk).
  // CHECK: {{^}}{{.*}}world-parallel.c:[[@LINE+1]]:62: error: expected expression{{$}}
  #pragma omp world_parallel for world(A, B) schedule(static,)
  for (int i = 0; i < n; i++) A[i] = B[i];
}

void read_and_write(int n, double *A) {
  #pragma omp world_parallel for world(A)
  for (int i = 1; i < n; i++) {
    // CHECK: {{^}}{{.*}}world-parallel.c:[[@LINE+1]]:10: error: '+=' on world memory reads and writes an element, which is written once: write it with '=' only{{$}}
    A[i] += 1;
    // CHECK: {{^}}{{.*}}world-parallel.c:[[@LINE+1]]:9: error: '++' on world memory reads and writes an element, which is written once: write it with '=' only{{$}}
    A[i]++;
  }
}

void whole_pointer(int n, double *A) {
  double *Copy, (*G[4])[8];
  #pragma omp world_parallel for world(A, G)
  for (int i = 0; i < n; i++) {
    // CHECK: {{^}}{{.*}}world-parallel.c:[[@LINE+1]]:12: error: 'A' is world memory: subscript it down to an element, assign it the result of 'omp_world_malloc', or pass it to 'omp_world_free'{{$}}
    Copy = A;
    // CHECK: {{^}}{{.*}}world-parallel.c:[[@LINE+1]]:12: error: 'G[i][1]' is world memory: subscript it down to an element, assign it the result of 'omp_world_malloc', or pass it to 'omp_world_free'{{$}}
    Copy = G[i][1];
    // CHECK: {{^}}{{.*}}world-parallel.c:[[@LINE+1]]:12: error: 'G' is world memory: subscript it down to an element, assign it the result of 'omp_world_malloc', or pass it to 'omp_world_free'{{$}}
    (void)(G + 1);
  }
}

void once(int n, double *A) {
  #pragma omp world_parallel for world(A)
  for (int i = 0; i < n; i++) {
    // CHECK: {{^}}{{.*}}world-parallel.c:[[@LINE+1]]:24: error: 'nowait' on '#pragma omp single' in '#pragma omp world_parallel for' (once in the world) is not supported{{$}}
    #pragma omp single nowait
    A = omp_world_malloc(n);
  }
}

#define SQUARE(a) ((a) * (a))
void from_macro(int n, double *p) {
  #pragma omp world_parallel for world(p)
  for (int i = 0; i < n; i++)
    // One error for the argument, which the macro uses twice.
    // CHECK: {{^}}{{.*}}world-parallel.c:[[@LINE+1]]:23: error: an access to world memory written by a macro cannot be lowered: write it in the source{{$}}
    p[0] = 1 + SQUARE(p[1]);
}

struct cell { double v; };
void structures(int n, struct cell *C, int k) {
  // CHECK: {{^}}{{.*}}world-parallel.c:[[@LINE+1]]:43: error: variable 'k' in 'world' has type 'int': a world variable is a pointer or an array of pointers (world pointers){{$}}
  #pragma omp world_parallel for world(C, k)
  for (int i = 0; i < n; i++)
    (void)0;
  #pragma omp world_parallel for world(C)
  for (int i = 0; i < n; i++)
    // CHECK: {{^}}{{.*}}world-parallel.c:[[@LINE+1]]:5: error: 'C[i].v' writes a member of an element of world memory, which is written once, whole: assign the whole element{{$}}
    C[i].v = 1;
}
// CHECK-NOT: error:
// CHECK: {{^}}13 errors generated.{{$}}
#else

void not_a_loop(int n, double *A) {
  // MISPLACED: {{^}}{{.*}}world-parallel.c:[[@LINE+3]]:3: error: statement after '#pragma omp world_parallel for' must be a for loop{{$}}
  // MISPLACED-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp world_parallel for world(A){{$}}
  // MISPLACED-NEXT: {{^ *}}|   ^{{$}}
  #pragma omp world_parallel for world(A)
  {
    A[0] = n;
  }
}

void nested(int n, double *A) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    // MISPLACED: {{^}}{{.*}}world-parallel.c:[[@LINE+3]]:5: error: '#pragma omp world_parallel for' cannot be nested in a blocked loop{{$}}
    // MISPLACED-NEXT: {{^ *}}[[@LINE+2]] |     #pragma omp world_parallel for world(A){{$}}
    // MISPLACED-NEXT: {{^ *}}|     ^{{$}}
    #pragma omp world_parallel for world(A)
    for (int j = 0; j < n; j++)
      A[j] = i;
  }
}

// MISPLACED-NOT: error:
// MISPLACED: {{^}}2 errors generated.{{$}}
#endif
