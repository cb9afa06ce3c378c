// A blocked loop's bound or step of floating type: C compares and adds in
// that type (`i < 10.5f` also runs i = 10), where the tiles' integer count
// truncated the bound and dropped that iteration. A new user's trial found
// `i < fl` with fl = 10.5f running 10 iterations instead of 11, and
// `i >= dl` with dl = 3.25 running 8 instead of 7, in silence. Each is now
// an error at the directive with a note at the part; an integer bound
// computed from a float (`(int)fl`) is fine.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --check-prefix=COUNT %s
// COUNT-COUNT-4: error: loop with 'schedule(blocked)' is not in canonical form: the
// COUNT-NOT: error:
#include <omp_blocked.h>

int count(float fl, double dl, long double ld) {
  int c = 0;
  // CHECK: loop-floating-parts.c:[[@LINE+1]]:28: error: loop with 'schedule(blocked)' is not in canonical form: the bound of loop variable 'i' has floating type 'float' (the tiles count whole iterations: convert it to an integer as the loop means it){{$}}
  #pragma omp parallel for schedule(blocked) reduction(+: c)
  // CHECK: loop-floating-parts.c:[[@LINE+1]]:23: note: the bound is here{{$}}
  for (int i = 0; i < fl; i++)
    c++;
  // CHECK: loop-floating-parts.c:[[@LINE+1]]:28: error: loop with 'schedule(blocked)' is not in canonical form: the bound of loop variable 'i' has floating type 'double' (the tiles count whole iterations: convert it to an integer as the loop means it){{$}}
  #pragma omp parallel for schedule(blocked) reduction(+: c)
  // CHECK: loop-floating-parts.c:[[@LINE+1]]:25: note: the bound is here{{$}}
  for (int i = 10; i >= dl; i--)
    c++;
  // CHECK: loop-floating-parts.c:[[@LINE+1]]:28: error: loop with 'schedule(blocked)' is not in canonical form: the bound of loop variable 'i' has floating type 'long double' (the tiles count whole iterations: convert it to an integer as the loop means it){{$}}
  #pragma omp parallel for schedule(blocked) reduction(+: c)
  // CHECK: loop-floating-parts.c:[[@LINE+1]]:20: note: the bound is here{{$}}
  for (long i = 0; ld > i; i++)
    c++;
  // CHECK: loop-floating-parts.c:[[@LINE+1]]:28: error: loop with 'schedule(blocked)' is not in canonical form: the step of loop variable 'i' has floating type 'double' (the tiles count whole iterations: convert it to an integer as the loop means it){{$}}
  #pragma omp parallel for schedule(blocked) reduction(+: c)
  // CHECK: loop-floating-parts.c:[[@LINE+1]]:33: note: the step is here{{$}}
  for (int i = 0; i < 100; i += 2.5)
    c++;
  // Integer parts computed from floating values: fine.
  #pragma omp parallel for schedule(blocked) reduction(+: c)
  for (int i = 0; i < (int)fl; i += (int)(dl + 1))
    c++;
  return c;
}
