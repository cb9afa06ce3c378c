// Pass-through in C++: OpenMP in templates, member functions and lambdas,
// random-access-iterator and range-based loops, a user-defined reduction on a
// class type, tasks capturing by reference, `std::string` results assembled
// under `ordered`. orbis-c++ must compile it like clang++ -fopenmp.
//
// RUN: %orbis-cxx -O2 -std=c++17 %s -o %t.orbis
// RUN: %clangxx-omp -O2 -std=c++17 %s -o %t.omp
// RUN: %orbis-cxx --emit-lowered %s | diff - %s
// RUN: env OMP_NUM_THREADS=1 %t.omp > %t.ref
// RUN: env OMP_NUM_THREADS=4 %t.omp | diff - %t.ref
// RUN: env OMP_NUM_THREADS=1 %t.orbis | diff - %t.ref
// RUN: env OMP_NUM_THREADS=2 %t.orbis | diff - %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.orbis | diff - %t.ref
// RUN: env OMP_NUM_THREADS=4 %t.orbis | diff - %t.ref
// RUN: FileCheck %s < %t.ref
// CHECK:      template sum<int> 4950 sum<long long> 499500
// CHECK-NEXT: member scale: 0 3 6 9 12 15 18 21
// CHECK-NEXT: iterators: 1225 range-for: 2450
// CHECK-NEXT: udr: count 300 min 0 max 299
// CHECK-NEXT: lambda tasks: 55
// CHECK-NEXT: ordered: abcdefghijklmnopqrstuvwxyz
#include <algorithm>
#include <climits>
#include <cstdio>
#include <numeric>
#include <string>
#include <vector>

template <typename T> T sum(int n) {
  T s = 0;
  #pragma omp parallel for reduction(+: s) schedule(static, 3)
  for (int i = 0; i < n; ++i)
    s += static_cast<T>(i);
  return s;
}

class Scaler {
public:
  explicit Scaler(int f) : factor(f) {}
  std::vector<int> apply(const std::vector<int> &in) const {
    std::vector<int> out(in.size());
    #pragma omp parallel for
    for (std::size_t i = 0; i < in.size(); ++i)
      out[i] = in[i] * factor;
    return out;
  }

private:
  int factor;
};

struct MinMax {
  long count = 0;
  int lo = INT_MAX, hi = INT_MIN;
  void add(int v) {
    ++count;
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  void merge(const MinMax &o) {
    count += o.count;
    lo = std::min(lo, o.lo);
    hi = std::max(hi, o.hi);
  }
};
#pragma omp declare reduction(mm : MinMax : omp_out.merge(omp_in))

int main() {
  std::printf("template sum<int> %d sum<long long> %lld\n", sum<int>(100),
              sum<long long>(1000));

  std::vector<int> base(8);
  std::iota(base.begin(), base.end(), 0);
  std::vector<int> scaled = Scaler(3).apply(base);
  std::printf("member scale:");
  for (int v : scaled)
    std::printf(" %d", v);
  std::printf("\n");

  std::vector<int> vals(50);
  std::iota(vals.begin(), vals.end(), 0);
  long it = 0, rf = 0;
  #pragma omp parallel for reduction(+: it)
  for (std::vector<int>::iterator p = vals.begin(); p < vals.end(); ++p)
    it += *p;
  #pragma omp parallel for reduction(+: rf)
  for (int &v : vals)
    rf += 2 * v;
  std::printf("iterators: %ld range-for: %ld\n", it, rf);

  MinMax mm;
  #pragma omp parallel for reduction(mm: mm)
  for (int i = 0; i < 300; ++i)
    mm.add((i * 7) % 300);
  std::printf("udr: count %ld min %d max %d\n", mm.count, mm.lo, mm.hi);

  std::vector<int> parts(10, 0);
  auto work = [&](int k) { parts[k] = k + 1; };
  #pragma omp parallel
  #pragma omp single
  for (int k = 0; k < 10; ++k) {
    #pragma omp task firstprivate(k)
    work(k);
  }
  std::printf("lambda tasks: %d\n", std::accumulate(parts.begin(), parts.end(), 0));

  std::string s;
  #pragma omp parallel for ordered schedule(dynamic)
  for (int c = 0; c < 26; ++c) {
    char ch = static_cast<char>('a' + c);
    #pragma omp ordered
    s += ch;
  }
  std::printf("ordered: %s\n", s.c_str());
  return 0;
}
