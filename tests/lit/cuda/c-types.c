// C types that CUDA C++ spells differently. An enumeration is not in the
// generated .cu (nvcc: "incomplete type", "forward declaration of enum
// type"): variables, parameters, casts and sizeof use its integer type,
// the same size and values, and its constants their values. `_Generic`
// is chosen by the C compiler, so the device gets the chosen association
// (nvcc: "type name is not allowed").
// RUN: %orbis-cc --offload=cuda --emit-lowered %s | grep -v '// CHECK' | FileCheck %s
// RUN: %orbis-cc --offload=cuda -Wall -Werror -c %s -o %t.o
// REQUIRES: cuda
#include <omp_blocked.h>

enum shade { DARK, MID = 5, LIGHT };
typedef enum { DOWN = -1, UP = 1 } direction;

#define TWICE(x) _Generic((x), float: (x) * 2.0f, default: (x) * 2.0)

// CHECK: static __device__ int weight(unsigned int s);
static int weight(enum shade s) { return s == MID ? 2 : 1; }
// CHECK: unsigned int *s;
// CHECK-NEXT: int *d;

void paint(int n, enum shade *s, direction *d, int *w, double *a, float *b) {
  #pragma omp parallel for schedule(blocked) map(tofrom: s[0:n], d[0:n], w[0:n], a[0:n], b[0:n])
  for (int i = 0; i < n; i++) {
    // CHECK: unsigned int k = ((unsigned int)((i % 3)));
    enum shade k = (enum shade)(i % 3);
    // CHECK: s[i] = ((unsigned int)(((unsigned int)(k)) == ((unsigned int)(((int)0))) ? ((int)6) : ((int)5)));
    s[i] = k == DARK ? LIGHT : MID;
    // CHECK: d[i] = ((int)(i & 1 ? ((int)1) : ((int)-1)));
    d[i] = i & 1 ? UP : DOWN;
    // CHECK: w[i] = weight(s[i]) * ((int)(d[i])) + ((int)(sizeof(unsigned int)));
    w[i] = weight(s[i]) * d[i] + (int)sizeof(enum shade);
    // CHECK: a[i] = ((a[i]) * 2.0);
    a[i] = TWICE(a[i]);
    // CHECK: b[i] = ((b[i]) * 2.0f);
    b[i] = TWICE(b[i]);
  }
}
