// A C++ file compiled and linked by orbis-cc (the C driver, as clang-19
// allows without libstdc++ for code that needs none): the runtime's calls
// in the lowered code throw nothing, so they need no unwinding to
// std::terminate (a new user's trial: "undefined reference to
// std::terminate"). At -O0, where nothing is inferred.
// RUN: %orbis-cc -O0 %s -o %t && %t
// RUN: %orbis-cc -O2 %s -o %t && %t
#include <omp_blocked.h>

int main() {
  int a[100], sizes = 0;
  #pragma omp parallel for schedule(blocked) reduction(+: sizes)
  for (int i = 0; i < 100; i++) {
    sizes += omp_block_size() > 0;
    #pragma omp block
    a[i] = i;
  }
  return a[5] != 5 || sizes < 1;
}
