// nvcc's warnings on the user's statements in a GPU nest: shown once (nvcc
// parses the device code for the host and for the device, and each came
// twice), at the statement's own line (a line directive per statement of
// a block; the lines after a block's first were counted from it), and
// not at all under -w, which orbis-cc passes on to nvcc.
// RUN: %orbis-cc --offload=cuda -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not='warning #'
// RUN: %orbis-cc --offload=cuda -w -c %s -o %t.o 2>&1 | count 0
// REQUIRES: cuda
#include <omp_blocked.h>

void f(int n, int *a) {
  #pragma omp parallel for schedule(blocked) map(tofrom: a[0:n])
  for (int i = 0; i < n; i++) {
    unsigned u = (unsigned)i;
    a[i] = 1;
    // CHECK: nvcc-messages.c([[#@LINE+1]]): warning #186-D: pointless comparison of unsigned integer with zero
    if (u >= 0)
      a[i] = 2;
    // CHECK: nvcc-messages.c([[#@LINE+1]]): warning #61-D: integer operation result is out of range
    int big = 2147483647 + 1;
    a[i] += big;
  }
}
