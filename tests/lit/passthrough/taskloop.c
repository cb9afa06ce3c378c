// Pass-through: taskloop with grainsize / num_tasks, reduction, collapse,
// nogroup, and the combined (parallel) master taskloop (simd) forms.
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
// CHECK: grainsize: 499500
// CHECK: num_tasks: 332833500
// CHECK: collapse: 4950 9900
// CHECK: nogroup: 1275
// CHECK: master taskloop: 2870
// CHECK: parallel master taskloop simd: 300
#include <stdio.h>

static long squares[1000];

int main(void) {
  long sum = 0;
  #pragma omp parallel
  #pragma omp single
  #pragma omp taskloop grainsize(37) reduction(+: sum)
  for (int i = 0; i < 1000; i++)
    sum += i;
  printf("grainsize: %ld\n", sum);

  #pragma omp parallel
  #pragma omp single
  #pragma omp taskloop num_tasks(7)
  for (int i = 0; i < 1000; i++)
    squares[i] = (long)i * i;
  long sq = 0;
  for (int i = 0; i < 1000; i++)
    sq += squares[i];
  printf("num_tasks: %ld\n", sq);

  int grid[100][2];
  #pragma omp parallel
  #pragma omp single
  #pragma omp taskloop collapse(2) grainsize(3)
  for (int i = 0; i < 100; i++)
    for (int j = 0; j < 2; j++)
      grid[i][j] = i * (j + 1);
  long g0 = 0, g1 = 0;
  for (int i = 0; i < 100; i++)
    g0 += grid[i][0], g1 += grid[i][1];
  printf("collapse: %ld %ld\n", g0, g1);

  int vals[51];
  #pragma omp parallel
  #pragma omp single
  {
    #pragma omp taskloop nogroup
    for (int i = 0; i <= 50; i++)
      vals[i] = i;
    #pragma omp taskwait
  }
  int v = 0;
  for (int i = 0; i <= 50; i++)
    v += vals[i];
  printf("nogroup: %d\n", v);

  long m = 0;
  #pragma omp parallel
  #pragma omp master taskloop reduction(+: m)
  for (int i = 1; i <= 20; i++)
    m += (long)i * i;
  printf("master taskloop: %ld\n", m);

  int out[300];
  #pragma omp parallel master taskloop simd grainsize(16) shared(out)
  for (int i = 0; i < 300; i++)
    out[i] = 1;
  int c = 0;
  for (int i = 0; i < 300; i++)
    c += out[i];
  printf("parallel master taskloop simd: %d\n", c);
  return 0;
}
