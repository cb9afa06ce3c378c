// Algorithm 1's counters allocated with `std::calloc` / `std::malloc` in the
// outermost `single`, as C++ writes them: the host runs that `single` with
// the recording allocators, the qualifier replaced with the name (the
// rewrite kept part of the name: 'orbis_cuda_callocalloc', which did not
// compile).
// RUN: %orbis-cxx --offload=cuda --emit-lowered %s | grep -v '// CHECK' | FileCheck %s
// RUN: %orbis-cxx --offload=cuda -O2 -c %s -o %t.o
// REQUIRES: cuda
#include <omp_blocked.h>
#include <cstdlib>

void sweep(int n, double *A) {
  volatile int *counters = nullptr;
  double *scratch = nullptr;
  #pragma omp parallel for schedule(blocked) map(tofrom: A[0:n * n])
  for (int x = 1; x < n - 1; x++) {
    #pragma omp single
    {
      // CHECK: counters = static_cast<volatile int *>(orbis_cuda_calloc(orbis_query_int(
      counters = static_cast<volatile int *>(std::calloc(omp_num_blocks() + 1, sizeof(int)));
      // CHECK: scratch = static_cast<double *>(orbis_cuda_malloc(sizeof(double)));
      scratch = static_cast<double *>(std::malloc(sizeof(double)));
      counters[0] = n;
    }
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++) {
      while (counters[xb] < y + omp_block_size() - 1) {
      }
      #pragma omp block
      A[x * n + y] = 0.25 * (A[(x - 1) * n + y] + A[(x + 1) * n + y] +
                             A[x * n + y - 1] + A[x * n + y + 1]);
      #pragma omp atomic
      counters[xb + 1] += omp_block_size();
    }
  }
  std::free(const_cast<int *>(counters));
  std::free(scratch);
}
