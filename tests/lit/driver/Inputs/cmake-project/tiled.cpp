// The same sum in C++, with a lambda inside the instruction block.
#include <cstdio>
#include <vector>

int main() {
  std::vector<long> v(100);
  #pragma omp parallel for schedule(blocked, 7)
  for (int i = 0; i < 100; i++) {
    auto twice = [](int k) { return 2L * k; };
    v[i] = twice(i);
  }
  long sum = 0;
  for (long x : v) sum += x;
  std::printf("sum=%ld\n", sum);
}
