// A wavefront that is not Gauss-Seidel, in C++: the edit-distance table
// D[i][j] = min(D[i-1][j] + del, D[i][j-1] + ins, D[i-1][j-1] + sub(i, j)),
// computed by a function template (int and double costs) whose instruction
// block calls a lambda. The i-tiles are pipelined as in Algorithm 1: the
// j-tile of i-tile b waits until i-tile b-1 has finished the same columns.
// Must be bit-identical to the sequential program.
//
// Arguments: tile_i tile_j n... (tile sizes only matter in the RUNTIME_TILES
// build); each n compares strings of lengths n and 2n/3+1. Output: raw bytes
// of both tables.
//
// RUN: %clangxx-seq -O2 %s -o %t.seq
// RUN: %orbis-cxx -O2 %s -o %t.par
// RUN: %orbis-cxx -O2 -DTI=7 -DTJ=4 %s -o %t.par74
// RUN: %orbis-cxx -O2 -DRUNTIME_TILES %s -o %t.parrt
// RUN: %t.seq 0 0 1 2 3 5 17 31 101 > %t.ref
// RUN: %t.seq 0 0 300 > %t.ref300
//
// RUN: env OMP_NUM_THREADS=1 %t.par74 0 0 1 2 3 5 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=2 %t.par74 0 0 1 2 3 5 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.par74 0 0 1 2 3 5 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=4 %t.par74 0 0 1 2 3 5 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=4 %t.par74 0 0 300 | cmp - %t.ref300
//
// RUN: env OMP_NUM_THREADS=2 %t.parrt 1 1 1 2 3 5 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.parrt 3 10 1 2 3 5 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=4 %t.parrt 50 2 1 2 3 5 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.parrt 17 19 300 | cmp - %t.ref300
//
// RUN: env OMP_NUM_THREADS=3 OMP_BLOCK_SIZE=5,3 %t.par 0 0 1 2 3 5 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=2 OMP_BLOCK_SIZE=2 %t.par 0 0 1 2 3 5 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=4 OMP_BLOCK_SIZE=9,1 %t.par 0 0 1 2 3 5 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=2 OMP_BLOCK_SIZE=31,7 %t.par 0 0 300 | cmp - %t.ref300
//
// RUN: env OMP_NUM_THREADS=1 %t.par 0 0 1 2 3 5 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=2 ORBIS_L2_CACHE_SIZE=4096 %t.par 0 0 1 2 3 5 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=3 ORBIS_L2_CACHE_SIZE=4096 %t.par 0 0 1 2 3 5 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=4 ORBIS_L2_CACHE_SIZE=4096 %t.par 0 0 1 2 3 5 17 31 101 | cmp - %t.ref
// RUN: env OMP_NUM_THREADS=3 ORBIS_L2_CACHE_SIZE=4096 %t.par 0 0 300 | cmp - %t.ref300
#include <omp_blocked.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

static int tile_i, tile_j;

template <typename Cost>
std::vector<Cost> editDistance(const std::string &a, const std::string &b,
                               Cost del, Cost ins, Cost sub) {
  const int n = static_cast<int>(a.size()), m = static_cast<int>(b.size());
  std::vector<Cost> D(static_cast<size_t>(n + 1) * (m + 1));
  auto at = [&](int i, int j) -> Cost & { return D[i * (m + 1) + j]; };
  for (int i = 0; i <= n; ++i)
    at(i, 0) = del * i;
  for (int j = 0; j <= m; ++j)
    at(0, j) = ins * j;
  auto step = [&](int i, int j) {
    Cost c = at(i - 1, j - 1) + (a[i - 1] == b[j - 1] ? Cost(0) : sub);
    Cost d = at(i - 1, j) + del, e = at(i, j - 1) + ins;
    at(i, j) = c < d ? (c < e ? c : e) : (d < e ? d : e);
  };

  volatile int *done = nullptr; // done[t]: columns finished by i-tile t-1
#if defined(TI)
  #pragma omp parallel for schedule(blocked, TI)
#elif defined(RUNTIME_TILES)
  #pragma omp parallel for schedule(blocked, tile_i)
#else
  #pragma omp parallel for schedule(blocked)
#endif
  for (int i = 1; i <= n; ++i) {
    #pragma omp single
    {
      done = new int[omp_num_blocks() + 1]();
      done[0] = m;
    }
    const int ib = omp_block_num();
#if defined(TJ)
    #pragma omp for schedule(blocked, TJ)
#elif defined(RUNTIME_TILES)
    #pragma omp for schedule(blocked, tile_j)
#else
    #pragma omp for schedule(blocked)
#endif
    for (int j = 1; j <= m; ++j) {
      while (done[ib] < j + omp_block_size() - 1) {
      }
      #pragma omp block
      step(i, j);
      #pragma omp atomic
      done[ib + 1] += omp_block_size();
    }
  }
  delete[] const_cast<int *>(done);
  return D;
}

static std::string word(int len, unsigned seed) {
  std::string s;
  for (int k = 0; k < len; ++k) {
    seed = seed * 1103515245u + 12345u;
    s += static_cast<char>('a' + (seed >> 16) % 4);
  }
  return s;
}

int main(int argc, char **argv) {
  if (argc < 3)
    return 2;
  tile_i = std::atoi(argv[1]);
  tile_j = std::atoi(argv[2]);
  for (int k = 3; k < argc; ++k) {
    int n = std::atoi(argv[k]);
    std::string a = word(n, 17u + n), b = word(2 * n / 3 + 1, 91u * n);
    std::vector<int> Di = editDistance<int>(a, b, 1, 1, 1);
    std::vector<double> Dd = editDistance<double>(a, b, 0.75, 1.1, 1.3);
    std::fwrite(Di.data(), sizeof(int), Di.size(), stdout);
    std::fwrite(Dd.data(), sizeof(double), Dd.size(), stdout);
  }
  return 0;
}
