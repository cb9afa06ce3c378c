// Regression: a file with a blocked loop can include <omp.h>. The analysis
// parse defines _OPENMP without OpenMP semantics, under which omp.h's
// `begin declare variant` definitions used to clash.
// RUN: %orbis-cc %s -o %t && env OMP_NUM_THREADS=2 %t | FileCheck %s
// CHECK: threads=2 sum=45
#include <omp.h>
#include <stdio.h>

int main(void) {
  int sum = 0, threads = 0;
  #pragma omp parallel for schedule(blocked) reduction(+: sum)
  for (int i = 0; i < 10; i++) {
    sum += i;
    #pragma omp critical
    threads = omp_get_num_threads();
  }
  printf("threads=%d sum=%d\n", threads, sum);
  return 0;
}
