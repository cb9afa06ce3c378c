// `_OPENMP` is the value clang -fopenmp gives for the -fopenmp-version
// asked for (the last one), also in the lowering's own parse of a file
// with extensions: a check such as `#if _OPENMP < 202111` behaves as with
// clang (it was 202011 whatever the version).
// RUN: %orbis-cc -fsyntax-only -DEXPECTED=202011 %s
// RUN: %orbis-cc -fsyntax-only -fopenmp-version=45 -DEXPECTED=201511 %s
// RUN: %orbis-cc -fsyntax-only -fopenmp-version=50 -DEXPECTED=201811 %s
// RUN: %orbis-cc -fsyntax-only -fopenmp-version=45 -fopenmp-version=52 -DEXPECTED=202111 %s
// RUN: %orbis-cc -fsyntax-only -fopenmp-version=60 -DEXPECTED=202011 %s
// RUN: clang-19 -fopenmp -fsyntax-only -fopenmp-version=52 -DEXPECTED=202111 -DNO_EXTENSIONS %s
// RUN: not %orbis-cc -fsyntax-only -fopenmp-version=50 -DEXPECTED=202111 %s 2>&1 | FileCheck %s
// CHECK: openmp-version.c:[[@LINE+2]]:2: error: "_OPENMP is not EXPECTED"
#if _OPENMP != EXPECTED
#error "_OPENMP is not EXPECTED"
#endif

#ifndef NO_EXTENSIONS
#include <omp_blocked.h>
void scale(int n, double *A) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++)
    A[i] *= 2;
}
#endif
