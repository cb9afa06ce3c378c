/// \file
/// Reductions on the GPU as the user guide says to write them: an `atomic`
/// update of a scalar, or of array elements, in the instruction block
/// (integers: any order of the updates gives the sequential sum). The
/// form a new user's trial tried first, per-tile partial sums added by an
/// `atomic` in the post-block, lost the sums (each tile's threads updated a
/// copy of their own) and is now refused at compile time
/// (tests/lit/cuda/unsupported-semantics.c).
/// Usage: reductions N
#include <omp_blocked.h>
#include <stdlib.h>

#include "check.h"

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100003;
  int m = 7;
  long long *a = malloc(n * sizeof(long long));
  long long bins[7] = {0}, want_bins[7] = {0};
  for (int i = 0; i < n; i++)
    a[i] = (i * 37) % 101 - 50;
  long long total = 0, want = 0;
  #pragma omp parallel for schedule(blocked) map(to: a[0:n])
  for (int i = 0; i < n; i++) {
    #pragma omp atomic
    total += a[i];
    #pragma omp atomic
    bins[i % m] += a[i];
  }
  for (int i = 0; i < n; i++) {
    want += a[i];
    want_bins[i % m] += a[i];
  }
  int failed = check_bytes("reductions (scalar)", &total, &want, sizeof total,
                           sizeof total);
  failed |= check_bytes("reductions (array)", bins, want_bins, sizeof bins,
                        sizeof bins[0]);
  free(a);
  return failed;
}
