// A well-formed 'world_parallel for world(list)' is parsed but cannot be
// lowered by this version: an error at the directive, with or without a
// blocked schedule. It must still be followed by a for loop, and cannot be
// nested in a blocked loop: errors of the analysis, which stop the
// compilation before the lowering says what it cannot do, so they have a
// run of their own.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: not %orbis-cc -fsyntax-only -DMISPLACED %s 2>&1 | FileCheck --strict-whitespace --check-prefix=MISPLACED %s

#ifndef MISPLACED
void well_formed(int n, double *A) {
  // CHECK: {{^}}{{.*}}world-parallel.c:[[@LINE+3]]:3: error: '#pragma omp world_parallel for' is parsed but cannot be lowered yet: world memory lowering is not part of this version of orbis-cc{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp world_parallel for world(A){{$}}
  // CHECK-NEXT: {{^ *}}|   ^{{$}}
  #pragma omp world_parallel for world(A)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void blocked(int n, double *A, double *B) {
  // CHECK: {{^}}{{.*}}world-parallel.c:[[@LINE+3]]:3: error: '#pragma omp world_parallel for' is parsed but cannot be lowered yet: world memory lowering is not part of this version of orbis-cc{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp world_parallel for world(A, B) schedule(blocked, 4){{$}}
  // CHECK-NEXT: {{^ *}}|   ^{{$}}
  #pragma omp world_parallel for world(A, B) schedule(blocked, 4)
  for (int i = 0; i < n; i++) A[i] = B[i];
}
// CHECK-NOT: error:
// CHECK: {{^}}2 errors generated.{{$}}
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
