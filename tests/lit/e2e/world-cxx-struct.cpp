// C++: a structure element of world memory assigned whole, through its
// class's operator= (`X[0][i] = c;`, `= {..}`, `= Cell{..}`), is a world
// store, as `=` is in C. It was lowered as a load whose temporary got the
// value: the store was lost and the next read waited forever (a deadlock
// report naming the store's line as a world load). A class's compound
// operator is a write-once error, as in C.
// RUN: %orbis-cxx -O2 %s -o %t
// RUN: env OMP_NUM_THREADS=2 timeout -s KILL 60 %t | FileCheck %s
// RUN: %mpirun -np 2 -x UCX_TLS=shm,self %t | FileCheck %s
// RUN: %mpirun -np 3 -x UCX_TLS=tcp,self %t | FileCheck %s
// CHECK: {{^OK 12$}}
// RUN: not %orbis-cxx -fsyntax-only -DCOMPOUND %s 2>&1 | FileCheck --check-prefix=ERR %s
// ERR: world-cxx-struct.cpp:[[#@LINE+30]]:13: error: '+=' on world memory reads and writes an element, which is written once: write it with '=' only
#include <omp_world.h>
#include <cstdio>

struct Cell {
  long v;
  float w;
#ifdef COMPOUND
  Cell &operator+=(const Cell &o) {
    v += o.v;
    return *this;
  }
#endif
};

int main() {
  const int n = 12;
  Cell *X[3];
  #pragma omp world_parallel for world(X)
  for (int i = 0; i < n; i++) {
    if (i == 0) {
      X[0] = omp_world_malloc(n);
      X[1] = omp_world_malloc(n);
      X[2] = omp_world_malloc(n);
    }
    Cell c = {i, 0.5f * i};
    X[0][i] = c;
    X[1][i] = {2L * i, 1.0f};
    X[2][i] = Cell{X[0][i].v + X[1][i].v, X[0][i].w};
#ifdef COMPOUND
    X[2][i] += c;
#endif
    // The last iteration reads every element: each read waits for its
    // store, wherever it runs.
    if (i == n - 1) {
      int good = 0;
      for (int k = 0; k < n; k++)
        good += X[2][k].v == 3 * k && X[2][k].w == 0.5f * k;
      std::printf("%s %d\n", good == n ? "OK" : "MISMATCH", good);
    }
  }
  return 0;
}
