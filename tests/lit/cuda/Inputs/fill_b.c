#include <omp_blocked.h>
void fill_b(int n, double *p) {
  #pragma omp parallel for schedule(blocked) map(tofrom: p[0:n])
  for (int i = 0; i < n; i++)
    p[i] = i;
}
