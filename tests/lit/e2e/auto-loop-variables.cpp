// Loop variables declared `auto` run as the sequential program: their type
// is the deduced one, which may be a member typedef spelled without its
// class (`size_type` for `v.size()`, `idx` from a function of namespace
// `ns`), or a private one of a class: the lowering spelled it as printed,
// a name the loop's scope does not see, and the valid program failed to
// compile ("unknown type name 'size_type'").
// RUN: %clangxx-seq -O1 %s -o %t.seq
// RUN: %orbis-cxx -O1 -Wall -Werror %s -o %t.par
// RUN: %t.seq > %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.par | diff - %t.ref
#include <omp_blocked.h>
#include <cstdio>
#include <vector>

namespace ns {
typedef long idx;
inline idx zero() { return 0; }
} // namespace ns

class Grid {
  typedef unsigned short cell; // private: `Grid::cell` is not visible outside
  std::vector<double> Data;

public:
  Grid() : Data(300, 1.0) {}
  static cell first() { return 1; }
  void scale() {
    #pragma omp parallel for schedule(blocked, 16)
    for (auto i = first(); i < 300; ++i)
      Data[i] *= 3;
  }
  double sum() const {
    double S = 0;
    for (double V : Data)
      S += V;
    return S;
  }
};

int main() {
  std::vector<double> v(1000, 1.0);
  #pragma omp parallel for schedule(blocked, 64)
  for (auto i = v.size(); i > 0; --i)
    v[i - 1] = v[i - 1] * 2 + double(i);
  #pragma omp parallel for schedule(blocked, 7)
  for (auto i = ns::zero(); i < 100; i += 3)
    v[i] += 0.5;
  Grid G;
  G.scale();
  double s = G.sum();
  for (double x : v)
    s += x;
  std::printf("%.17g\n", s);
  return 0;
}
