// Pass-through of unusual but valid spellings: `#pragma omp` with extra
// blanks, tabs and line continuations, comments inside and after pragmas,
// `_Pragma`, other pragma namespaces, declare simd / declare target /
// requires, and text that merely looks like the extensions (in comments,
// string literals, `#if 0` blocks, identifiers). --emit-lowered must give
// the file back byte for byte, and the program must behave as with clang.
// (A `schedule(blocked)` in comment: #pragma omp for schedule(blocked, 4))
//
// RUN: %orbis-cc --emit-lowered %s | diff - %s
// RUN: %orbis-cc -O2 %s -o %t.orbis
// RUN: %clang-omp -O2 %s -o %t.omp
// RUN: env OMP_NUM_THREADS=1 %t.omp > %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.orbis | diff - %t.ref
// RUN: env OMP_NUM_THREADS=4 %t.orbis | diff - %t.ref
// RUN: FileCheck %s < %t.ref
// CHECK:      continued 4950
// CHECK-NEXT: spaced 4950 tabbed 4950 pragma-op 4950
// CHECK-NEXT: text: #pragma omp parallel for schedule(blocked, 8) / omp_block_num()
// CHECK-NEXT: simd-fn 12 target 2 unknown-pragmas 1
#include <stdio.h>

#pragma omp requires unified_address
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunknown-pragmas"
#pragma STDC FP_CONTRACT OFF
#pragma something_unknown(blocked)

#pragma omp declare simd uniform(k) linear(i : 1)
static int twice(int k, int i) { return k * i * 2; }

#pragma omp declare target
static int on_device(int x) { return x + 1; }
#pragma omp end declare target

#if 0
#pragma omp parallel for schedule(blocked, 4)
for (int i = 0; i < n; i++) {
  #pragma omp block
  x[i] = omp_block_num();
}
#endif

static int schedule_blocked_counter; /* not a clause */

int main(void) {
  long s = 0;
  #pragma omp parallel for \
      reduction(+: s) \
      schedule(static, \
               4)
  for (int i = 0; i < 100; i++)
    s += i;
  printf("continued %ld\n", s);

  long a = 0, b = 0, c = 0;
  #   pragma    omp   parallel   for   reduction(+:a)   /* comment */ // more
  for (int i = 0; i < 100; i++)
    a += i;
	#pragma	omp	parallel	for	reduction(+:b)
  for (int i = 0; i < 100; i++)
    b += i;
  _Pragma("omp parallel for reduction(+: c) schedule(dynamic, 7)")
  for (int i = 0; i < 100; i++)
    c += i;
  printf("spaced %ld tabbed %ld pragma-op %ld\n", a, b, c);

  const char *text = "#pragma omp parallel for schedule(blocked, 8) / omp_block_num()";
  printf("text: %s\n", text);

  int simd_sum = 0;
  #pragma omp simd reduction(+: simd_sum)
  for (int i = 0; i < 4; i++)
    simd_sum += twice(1, i);
  int t = 0;
  #pragma omp target map(tofrom: t)
  t = on_device(1);
  #pragma omp atomic
  schedule_blocked_counter++;
  printf("simd-fn %d target %d unknown-pragmas %d\n", simd_sum, t,
         schedule_blocked_counter);
  return 0;
}
#pragma GCC diagnostic pop
