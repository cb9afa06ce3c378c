// The dependence check covers arrays reached through objects: member arrays
// (implicit `this`, `this->A`, `g.A`, `p->A`: one field of one object)
// and subscripts of a class's operator[] (std::array, std::vector).
// A new user's trial found a member array's reversed dependence compiled
// silently and tiled into a wrong result. Legal tilings of the same forms
// get nothing.
// RUN: not %orbis-cxx -fsyntax-only -Wall -Werror %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: not %orbis-cxx -fsyntax-only %s 2>&1 | FileCheck --check-prefix=COUNT %s
// COUNT-COUNT-7: error: tiling can reverse
// COUNT-NOT: error:
#include <omp_blocked.h>
#include <array>
#include <vector>

constexpr int N = 64;

struct Field {
  double A[N][N];
  void implicitThis() {
    #pragma omp parallel for schedule(blocked)
    for (int x = 1; x < N - 1; x++)
      #pragma omp for schedule(blocked)
      for (int y = 1; y < N - 1; y++)
        // CHECK: dependence-objects.cpp:[[@LINE+1]]:26: error: tiling can reverse the dependence of 'A[x - 1][y + 1]' on 'A[x][y]' (distance (1, -1) in (x, y)): use a tile size of at most 1 on the loop of 'x', or skew the loops [-Worbis-dependence]{{$}}
        A[x][y] = 0.5 * (A[x - 1][y + 1] + A[x][y - 1]);
  }
  void explicitThis() {
    #pragma omp parallel for schedule(blocked)
    for (int x = 1; x < N - 1; x++)
      #pragma omp for schedule(blocked)
      for (int y = 1; y < N - 1; y++)
        // CHECK: dependence-objects.cpp:[[@LINE+1]]:32: error: tiling can reverse the dependence of 'this->A[x - 1][y + 1]' on 'this->A[x][y]'
        this->A[x][y] = 0.5 * (this->A[x - 1][y + 1] + this->A[x][y - 1]);
  }
  // Gauss-Seidel: distances (1, 0) and (0, 1), any tiles.
  void legal() {
    #pragma omp parallel for schedule(blocked)
    for (int x = 1; x < N - 1; x++)
      #pragma omp for schedule(blocked)
      for (int y = 1; y < N - 1; y++)
        A[x][y] = 0.25 * (A[x - 1][y] + A[x + 1][y] + A[x][y - 1] + A[x][y + 1]);
  }
};

void throughPointer(Field *p) {
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < N - 1; y++)
      // CHECK: dependence-objects.cpp:[[@LINE+1]]:21: error: tiling can reverse the dependence of 'p->A[x + 1][y - 1]' on 'p->A[x][y]'
      p->A[x][y] += p->A[x + 1][y - 1];
}

// Out of place between two objects: different objects, like different
// pointers, are not compared (they may alias only if the program says so).
void twoObjects(Field &dst, const Field &src) {
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < N - 1; y++)
      dst.A[x][y] = 0.5 * (src.A[x - 1][y + 1] + src.A[x + 1][y - 1]);
}

void stdArray(std::array<std::array<double, N>, N> &T) {
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < N - 1; y++)
      // CHECK: dependence-objects.cpp:[[@LINE+1]]:24: error: tiling can reverse the dependence of 'T[x - 1][y + 1]' on 'T[x][y]'
      T[x][y] = 0.5 * (T[x - 1][y + 1] + T[x][y - 1]);
}

void stdVector(std::vector<std::vector<double>> &V) {
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < N - 1; y++)
      // CHECK: dependence-objects.cpp:[[@LINE+1]]:24: error: tiling can reverse the dependence of 'V[x - 1][y + 1]' on 'V[x][y]'
      V[x][y] = 0.5 * (V[x - 1][y + 1] + V[x][y - 1]);
  // One-row tiles keep the order: nothing.
  #pragma omp parallel for schedule(blocked, 1)
  for (int x = 1; x < N - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < N - 1; y++)
      V[x][y] = 0.5 * (V[x - 1][y + 1] + V[x][y - 1]);
}

// One object reached by other spellings: `(*p).A` and `p[0].A` are
// `p->A`, `(&g).A` and `(&g)->A` are `g.A` (each compiled in silence and
// tiled into a wrong result).
void otherSpellings(Field *p, Field &g) {
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < N - 1; y++)
      // CHECK: dependence-objects.cpp:[[@LINE+1]]:22: error: tiling can reverse the dependence of 'p[0].A[x - 1][y + 1]' on '(*p).A[x][y]'
      (*p).A[x][y] = p[0].A[x - 1][y + 1];
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < N - 1; x++)
    #pragma omp for schedule(blocked)
    for (int y = 1; y < N - 1; y++)
      // CHECK: dependence-objects.cpp:[[@LINE+1]]:19: error: tiling can reverse the dependence of '(&g)->A[x - 1][y + 1]' on 'g.A[x][y]'
      g.A[x][y] = (&g)->A[x - 1][y + 1];
}
