// Every C arithmetic type is an element type of world memory, as the user
// guide says: `_Bool`, `long double` and the `_Complex` types were refused
// ("use an arithmetic type"), and so was a union (trivially copyable, like
// the structures that were accepted). Each array is a chain through the
// processes, element i computed from element i - 1, checked against the
// same recurrence computed locally.
// RUN: %orbis-cc -O1 %s -o %t
// RUN: env OMP_NUM_THREADS=1 timeout -s KILL 60 %t 23 | FileCheck %s
// RUN: %mpirun -np 3 -x UCX_TLS=shm,self %t 23 | FileCheck %s
// RUN: %mpirun -np 2 -x UCX_TLS=tcp,self %t 17 | FileCheck %s
// CHECK: {{^OK [0-9]+$}}
#include <omp_world.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

typedef union {
  long long bits;
  double value;
} word;

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 23;
  bool *B[1];
  long double *L[1];
  double _Complex *C[1];
  word *W[1];
  #pragma omp world_parallel for world(B, L, C, W)
  for (int i = 0; i < n; i++) {
    if (i == 0) {
      B[0] = omp_world_malloc(n);
      L[0] = omp_world_malloc(n);
      C[0] = omp_world_malloc(n);
      W[0] = omp_world_malloc(n);
      B[0][0] = true;
      L[0][0] = 1.0L / 3;
      C[0][0] = 1.0 + 2.0 * __builtin_complex(0.0, 1.0);
      word w0 = {.bits = 1};
      W[0][0] = w0;
    } else {
      B[0][i] = !B[0][i - 1];
      L[0][i] = L[0][i - 1] * 1.5L;
      C[0][i] = C[0][i - 1] * (1.0 + 0.5 * __builtin_complex(0.0, 1.0));
      word w = W[0][i - 1];
      w.bits = w.bits * 3 + 1;
      W[0][i] = w;
    }
    if (i == n - 1) {
      bool b = true;
      long double l = 1.0L / 3;
      double _Complex c = 1.0 + 2.0 * __builtin_complex(0.0, 1.0);
      long long bits = 1;
      int good = 0;
      for (int k = 0; k < n; k++) {
        if (k > 0) {
          b = !b;
          l *= 1.5L;
          c *= 1.0 + 0.5 * __builtin_complex(0.0, 1.0);
          bits = bits * 3 + 1;
        }
        good += B[0][k] == b && L[0][k] == l && C[0][k] == c &&
                W[0][k].bits == bits;
      }
      printf("%s %d\n", good == n ? "OK" : "MISMATCH", good);
    }
  }
  return 0;
}
