// C++ bounds and steps holding temporaries (issue 7, defect 9): a bound
// 'i < std::min(n, 500)' and a step 'i += std::max(s, 1)' are canonical;
// the result equals the sequential program's.
// RUN: %clangxx-seq -O2 %s -o %t.seq
// RUN: %orbis-cxx -O2 %s -o %t.par
// RUN: %t.seq 700 3 > %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.par 700 3 | diff - %t.ref
// RUN: env OMP_NUM_THREADS=2 %t.par 300 0 > %t.out && %t.seq 300 0 | diff - %t.out
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <omp_blocked.h>
#include <vector>

int main(int argc, char **argv) {
  int n = std::atoi(argv[1]), s = std::atoi(argv[2]);
  std::vector<long> a(n, 0);
  #pragma omp parallel for schedule(blocked, 7)
  for (int i = 0; i < std::min(n, 500); i += std::max(s, 1))
    a[i] = 3L * i + 1;
  long sum = 0;
  for (int i = 0; i < n; i++)
    sum = sum * 7 + a[i];
  std::printf("%ld\n", sum);
}
