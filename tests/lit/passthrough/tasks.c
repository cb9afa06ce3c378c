// Pass-through: tasks, taskwait, taskgroup, task dependences, untied and
// final tasks, mergeable, priority. orbis-cc must compile the file exactly
// like clang -fopenmp (--emit-lowered gives the input back unchanged) and the
// program print the same, whatever the thread count.
//
// RUN: %orbis-cc -O2 %s -o %t.orbis
// RUN: %clang-omp -O2 %s -o %t.omp
// RUN: %orbis-cc --emit-lowered %s | diff - %s
// RUN: env OMP_NUM_THREADS=1 %t.omp > %t.ref
// RUN: env OMP_NUM_THREADS=4 %t.omp | diff - %t.ref
// RUN: env OMP_NUM_THREADS=1 %t.orbis | diff - %t.ref
// RUN: env OMP_NUM_THREADS=2 %t.orbis | diff - %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.orbis | diff - %t.ref
// RUN: env OMP_NUM_THREADS=4 %t.orbis | diff - %t.ref
// RUN: FileCheck %s < %t.ref
// CHECK: fib(20) = 6765
// CHECK: chain: 0 1 3 6 10 15 21 28 36 45 55 66
// CHECK: taskgroup sum 5050
// CHECK: final/mergeable/untied 210
#include <omp.h>
#include <stdio.h>

// (No `untied` here: with libomp, untied + final + taskwait recursion
// sometimes never finishes, with clang -fopenmp alone too.)
static long fib(int n) {
  if (n < 2)
    return n;
  long a, b;
  #pragma omp task shared(a) firstprivate(n) final(n < 12) mergeable
  a = fib(n - 1);
  #pragma omp task shared(b) firstprivate(n) final(n < 12)
  b = fib(n - 2);
  #pragma omp taskwait
  return a + b;
}

int main(void) {
  long f = 0;
  #pragma omp parallel
  #pragma omp single
  f = fib(20);
  printf("fib(20) = %ld\n", f);

  // A chain of tasks ordered by dependences: prefix sums, in order.
  long chain[12] = {0};
  #pragma omp parallel
  #pragma omp single
  {
    for (int k = 0; k < 12; k++) {
      #pragma omp task depend(in: chain[k > 0 ? k - 1 : 0]) depend(out: chain[k]) firstprivate(k)
      chain[k] = (k > 0 ? chain[k - 1] : 0) + k;
    }
  }
  printf("chain:");
  for (int k = 0; k < 12; k++)
    printf(" %ld", chain[k]);
  printf("\n");

  // taskgroup waits for descendants too; a task reduction.
  long total = 0;
  #pragma omp parallel
  #pragma omp single
  {
    #pragma omp taskgroup task_reduction(+: total)
    {
      for (int k = 1; k <= 100; k += 10) {
        #pragma omp task in_reduction(+: total) firstprivate(k) priority(k % 3)
        {
          for (int m = k; m < k + 10; m++) {
            #pragma omp task in_reduction(+: total) firstprivate(m)
            total += m;
          }
        }
      }
    }
  }
  printf("taskgroup sum %ld\n", total);

  // Nested tasks writing disjoint slots.
  int slots[21] = {0};
  #pragma omp parallel
  #pragma omp single nowait
  {
    for (int k = 0; k < 21; k++) {
      #pragma omp task firstprivate(k) untied
      {
        #pragma omp task firstprivate(k) final(1) mergeable
        slots[k] = k;
      }
    }
  }
  int s = 0;
  for (int k = 0; k < 21; k++)
    s += slots[k];
  printf("final/mergeable/untied %d\n", s);
  return 0;
}
