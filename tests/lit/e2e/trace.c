// ORBIS_TRACE=file.json (docs/trace.md): a Chrome trace-event file with one
// event per tile (thread, start, duration, coordinates, site, wait in its
// spin-waits) and one per spin-wait, written at exit; the program's result
// is unchanged. Tile (1, 1) spins 20 ms on the clock in its pre-block, so
// its recorded wait is at least 10 ms (the clock is read before the first
// turn, and a loaded machine may pause the thread in between). An
// unwritable file stops the program at once; a process with a launcher rank
// writes FILE.RANK.json; %p is the pid.
//
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %orbis-cc -O2 %s -o %t
// RUN: %clang-seq -O2 %s -o %t.seq
// RUN: %t.seq > %t.d/seq.txt
// RUN: env OMP_NUM_THREADS=2 ORBIS_TRACE=%t.d/trace.json %t > %t.d/out.txt
// RUN: cmp %t.d/seq.txt %t.d/out.txt
// RUN: python3 %S/Inputs/check_trace.py %t.d/trace.json | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 ORBIS_TRACE=%t.d/one.json %t > %t.d/one.txt
// RUN: cmp %t.d/seq.txt %t.d/one.txt
// RUN: python3 %S/Inputs/check_trace.py %t.d/one.json | FileCheck %s
//
// CHECK:      levels {0: 3, 1: 6}
// CHECK-NEXT: tiles (0) (0,0) (0,1) (1) (1,0) (1,1) (2) (2,0) (2,1)
// CHECK-NEXT: sites {{.*}}trace.c:[[@LINE+42]]:1 {{.*}}trace.c:[[@LINE+44]]:1
// CHECK-NEXT: waited 10 ms or more in [(1, 1)]
// CHECK-NEXT: dropped 0
//
// RUN: not env ORBIS_TRACE=%t.d/missing/t.json %t 2>&1 | FileCheck %s --check-prefix=UNWRITABLE
// UNWRITABLE: orbis: error: ORBIS_TRACE: cannot write '{{.*}}missing/t.json': No such file or directory
// UNWRITABLE-NOT: {{.}}
// A trace that cannot be written at the end (a full disk) fails the run the
// same way (it printed another message and exited 0).
// RUN: not env ORBIS_TRACE=/dev/full %t > /dev/null 2> %t.full
// RUN: FileCheck %s --check-prefix=FULL < %t.full
// FULL: orbis: error: ORBIS_TRACE: cannot write '/dev/full': No space left on device
//
// RUN: env OMPI_COMM_WORLD_RANK=3 ORBIS_TRACE=%t.d/ranked.json %t > /dev/null
// RUN: python3 %S/Inputs/check_trace.py %t.d/ranked.3.json | FileCheck %s
// RUN: env ORBIS_TRACE=%t.d/pid-%%p.json %t > /dev/null
// RUN: ls %t.d | FileCheck %s --check-prefix=FILES
// FILES: pid-{{[0-9]+}}.json
// FILES: ranked.3.json
#include <omp_blocked.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef _OPENMP
#include <omp.h>
#define NOW() omp_get_wtime()
#else
#include <time.h>
static double NOW(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}
#endif

enum { N = 50 }; // 48 interior rows and columns: tiles of 16 x 24

int main(void) {
  static double A[N][N], B[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (double)((i * 7 + j * 3) % 11);
#pragma omp parallel for schedule(blocked, 16)
  for (int x = 1; x < N - 1; x++) {
#pragma omp for schedule(blocked, 24)
    for (int y = 1; y < N - 1; y++) {
      if (x == 17 && y == 25) {
        double until = NOW() + 0.020;
        while (NOW() < until) {
        }
      }
#pragma omp block
      B[x][y] = 0.25 * (A[x - 1][y] + A[x + 1][y] + A[x][y - 1] + A[x][y + 1]);
    }
  }
  double sum = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sum += B[i][j] * (i + 1) * (j + 1);
  printf("%.17g\n", sum);
  return 0;
}
