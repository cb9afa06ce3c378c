// A variable named in `world(list)` lives in world memory only inside the
// world loop; outside it, its name is the C variable, which the loop never
// sets. A new user's trial read it after the loop (garbage at -O2, a
// crash at -O0) and read a global world variable in a function the loop
// calls (a crash): each use outside is an error, once per variable, with
// a note at the loop. Unevaluated uses (`sizeof`, `__typeof__`) are fine,
// and so are uses in another world loop that names the variable too.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s
#include <omp_world.h>

enum { N = 8 };
long *G[N];

// CHECK: {{^}}{{.*}}world-variable-outside-loop.c:[[@LINE+1]]:38: error: 'G' is used outside its 'world_parallel for': a variable named in 'world(...)' lives in world memory only inside the loop, and here it is the C variable, which the loop never sets{{$}}
static long previous(int t) { return G[t - 1][0]; }

void global_in_helper(void) {
  // CHECK: {{^}}{{.*}}world-variable-outside-loop.c:[[@LINE+1]]:3: note: 'G' is named in 'world(...)' here{{$}}
  #pragma omp world_parallel for world(G)
  for (int t = 0; t < N; t++) {
    G[t] = omp_world_malloc(1);
    G[t][0] = t == 0 ? 1 : previous(t) + 1;
  }
}

long read_after(void) {
  long *A[1];
  long s = sizeof A + sizeof(__typeof__(A[0]));
  #pragma omp world_parallel for world(A)
  for (int i = 0; i < N; i++) {
    if (i == 0)
      A[0] = omp_world_malloc(N);
    A[0][i] = i;
  }
  #pragma omp world_parallel for world(A)
  for (int i = 0; i < N; i++) {
    if (i == 0)
      A[0] = omp_world_malloc(N);
    A[0][i] = 2 * i;
  }
  // CHECK: {{^}}{{.*}}world-variable-outside-loop.c:[[@LINE+1]]:36: error: 'A' is used outside its 'world_parallel for': {{.*}}
  for (int i = 0; i < N; i++) s += A[0][i];
  return s;
}

// CHECK-NOT: error:
// CHECK: {{^}}2 errors generated.{{$}}
