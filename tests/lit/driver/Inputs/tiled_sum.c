// A blocked loop whose result does not depend on the tiling.
#include <omp_blocked.h>
#include "local_header.h"

long tiled_sum(int n) {
  long sum = 0;
  #pragma omp parallel for schedule(blocked, 3) reduction(+: sum)
  for (int i = 0; i < n; i++)
    sum += SCALE * i;
  return sum;
}
