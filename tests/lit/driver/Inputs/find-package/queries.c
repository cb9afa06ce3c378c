#include <omp_blocked.h>
#include <stdio.h>
int main(void) {
  printf("%d %d %d %d\n", omp_num_blocks(), omp_block_num(), omp_block_size(),
         omp_total_size());
  return 0;
}
