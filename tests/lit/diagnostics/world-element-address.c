// The address of a world element, and a variable named twice in
// `world(...)`: errors at the source (they were clang's errors about the
// lowered code: "cannot take the address of an rvalue", "redefinition of
// '__orbis_w0_A'").
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: not %orbis-cc -fsyntax-only -DTWICE %s 2>&1 | FileCheck --strict-whitespace --check-prefix=TWICE %s
// CHECK-NOT: error:
// TWICE-NOT: error:
#include <omp_world.h>

double first(void) {
  double *A[1], r = 0;
  #pragma omp world_parallel for world(A)
  for (int i = 0; i < 2; i++) {
    if (i == 0)
      A[0] = omp_world_malloc(4);
    // CHECK: {{^}}{{.*}}world-element-address.c:[[@LINE+3]]:17: error: cannot take the address of 'A[0][i]': an element of world memory is read or written whole, through its world pointer; copy it to a local variable{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+2]] |     double *q = &A[0][i];{{$}}
    // CHECK-NEXT: {{^ *}}|                 ^{{$}}
    double *q = &A[0][i];
    r += *q;
    // CHECK-NOT: error:
  }
  return r;
}

#ifdef TWICE
void twice(void) {
  double *B[1];
  // TWICE: {{^}}{{.*}}world-element-address.c:[[@LINE+1]]:49: error: 'B' is named twice in 'world(...)'{{$}}
  #pragma omp world_parallel for world(B) world(B)
  for (int i = 0; i < 2; i++)
    B[0] = omp_world_malloc(4);
}
#endif
