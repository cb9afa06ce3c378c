/* A blocked loop in a file with CRLF line endings, its pragma continued
   over three lines, and no newline at the end. */
#include <stdio.h>
#include <omp_blocked.h>
int main(void) {
  long s = 0;
  #pragma omp parallel for \
      schedule(blocked, \
 3) reduction(+: s)
  for (int i = 0; i < 10; i++) {
    s += 100 * omp_block_size();
    #pragma omp block
    s += i;
  }
  printf("crlf %ld\n", s);
  return 0;
}