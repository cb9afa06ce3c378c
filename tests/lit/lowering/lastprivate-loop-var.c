// 'lastprivate(i)' of a blocked loop's own variable (declared before the
// loop): the tiles then work on the construct's private 'i' instead of a
// per-tile copy, and the thread running the last tile stores the value after
// the last iteration, 'lb + trip * step', so that 'i' holds it after the
// construct as with any OpenMP loop. Without 'lastprivate' each tile keeps
// its own copy (see canonical-var-outside.c). The second RUN line runs it.
// RUN: %orbis-cc --emit-lowered %s | %join-generated %s | grep -v "^ *//" | FileCheck %s
// RUN: %orbis-cc %s -o %t && %t | FileCheck --check-prefix=OUT %s
#include <stdio.h>

int main(void) {
  int i = -1, A[10];
  // CHECK: {{^}}#define blocked monotonic: dynamic, 1) firstprivate([[L:__orbis_L[0-9_]+]], [[LB:__orbis_lb[0-9_]+]]) __orbis_drop({{$}}
  // CHECK: orbis_tile_t [[C:__orbis_c[0-9_]+]]; {{.*}} int [[F:__orbis_f[0-9_]+]] = {{.*}}; do {
  // CHECK-SAME: for (i = [[F]]; i < {{__orbis_e[0-9_]+}}; ++i)
  // CHECK-SAME: } while (0); if ({{__orbis_t[0-9_]+}} == [[L]].num_tiles - 1) i = (__typeof__([[LB]]))((unsigned long long)[[LB]] + (unsigned long long)([[L]].trip) * (unsigned long long)[[L]].step); orbis_tile_leave(&[[C]]);
  #pragma omp parallel for schedule(blocked, 4) lastprivate(i)
  for (i = 0; i < 10; i++)
    A[i] = i;
  // CHECK-NOT: int i = {{__orbis_f[0-9_]+}}
  printf("i=%d A[9]=%d\n", i, A[9]);
  // OUT: i=10 A[9]=9
  return 0;
}
