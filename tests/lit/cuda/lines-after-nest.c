// The host code that replaces a GPU nest has its own number of lines: a
// #line after it keeps the user's numbers for what follows (a warning
// after the nest was reported 6 lines late).
// RUN: %orbis-cc --offload=cuda -Wall -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=warning:
// REQUIRES: cuda
#include <omp_blocked.h>
#include <stdlib.h>

void f(int n, double *a) {
  int *c = NULL;
  #pragma omp parallel for schedule(blocked) map(tofrom: a[0:n])
  for (int i = 0; i < n; i++) {
    // Comments
    // in
    // the
    // loop
    // body
    // change
    // the
    // count.
    #pragma omp single
    c = calloc(1, sizeof(int));
    #pragma omp block
    a[i] = i;
  }
  int unused_after;
  // CHECK: lines-after-nest.c:[[#@LINE-1]]:7: warning: unused variable 'unused_after' [-Wunused-variable]
  free(c);
}
