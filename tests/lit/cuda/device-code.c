// How the user's statements are printed for the device: C's implicit
// conversions written out (so that CUDA's C++ overloads do not change the
// arithmetic), enumerators as their values, floating literals as spelled,
// a function of this file copied as a __device__ function, <math.h>
// functions kept, the forms of '#pragma omp atomic', and a fixed-size array
// used in place.
// RUN: %orbis-cc --offload=cuda --emit-lowered %s | grep -v '// CHECK' | FileCheck %s
// RUN: %orbis-cc --offload=cuda -c %s -o %t.o
// REQUIRES: cuda
#include <math.h>
#include <omp_blocked.h>

enum { SCALE = 3 };
typedef float real;

static real twice(real v) { return v * 2; }

float F[64][64];
double total;
int hits;

void kernel(int n, float *g, long count) {
  #pragma omp parallel for schedule(blocked) map(tofrom: g[0:n])
  for (int i = 0; i < n; i++) {
    #pragma omp block
    {
      real f = g[i];
      g[i] = sqrtf(f) + sqrt(f) * 1e-300 + 0.1f * SCALE + twice(f);
      F[i % 64][0] = (real)count;
      #pragma omp atomic
      total += f;
      #pragma omp atomic update
      hits++;
      #pragma omp atomic
      hits = hits * 2;
    }
  }
}

// CHECK-LABEL: // ---- device code: device-code.orbis.cu ----
// CHECK: static __device__ float twice(float v);
// CHECK: static __device__ float twice(float v)
// CHECK-NEXT: #line 16 "{{.*}}device-code.c"
// CHECK-NEXT: {
// Each statement of a block after its own line in the source.
// CHECK-NEXT: #line 16 "{{.*}}device-code.c"
// CHECK-NEXT:     return v * ((float)(2));
// CHECK: struct __orbis_params0 {
// CHECK:   float *g;
// CHECK-NEXT:   void *F;
// CHECK-NEXT:   long count;
// CHECK-NEXT:   void *total;
// CHECK-NEXT:   void *hits;
// CHECK: float (&F)[64][64] = *(float (*)[64][64])__orbis_P.u.F;
// CHECK: double &total = *(double *)__orbis_P.u.total;
// CHECK: int &hits = *(int *)__orbis_P.u.hits;
// CHECK: float f = g[i];
// CHECK-NEXT: #line 28 "{{.*}}device-code.c"
// CHECK-NEXT: g[i] = ((float)(((double)(sqrtf(f))) + sqrt(((double)(f))) * 1e-300 + ((double)(0.1f * ((float)(((int)3))))) + ((double)(twice(f)))));
// CHECK-NEXT: #line 29 "{{.*}}device-code.c"
// CHECK-NEXT: F[i % 64][0] = ((float)(count));
// CHECK-NEXT: #line 31 "{{.*}}device-code.c"
// CHECK-NEXT: orbis_dev_atomic_add<cuda::thread_scope_device>(total, ((double)(f)));
// CHECK-NEXT: #line 33 "{{.*}}device-code.c"
// CHECK-NEXT: orbis_dev_atomic_add<cuda::thread_scope_device>(hits, 1);
// CHECK-NEXT: #line 35 "{{.*}}device-code.c"
// CHECK-NEXT: orbis_dev_atomic_mul<cuda::thread_scope_device>(hits, 2);
