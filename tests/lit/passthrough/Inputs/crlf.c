/* CRLF line endings, a continued pragma and no newline at the end. */
#include <stdio.h>
int main(void) {
  long s = 0;
  #pragma omp parallel for \
      reduction(+: s)
  for (int i = 0; i < 10; i++)
    s += i;
  printf("crlf %ld\n", s);
  return 0;
}