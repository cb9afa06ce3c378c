/// \file
/// What a GPU nest keeps of C's meaning, checked against the same loops on
/// the host: `private` and `firstprivate` variables are per thread (a
/// shared copy would race), and `sizeof` has C's values (the device code is
/// C++, where sizeof('a') and sizeof(a < b) are 1). A new user's trial
/// found all three wrong on the GPU before they were handled.
/// Usage: clause_semantics N
#include <omp_blocked.h>
#include <stdlib.h>

#include "check.h"

static void privates(int n, double *p, double scale) {
  double tmp;
  #pragma omp parallel for schedule(blocked) map(tofrom: p[0:n]) private(tmp) firstprivate(scale)
  for (int i = 0; i < n; i++) {
    tmp = p[i] * 2.0;
    scale = scale + 1.0; // each thread's own copy
    p[i] = tmp + 7.0 + (scale > 0 ? 0.0 : 1.0);
  }
}

static void privates_plain(int n, double *p) {
  for (int i = 0; i < n; i++)
    p[i] = p[i] * 2.0 + 7.0;
}

static void sizes(int n, int *q) {
  #pragma omp parallel for schedule(blocked) map(tofrom: q[0:n])
  for (int i = 0; i < n; i++)
    q[i] = (int)sizeof('a') * 100 + (int)sizeof(i < n) * 10 +
           (int)sizeof(q[i] + 'b');
}

static void sizes_plain(int n, int *q) {
  for (int i = 0; i < n; i++)
    q[i] = (int)sizeof('a') * 100 + (int)sizeof(i < n) * 10 +
           (int)sizeof(q[i] + 'b');
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1001;
  double *p = malloc(n * sizeof(double)), *pr = malloc(n * sizeof(double));
  int *q = calloc(n, sizeof(int)), *qr = calloc(n, sizeof(int));
  for (int i = 0; i < n; i++)
    p[i] = pr[i] = i * 0.37 - 11.0;
  privates(n, p, 1.5);
  privates_plain(n, pr);
  sizes(n, q);
  sizes_plain(n, qr);
  int bad = check_bytes("clause_semantics_private", p, pr, n * sizeof(double),
                        sizeof(double));
  bad |= check_bytes("clause_semantics_sizeof", q, qr, n * sizeof(int),
                     sizeof(int));
  return bad;
}
