// Pass-through: reductions of every operator on integers, min/max on
// doubles, array-section reductions, a user-defined reduction
// (declare reduction) and reductions on combined constructs. Only exact
// (integer or min/max) results are printed so the output is deterministic.
//
// RUN: %orbis-cc -O2 %s -o %t.orbis
// RUN: %clang-omp -O2 %s -o %t.omp
// RUN: %orbis-cc --emit-lowered %s | diff - %s
// RUN: env OMP_NUM_THREADS=1 %t.omp > %t.ref
// RUN: env OMP_NUM_THREADS=4 %t.omp | diff - %t.ref
// RUN: env OMP_NUM_THREADS=1 %t.orbis | diff - %t.ref
// RUN: env OMP_NUM_THREADS=2 %t.orbis | diff - %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.orbis | diff - %t.ref
// RUN: env OMP_NUM_THREADS=4 %t.orbis | diff - %t.ref
// RUN: FileCheck %s < %t.ref
// CHECK: sum 500500 prod 3628800 and 0 or 1023 xor 0 land 1 lor 1
// CHECK: min -0x1.8p+1 max 0x1.4p+3
// CHECK: histogram 63 63 63 63 63 63 63 63 62 62 62 62 62 62 62 62
// CHECK: udr 1000 499500 {{0x[0-9a-f.]+p[+-][0-9]+}}
// CHECK: simd 1000 parallel-loop 2001000
#include <stdio.h>

struct stat {
  long n, sum;
  double maxv;
};

static void combine(struct stat *out, const struct stat *in) {
  out->n += in->n;
  out->sum += in->sum;
  if (in->maxv > out->maxv)
    out->maxv = in->maxv;
}

#pragma omp declare reduction(merge : struct stat : combine(&omp_out, &omp_in)) \
    initializer(omp_priv = (struct stat){0, 0, -1e300})

int main(void) {
  long sum = 0, prod = 1;
  unsigned andv = ~0u, orv = 0, xorv = 0;
  int land = 1, lor = 0;
  #pragma omp parallel for reduction(+: sum) reduction(*: prod) \
      reduction(&: andv) reduction(|: orv) reduction(^: xorv) \
      reduction(&&: land) reduction(||: lor)
  for (int i = 1; i <= 1000; i++) {
    sum += i;
    if (i <= 10)
      prod *= i;
    andv &= (unsigned)i;
    orv |= (unsigned)i & 1023u;
    xorv ^= (unsigned)(i % 2 ? i : i - 1);
    land = land && i > 0;
    lor = lor || i == 777;
  }
  printf("sum %ld prod %ld and %u or %u xor %u land %d lor %d\n", sum, prod,
         andv, orv, xorv, land, lor);

  double mn = 1e300, mx = -1e300;
  #pragma omp parallel for reduction(min: mn) reduction(max: mx)
  for (int i = 0; i < 1000; i++) {
    double v = (double)((i * 37) % 27) * 0.5 - 3.0;
    if (v < mn)
      mn = v;
    if (v > mx)
      mx = v;
  }
  printf("min %a max %a\n", mn, mx);

  int hist[16] = {0};
  #pragma omp parallel for reduction(+: hist[:16])
  for (int i = 0; i < 1000; i++)
    hist[i % 16]++;
  printf("histogram");
  for (int k = 0; k < 16; k++)
    printf(" %d", hist[k]);
  printf("\n");

  struct stat st = {0, 0, -1e300};
  #pragma omp parallel for reduction(merge: st)
  for (int i = 0; i < 1000; i++) {
    st.n++;
    st.sum += i;
    double v = (double)((i * 7919) % 1009) / 3.0;
    if (v > st.maxv)
      st.maxv = v;
  }
  printf("udr %ld %ld %a\n", st.n, st.sum, st.maxv);

  int cnt = 0;
  #pragma omp simd reduction(+: cnt)
  for (int i = 0; i < 1000; i++)
    cnt += 1;
  long pl = 0;
  #pragma omp parallel
  {
    #pragma omp for reduction(+: pl) schedule(guided) nowait
    for (int i = 1; i <= 2000; i++)
      pl += i;
  }
  printf("simd %d parallel-loop %ld\n", cnt, pl);
  return 0;
}
