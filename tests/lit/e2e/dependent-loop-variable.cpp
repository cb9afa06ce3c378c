// A blocked loop whose variable's type is a template parameter or `auto`
// in a generic lambda, instantiated with integers and with pointers (a new
// user's trial: `for (It p = b; p < e; ++p)` did not compile, the lowering
// added two pointers). Each instance visits every element once, in order
// within a tile, with odd sizes, steps and tiles: bit-identical to the
// sequential loop (OK).
// RUN: %orbis-cxx -O2 %s -o %t
// RUN: env OMP_NUM_THREADS=3 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 OMP_BLOCK_SIZE=7 %t | FileCheck %s
// CHECK: {{^OK$}}
#include <omp_blocked.h>

#include <cstdio>
#include <vector>

template <class It> void fill(It b, It e, int step) {
  #pragma omp parallel for schedule(blocked)
  for (It p = b; p < e; p += step)
    *p += 1;
}

template <class I> void count(I lo, I hi, long *out) {
  #pragma omp parallel for schedule(blocked, 5)
  for (I i = lo; i < hi; i++)
    out[i - lo] += (long)i;
}

int main() {
  bool ok = true;
  std::vector<int> v(1001, 0);
  fill(v.data(), v.data() + v.size(), 1);
  fill(v.data() + 3, v.data() + 998, 7);
  const int *cb = v.data();
  for (size_t i = 0; i < v.size(); i++)
    ok &= cb[i] == 1 + (i >= 3 && i < 998 && (i - 3) % 7 == 0);
  std::vector<long> s(333, 0);
  count(10, 343, s.data());
  count<unsigned long>(10, 343, s.data());
  for (int i = 0; i < 333; i++)
    ok &= s[i] == 2L * (i + 10);
  auto lambda = [](auto *out, int n) {
    #pragma omp parallel for schedule(blocked)
    for (auto p = out; p < out + n; p++)
      *p = 2 * *p + 1;
  };
  lambda(s.data(), 333);
  for (int i = 0; i < 333; i++)
    ok &= s[i] == 4L * (i + 10) + 1;
  std::puts(ok ? "OK" : "MISMATCH");
  return !ok;
}
