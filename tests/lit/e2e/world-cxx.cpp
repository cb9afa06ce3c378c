// A world loop in C++ (orbis-c++): Algorithm 2 with a fixed-size grid
// (`Real (*Vs[T + 1])[N]`, N a constant: C++ has no variably modified
// types), the nest in staged tiles and on the element path, std::vector
// for the sequential reference; alone and under mpirun over shm and tcp.
// omp_world_malloc's result converts to the world variable's pointer type.
// The loop is in a function template, instantiated for double and float:
// its world accesses, of the dependent type Real, use the generic accessors
// orbis_world_get<Real> / _put<Real>. With IN_LAMBDA=1 (=2) the loop is in
// a lambda that captures the world pointers `Vs` by reference (by copy):
// world(Vs) names a variable of the function around the lambda; with
// IN_LAMBDA=3 in a generic lambda, whose `auto` parameter is the sweep
// count (and an index of Vs). The lambda runs twice, T and T + 1 sweeps,
// each call a world construct of its own. With PLAIN the loop is in an
// ordinary function (Real is double).
// RUN: %orbis-cxx -O2 %s -o %t
// RUN: %orbis-cxx -O2 -DIN_LAMBDA=1 %s -o %t.ref
// RUN: %orbis-cxx -O2 -DIN_LAMBDA=2 %s -o %t.copy
// RUN: %orbis-cxx -O2 -DIN_LAMBDA=3 %s -o %t.generic
// RUN: %orbis-cxx -O2 -DPLAIN %s -o %t.plain
// RUN: %orbis-cxx --emit-lowered %s | FileCheck --check-prefix=LOWERED %s
// RUN: %orbis-cxx --emit-lowered -DIN_LAMBDA=3 %s | FileCheck --check-prefix=LOWERED %s
// RUN: timeout -s KILL 60 %t 5 | FileCheck %s
// RUN: %mpirun -np 3 -x UCX_TLS=shm,self %t 7 | FileCheck %s
// RUN: %mpirun -np 2 -x UCX_TLS=tcp,self -x ORBIS_WORLD_STAGED=0 %t 3 | FileCheck %s
// RUN: timeout -s KILL 60 %t.ref 5 | FileCheck --check-prefix=TWICE %s
// RUN: timeout -s KILL 60 %t.copy 4 | FileCheck --check-prefix=TWICE %s
// RUN: timeout -s KILL 60 %t.generic 4 | FileCheck --check-prefix=TWICE %s
// RUN: %mpirun -np 3 -x UCX_TLS=shm,self %t.ref 7 | FileCheck --check-prefix=TWICE %s
// RUN: %mpirun -np 2 -x UCX_TLS=tcp,self -x ORBIS_WORLD_STAGED=0 %t.copy 3 | FileCheck --check-prefix=TWICE %s
// RUN: %mpirun -np 2 -x UCX_TLS=shm,self %t.generic 3 | FileCheck --check-prefix=TWICE %s
// RUN: timeout -s KILL 60 %t.plain 5 | FileCheck --check-prefix=PLAIN %s
// RUN: %mpirun -np 3 -x UCX_TLS=shm,self %t.plain 7 | FileCheck --check-prefix=PLAIN %s
// RUN: %mpirun -np 2 -x UCX_TLS=tcp,self -x ORBIS_WORLD_STAGED=0 %t.plain 3 | FileCheck --check-prefix=PLAIN %s
// LOWERED: staged tile (docs/lowering.md, "Staged tiles")
// LOWERED: orbis_world_put<Real>(
// CHECK: {{^OK 8$}}
// CHECK-NEXT: {{^OK 4$}}
// CHECK-NOT: OK
// PLAIN: {{^OK 8$}}
// PLAIN-NOT: OK
// TWICE: {{^OK 8$}}
// TWICE-NEXT: {{^OK 8$}}
// TWICE-NEXT: {{^OK 4$}}
// TWICE-NEXT: {{^OK 4$}}
#include <omp_world.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

constexpr int N = 130;

template <class Real> static Real initial(int x, int y) {
  return (x == 0 || y == 0 || x == N - 1 || y == N - 1)
             ? Real(1)
             : Real((x * 7 + y * 13) % 101) / Real(100);
}

#ifdef PLAIN
using Real = double;
static void run(int T) {
#else
template <class Real> static void run(int T) {
#endif
  Real(*Vs[64])[N];
#if IN_LAMBDA == 1
  auto sweeps = [&](int T) {
#elif IN_LAMBDA == 2
  auto sweeps = [=](int T) mutable {
#elif IN_LAMBDA == 3
  auto sweeps = [&](auto T) {
#endif
  #pragma omp world_parallel for world(Vs)
  for (int t = 0; t <= T; t++) {
    Vs[t] = omp_world_malloc(N);
    if (t == 0) {
      for (int x = 0; x < N; x++)
        for (int y = 0; y < N; y++)
          Vs[0][x][y] = initial<Real>(x, y);
      continue;
    }
    for (int y = 0; y < N; y++) {
      Vs[t][0][y] = Vs[t - 1][0][y];
      Vs[t][N - 1][y] = Vs[t - 1][N - 1][y];
    }
    for (int x = 1; x < N - 1; x++) {
      Vs[t][x][0] = Vs[t - 1][x][0];
      Vs[t][x][N - 1] = Vs[t - 1][x][N - 1];
    }
    #pragma omp parallel for schedule(blocked)
    for (int x = 1; x < N - 1; x++) {
      #pragma omp for schedule(blocked)
      for (int y = 1; y < N - 1; y++) {
        #pragma omp block
        Vs[t][x][y] = Real(0.25) * (Vs[t][x - 1][y] + Vs[t - 1][x + 1][y] +
                                    Vs[t][x][y - 1] + Vs[t - 1][x][y + 1]);
      }
    }
    omp_world_free(Vs[t - 1]);
    if (t == T) {
      std::vector<Real> A(N * N);
      for (int x = 0; x < N; x++)
        for (int y = 0; y < N; y++)
          A[x * N + y] = initial<Real>(x, y);
      for (int s = 1; s <= T; s++)
        for (int x = 1; x < N - 1; x++)
          for (int y = 1; y < N - 1; y++)
            A[x * N + y] =
                Real(0.25) * (A[(x - 1) * N + y] + A[(x + 1) * N + y] +
                              A[x * N + y - 1] + A[x * N + y + 1]);
      bool same = true;
      for (int x = 0; x < N; x++)
        for (int y = 0; y < N; y++)
          same = same && Vs[T][x][y] == A[x * N + y];
      std::printf("%s %zu\n", same ? "OK" : "MISMATCH", sizeof(Real));
    }
  }
#ifdef IN_LAMBDA
  };
  sweeps(T);
  sweeps(T + 1);
#endif
}

int main(int argc, char **argv) {
  int T = argc > 1 ? std::atoi(argv[1]) : 4;
  if (T < 1 || T > 62)
    return 2;
#ifdef PLAIN
  run(T);
#else
  run<double>(T);
  run<float>(T);
#endif
  return 0;
}
