// Blocked loops in C++ contexts, compared with the sequential program:
// function templates over the loop variable type (int, long, unsigned,
// std::size_t, short), a non-type template parameter as the tile size,
// member functions using members (implicit `this`) in the bounds, pre-block
// and instruction block, a const member function, a static member, a loop
// inside a lambda and inside a generic lambda, a namespace, a loop over
// std::vector::size(), and C++ spellings of canonical loops (auto, decltype).
//
// Arguments: n...
//
// RUN: %clangxx-seq -O2 -std=c++17 %s -o %t.seq
// RUN: %orbis-cxx -O2 -std=c++17 %s -o %t.par
// RUN: %t.seq 0 1 2 3 17 31 101 300 > %t.ref
// RUN: env OMP_NUM_THREADS=1 %t.par 0 1 2 3 17 31 101 300 | diff - %t.ref
// RUN: env OMP_NUM_THREADS=2 %t.par 0 1 2 3 17 31 101 300 | diff - %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.par 0 1 2 3 17 31 101 300 | diff - %t.ref
// RUN: env OMP_NUM_THREADS=4 %t.par 0 1 2 3 17 31 101 300 | diff - %t.ref
// RUN: env OMP_NUM_THREADS=3 OMP_BLOCK_SIZE=2,3 %t.par 0 1 2 3 17 31 101 300 | diff - %t.ref
// RUN: env OMP_NUM_THREADS=4 ORBIS_L2_CACHE_SIZE=4096 %t.par 0 1 2 3 17 31 101 300 | diff - %t.ref
#include <omp_blocked.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <vector>

namespace kernels {

// Sum of i * i over [0, n), the loop variable of type T.
template <typename T> long long squares(T n) {
  long long s = 0;
  #pragma omp parallel for schedule(blocked) reduction(+: s)
  for (T i = 0; i < n; ++i) {
    #pragma omp block
    s += static_cast<long long>(i) * static_cast<long long>(i);
  }
  return s;
}

// The tile size is a template argument.
template <int B> std::vector<int> tileNumbers(int n) {
  std::vector<int> firstOfTile(n, -1);
  #pragma omp parallel for schedule(blocked, B)
  for (int i = 0; i < n; ++i) {
    int first = i; // the tile's first value in the pre-block
    #pragma omp block
    firstOfTile[i] = first + omp_block_size() * 0;
  }
  return firstOfTile;
}

} // namespace kernels

class Grid {
public:
  Grid(int nx, int ny) : nx(nx), ny(ny), cells(static_cast<size_t>(nx) * ny) {
    for (size_t c = 0; c < cells.size(); ++c)
      cells[c] = static_cast<double>((c * 37) % 101) / 8.0;
  }

  // A 2-level nest reading members through `this` everywhere.
  void blur() {
    std::vector<double> out(cells.size());
    #pragma omp parallel for schedule(blocked)
    for (int x = 0; x < nx; ++x) {
      #pragma omp for schedule(blocked)
      for (int y = 0; y < ny; ++y) {
        const double w = weight; // pre-block reads a member
        #pragma omp block
        {
          double s = at(x, y) * 4;
          s += x > 0 ? at(x - 1, y) : 0.0;
          s += x + 1 < nx ? at(x + 1, y) : 0.0;
          s += y > 0 ? at(x, y - 1) : 0.0;
          s += y + 1 < ny ? at(x, y + 1) : 0.0;
          out[static_cast<size_t>(x) * ny + y] = s * w;
        }
      }
    }
    cells.swap(out);
  }

  double checksum() const {
    long long q = 0;
    #pragma omp parallel for schedule(blocked, 5) reduction(+: q)
    for (std::size_t c = 0; c < cells.size(); ++c)
      q += static_cast<long long>(cells[c] * 1024.0) * static_cast<long long>(c % 7 + 1);
    return static_cast<double>(q);
  }

  static std::vector<long> ramp(int n) {
    std::vector<long> r(n);
    #pragma omp parallel for schedule(blocked, 3)
    for (int i = n - 1; i >= 0; --i)
      r[i] = 10L * i + 1;
    return r;
  }

private:
  double at(int x, int y) const { return cells[static_cast<size_t>(x) * ny + y]; }
  int nx, ny;
  double weight = 0.125;
  std::vector<double> cells;
};

// C++ spellings of canonical loops: `auto` and `decltype` loop variables,
// fixed-width and ptrdiff_t types, a bound through a const reference,
// `!=` against size(), an `auto` pointer, an `auto` counting down from
// size() in a template.
template <typename C> long long sumIndexed(const C &c) {
  long long s = 0;
  #pragma omp parallel for schedule(blocked, 3) reduction(+: s)
  for (auto i = c.size(); i > 0; --i)
    s += static_cast<long long>(i) * c[i - 1];
  return s;
}

static long long cxxLoops(const int &n) {
  long long s = 0;
  #pragma omp parallel for schedule(blocked, 4) reduction(+: s)
  for (auto i = 0; i < n; ++i)
    s += i;
  #pragma omp parallel for schedule(blocked, 4) reduction(+: s)
  for (std::int64_t i = -5; i <= n; i += 2)
    s += i * 3;
  std::vector<int> v(n + 1);
  std::iota(v.begin(), v.end(), 1);
  #pragma omp parallel for schedule(blocked, 4) reduction(+: s)
  for (std::ptrdiff_t i = static_cast<std::ptrdiff_t>(v.size()) - 1; i >= 0; --i)
    s += v[i] * 5;
  #pragma omp parallel for schedule(blocked, 2) reduction(+: s)
  for (decltype(v.size()) i = 0; i != v.size(); ++i)
    s += v[i] * 7;
  const int *p0 = v.data();
  #pragma omp parallel for schedule(blocked, 3) reduction(+: s)
  for (auto p = p0; p < p0 + v.size(); ++p)
    s += *p * 11;
  return s * 1000 + sumIndexed(v);
}

int main(int argc, char **argv) {
  for (int a = 1; a < argc; ++a) {
    const int n = std::atoi(argv[a]);
    std::printf("n=%d\n", n);
    std::printf("  squares: %lld %lld %lld %lld %lld\n", kernels::squares<int>(n),
                kernels::squares<long>(n), kernels::squares<unsigned>(n),
                kernels::squares<std::size_t>(n),
                kernels::squares<short>(static_cast<short>(n)));

    // In the sequential program every iteration is its own "tile", so
    // firstOfTile[i] == i; the parallel one must agree where it matters:
    // the value is i's own tile's first value, i - i % 4.
    std::vector<int> f = kernels::tileNumbers<4>(n);
    long long bad = 0;
    for (int i = 0; i < n; ++i)
      bad += f[i] != i && f[i] != i - i % 4;
    std::printf("  template tile size: bad %lld\n", bad);

    Grid g(n, n / 2 + 3);
    g.blur();
    g.blur();
    std::printf("  grid: %.17g\n", g.checksum());

    std::vector<long> r = Grid::ramp(n);
    std::printf("  static member: %ld\n", std::accumulate(r.begin(), r.end(), 0L));

    std::vector<int> v(n);
    auto fill = [&v](int k) {
      #pragma omp parallel for schedule(blocked, 2)
      for (std::size_t i = 0; i < v.size(); ++i)
        v[i] = static_cast<int>(i) * k;
    };
    fill(3);
    auto generic = [](auto &vec, auto add) {
      #pragma omp parallel for schedule(blocked, 7)
      for (int i = 0; i < static_cast<int>(vec.size()); ++i)
        vec[i] += add;
    };
    generic(v, 5);
    std::printf("  lambdas: %ld\n", std::accumulate(v.begin(), v.end(), 0L));
    std::printf("  c++ loop forms: %lld\n", cxxLoops(n));
  }
  return 0;
}
