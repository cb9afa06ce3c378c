// Loops over a container's size whose body calls its non-const members
// (`A.at(i)`, `A.data()`) are accepted and run as the sequential program:
// the checks that a body keeps its header and that a nested loop's bounds
// do not follow the enclosing rows count sure writes and a scalar's
// address or non-const reference, not an object's non-const member calls
// (a first version of those checks refused both loops below). Nor do
// bounds that call a container's size or std::min when the body writes a
// global array (a new user's trial found both refused: a call counted as
// reading every global the nest sets, and the bodies of header functions
// are not parsed; system headers' functions now read only what they are
// given).
// RUN: %clangxx-seq -O1 %s -o %t.seq
// RUN: %orbis-cxx -O1 %s -o %t.par
// RUN: %t.seq > %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.par | diff - %t.ref
#include <omp_blocked.h>
#include <algorithm>
#include <cstdio>
#include <vector>

double G[50][50];

int main() {
  std::vector<double> A(1000, 1.0);
  #pragma omp parallel for schedule(blocked, 64)
  for (size_t i = 0; i < A.size(); i++)
    A.at(i) = A.data()[i] * 2 + double(i);
  std::vector<double> B(100 * 100, 1.0), Row(100, 0.5);
  #pragma omp parallel for schedule(blocked, 8)
  for (size_t x = 0; x < 100; x++) {
    #pragma omp for schedule(blocked, 16)
    for (size_t y = 0; y < Row.size(); y++) {
      #pragma omp block
      B.at(x * 100 + y) = Row.data()[y] + double(x);
    }
  }
  std::vector<double> V(50, 1.5);
  int n = 50, m = 45;
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++)
    #pragma omp for schedule(blocked)
    for (size_t j = 0; j < V.size(); j++)
      G[i][j] = V[j] * i;
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++)
    #pragma omp for schedule(blocked)
    for (int j = 0; j < std::min(n, m); j++)
      G[i][j] += j;
  double s = 0;
  for (auto &Row : G)
    for (double v : Row)
      s += v;
  for (double v : A)
    s += v;
  for (double v : B)
    s += v;
  std::printf("%.17g\n", s);
  return 0;
}
