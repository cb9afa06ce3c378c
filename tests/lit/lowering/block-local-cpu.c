// 'block_local(var, (i, j), halo)' is accepted on the CPU and is only a
// locality hint there: the lowering is the same as without the clause (the
// second group of RUN lines lowers a copy of this file with the clause
// removed, under the same name, and compares the code lines but the user's
// directive, which is kept as written), and the clause does not reach the
// standard directive (a macro makes it nothing).
// RUN: %orbis-cc --emit-lowered %s | %join-generated %s | grep -v "^ *//" | FileCheck %s
// RUN: %orbis-cc -fsyntax-only %s
// RUN: rm -rf %t && mkdir -p %t/with %t/without
// RUN: cp %s %t/with/gs.c
// RUN: sed -e 's/ block_local(A, (x, y), 1)//' %s > %t/without/gs.c
// RUN: grep -q "blocked, 8) block[_]local" %t/with/gs.c
// RUN: not grep -q "blocked, 8) block[_]local" %t/without/gs.c
// RUN: cd %t/with && %orbis-cc --emit-lowered gs.c | %join-generated gs.c | grep -v "^ *//" | grep -v "^ *#pragma omp parallel for" > %t/with.out
// RUN: cd %t/without && %orbis-cc --emit-lowered gs.c | %join-generated gs.c | grep -v "^ *//" | grep -v "^ *#pragma omp parallel for" > %t/without.out
// RUN: diff %t/with.out %t/without.out

void gauss_seidel(int n, double A[64][64]) {
  // CHECK: orbis_loop_init({{.*}}, 8, 1, {{.*}});{{$}}
  // CHECK-NEXT: {{^}}#pragma push_macro("blocked"){{$}}
  // CHECK: {{^}}#define blocked monotonic: dynamic, 1) firstprivate({{__orbis_L[0-9_]+}}, {{__orbis_lb[0-9_]+}}) __orbis_drop({{$}}
  // CHECK-NEXT: {{^}}#define block_local(...){{$}}
  // CHECK: {{^}}  #pragma omp parallel for schedule(blocked, 8) block_local(A, (x, y), 1){{$}}
  // CHECK: {{^}}#pragma pop_macro("block_local"){{$}}
  // CHECK: {{^}}      ({{__orbis_v[0-9]+}}[{{__orbis_r[0-9]+}}] = A[x][y] = 0.25 * (A[x - 1][y] + A[x + 1][y] + A[x][y - 1] + A[x][y + 1]));{{$}}
  #pragma omp parallel for schedule(blocked, 8) block_local(A, (x, y), 1)
  for (int x = 1; x < n - 1; x++) {
    #pragma omp for schedule(blocked, 8)
    for (int y = 1; y < n - 1; y++) {
      A[x][y] = 0.25 * (A[x - 1][y] + A[x + 1][y] + A[x][y - 1] + A[x][y + 1]);
    }
  }
}
// CHECK-NOT: block_local
