/// \file
/// C types CUDA C++ spells differently: enumerations (not in the generated
/// .cu; the device uses their integer type, the same size and values) and
/// `_Generic` (resolved by the C compiler; the device gets the chosen
/// association). Bit-identical to the host loop.
/// Usage: c_types N
#include <omp_blocked.h>
#include <stdlib.h>

#include "check.h"

enum shade { DARK, MID = 5, LIGHT };
typedef enum { DOWN = -1, UP = 1 } direction;

#define TWICE(x) _Generic((x), float: (x) * 2.0f, default: (x) * 2.0)

static int weight(enum shade s) { return s == MID ? 2 : 1; }

static void fill(int n, enum shade *s, direction *d, int *w, double *a,
                 float *b) {
  for (int i = 0; i < n; i++) {
    enum shade k = (enum shade)(i % 3);
    s[i] = k == DARK ? LIGHT : MID;
    d[i] = i & 1 ? UP : DOWN;
    w[i] = weight(s[i]) * d[i] + (int)sizeof(enum shade);
    a[i] = TWICE(a[i]);
    b[i] = TWICE(b[i]);
  }
}

static void on_gpu(int n, enum shade *s, direction *d, int *w, double *a,
                   float *b) {
  #pragma omp parallel for schedule(blocked) map(tofrom: s[0:n], d[0:n], w[0:n], a[0:n], b[0:n])
  for (int i = 0; i < n; i++) {
    enum shade k = (enum shade)(i % 3);
    s[i] = k == DARK ? LIGHT : MID;
    d[i] = i & 1 ? UP : DOWN;
    w[i] = weight(s[i]) * d[i] + (int)sizeof(enum shade);
    a[i] = TWICE(a[i]);
    b[i] = TWICE(b[i]);
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1001;
  enum shade *s = calloc(n, sizeof *s), *s0 = calloc(n, sizeof *s0);
  direction *d = calloc(n, sizeof *d), *d0 = calloc(n, sizeof *d0);
  int *w = calloc(n, sizeof *w), *w0 = calloc(n, sizeof *w0);
  double *a = malloc(n * sizeof *a), *a0 = malloc(n * sizeof *a0);
  float *b = malloc(n * sizeof *b), *b0 = malloc(n * sizeof *b0);
  for (int i = 0; i < n; i++) {
    a[i] = a0[i] = i * 0.3 - 7.0;
    b[i] = b0[i] = i * 0.7f - 2.0f;
  }
  on_gpu(n, s, d, w, a, b);
  fill(n, s0, d0, w0, a0, b0);
  int failed = check_bytes("c_types shades", s, s0, n * sizeof *s, sizeof *s);
  failed |= check_bytes("c_types directions", d, d0, n * sizeof *d, sizeof *d);
  failed |= check_bytes("c_types weights", w, w0, n * sizeof *w, sizeof *w);
  failed |= check_bytes("c_types doubles", a, a0, n * sizeof *a, sizeof *a);
  failed |= check_bytes("c_types floats", b, b0, n * sizeof *b, sizeof *b);
  return failed;
}
