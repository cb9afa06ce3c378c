#include <stdio.h>
long tiled_sum(int n);
int main(void) {
  printf("sum=%ld\n", tiled_sum(100));
  return 0;
}
