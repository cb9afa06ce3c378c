// Blocked loops in lambdas outside every function: a global's initializer,
// a default member initializer, an immediately invoked lambda initializing
// a global. No function's walk reached them, and the loop was refused
// ("statement after '#pragma omp parallel for' must be a for loop").
// RUN: %clangxx-seq -O2 %s -o %t.seq
// RUN: %orbis-cxx -O2 %s -o %t.par
// RUN: %t.seq > %t.ref
// RUN: env OMP_NUM_THREADS=3 OMP_BLOCK_SIZE=4 %t.par | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=1 %t.par | cmp - %t.ref
#include <omp_blocked.h>
#include <cstdio>

static double a[100], b[100];

auto fill = [](int n) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    #pragma omp block
    a[i] = 0.5 * i + omp_block_size() * 0.0;
  }
};

struct Scaler {
  double factor = 3.0;
  void (*apply)(double, int) = [](double f, int n) {
    #pragma omp parallel for schedule(blocked, 7)
    for (int i = 0; i < n; i++)
      b[i] = f * a[i];
  };
};

static double total = [] {
  double s = 0;
  #pragma omp parallel for schedule(blocked) reduction(+ : s)
  for (int i = 0; i < 100; i++)
    s += i * 0.25;
  return s;
}();

int main() {
  fill(100);
  Scaler s;
  s.apply(s.factor, 100);
  double sum = 0;
  for (int i = 0; i < 100; i++)
    sum += b[i];
  std::printf("%a %a\n", sum, total);
  return 0;
}
