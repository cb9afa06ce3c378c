// Tiles of the outermost blocked loop are handed out in increasing order, so
// a tile that spin-waits only on lower-numbered tiles always progresses,
// with any number of threads, one included (EXTENSIONS.md 1.4). Here every
// tile waits in its pre-block until all lower tiles have finished their
// post-block: a complete serialization that deadlocks unless tile b is
// handed out before tile b+1. Environment settings that change OpenMP's
// own scheduling must not change that.
//
// RUN: %orbis-cc -O2 %s -o %t
// RUN: env OMP_NUM_THREADS=1 %t 1 | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %t 1 | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 %t 3 | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %t 1 | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 OMP_SCHEDULE=static OMP_WAIT_POLICY=passive %t 2 | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=nonmonotonic:dynamic,4 OMP_DYNAMIC=true %t 1 | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 OMP_BLOCK_SIZE=1,1 %t 0 | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 %t 0 | FileCheck %s
//
// CHECK:      flat: finished 1 order-ok 1
// CHECK-NEXT: nest: finished 1 order-ok 1
// CHECK-NEXT: for in parallel: finished 1 order-ok 1
#include <omp_blocked.h>
#include <stdio.h>
#include <stdlib.h>

static int size_arg;

// File-scope volatiles: clang-19 drops `volatile` on a local variable
// captured by a parallel region, which turns a spin-wait on it into an
// endless loop (with or without Orbis).
static volatile int finished, done, fin3;

int main(int argc, char **argv) {
  size_arg = argc > 1 ? atoi(argv[1]) : 0;
  const int n = 200;

  // Flat loop.
  int order_ok = 1, nb = -1;
  if (size_arg > 0) {
    #pragma omp parallel for schedule(blocked, size_arg) reduction(&&: order_ok)
    for (int i = 0; i < n; i++) {
      int b = omp_block_num();
      nb = omp_num_blocks();
      while (finished < b) {
      }
      order_ok = order_ok && finished == b;
      #pragma omp block
      {
      }
      #pragma omp atomic
      finished += 1;
    }
  } else {
    #pragma omp parallel for schedule(blocked) reduction(&&: order_ok)
    for (int i = 0; i < n; i++) {
      int b = omp_block_num();
      nb = omp_num_blocks();
      while (finished < b) {
      }
      order_ok = order_ok && finished == b;
      #pragma omp block
      {
      }
      #pragma omp atomic
      finished += 1;
    }
  }
  printf("flat: finished %d order-ok %d\n", finished == nb, order_ok);

  // A nest: inner tiles chain across the whole nest, in (outer, inner)
  // lexicographic order.
  int ok2 = 1, total = -1;
  #pragma omp parallel for schedule(blocked) reduction(&&: ok2)
  for (int x = 0; x < 50; x++) {
    int xb = omp_block_num();
    #pragma omp for schedule(blocked, 7)
    for (int y = 0; y < 30; y++) {
      int id = xb * omp_num_blocks() + omp_block_num();
      while (done < id) {
      }
      ok2 = ok2 && done == id;
      total = id + 1;
      #pragma omp block
      {
      }
      #pragma omp atomic
      done += 1;
    }
  }
  printf("nest: finished %d order-ok %d\n", done == total, ok2);

  // A blocked `for` inside an explicit parallel region.
  int ok3 = 1, nb3 = -1;
  #pragma omp parallel reduction(&&: ok3)
  {
    #pragma omp for schedule(blocked, 2)
    for (int i = 0; i < 77; i++) {
      int b = omp_block_num();
      nb3 = omp_num_blocks();
      while (fin3 < b) {
      }
      ok3 = ok3 && fin3 == b;
      #pragma omp block
      {
      }
      #pragma omp atomic
      fin3 += 1;
    }
  }
  printf("for in parallel: finished %d order-ok %d\n", fin3 == nb3, ok3);
  return 0;
}
