// A world loop in a C++ lambda (orbis-c++): Algorithm 2 as in world-cxx.cpp,
// in a lambda that captures the grid's world pointers `Vs` from main by
// reference (world(Vs) names a variable of the function around the lambda)
// and runs twice, T and T + 1 sweeps, each call a world construct of its
// own; the same with capture by copy. Alone and under mpirun over shm and
// tcp, staged and on the element path.
// RUN: %orbis-cxx -O2 %s -o %t
// RUN: %orbis-cxx -O2 -DBY_COPY %s -o %t.copy
// RUN: %orbis-cxx --emit-lowered %s | FileCheck --check-prefix=LOWERED %s
// RUN: timeout -s KILL 60 %t 5 | FileCheck %s
// RUN: timeout -s KILL 60 %t.copy 4 | FileCheck %s
// RUN: %mpirun -np 3 -x UCX_TLS=shm,self %t 7 | FileCheck %s
// RUN: %mpirun -np 2 -x UCX_TLS=tcp,self -x ORBIS_WORLD_STAGED=0 %t.copy 3 | FileCheck %s
// LOWERED: auto sweeps = [{{[&=]}}](int T) {{(mutable )?}}{
// LOWERED: staged tile (docs/lowering.md, "Staged tiles")
// CHECK: {{^OK$}}
// CHECK-NEXT: {{^OK$}}
#include <omp_world.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

constexpr int N = 130;

static double initial(int x, int y) {
  return (x == 0 || y == 0 || x == N - 1 || y == N - 1)
             ? 1.0
             : double((x * 7 + y * 13) % 101) / 100.0;
}

int main(int argc, char **argv) {
  int T = argc > 1 ? std::atoi(argv[1]) : 4;
  double(*Vs[64])[N];
  if (T < 1 || T > 63)
    return 2;
#ifdef BY_COPY
  auto sweeps = [=](int T) mutable {
#else
  auto sweeps = [&](int T) {
#endif
    #pragma omp world_parallel for world(Vs)
    for (int t = 0; t <= T; t++) {
      Vs[t] = omp_world_malloc(N);
      if (t == 0) {
        for (int x = 0; x < N; x++)
          for (int y = 0; y < N; y++)
            Vs[0][x][y] = initial(x, y);
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
          Vs[t][x][y] = 0.25 * (Vs[t][x - 1][y] + Vs[t - 1][x + 1][y] +
                                Vs[t][x][y - 1] + Vs[t - 1][x][y + 1]);
        }
      }
      omp_world_free(Vs[t - 1]);
      if (t == T) {
        std::vector<double> A(N * N);
        for (int x = 0; x < N; x++)
          for (int y = 0; y < N; y++)
            A[x * N + y] = initial(x, y);
        for (int s = 1; s <= T; s++)
          for (int x = 1; x < N - 1; x++)
            for (int y = 1; y < N - 1; y++)
              A[x * N + y] = 0.25 * (A[(x - 1) * N + y] + A[(x + 1) * N + y] +
                                     A[x * N + y - 1] + A[x * N + y + 1]);
        bool same = true;
        for (int x = 0; x < N; x++)
          for (int y = 0; y < N; y++)
            same = same && Vs[T][x][y] == A[x * N + y];
        std::printf("%s\n", same ? "OK" : "MISMATCH");
      }
    }
  };
  sweeps(T);
  sweeps(T + 1);
  return 0;
}
