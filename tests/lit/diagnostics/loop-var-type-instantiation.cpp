// A loop variable of a dependent type must be an integer or a pointer in
// every instantiation: `It p` instantiated with a vector's iterator failed
// inside the lowered code's helpers (five errors at tile.h lines, with
// notes quoting generated text). Now the loop form's error, at
// 'schedule', with a note at the instantiation. Pointers and integers
// instantiate as before.
// RUN: not %orbis-cxx -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s
#include <vector>

template <class It>
long walk(It b, It e) {
  long s = 0;
  // CHECK: {{^}}{{.*}}loop-var-type-instantiation.cpp:[[@LINE+1]]:28: error: loop with 'schedule(blocked)' is not in canonical form: loop variable 'p' must have integer or pointer type{{$}}
  #pragma omp parallel for schedule(blocked, 3) reduction(+:s)
  for (It p = b; p < e; p++)
    s += *p;
  return s;
}
// CHECK: {{^}}{{.*}}loop-var-type-instantiation.cpp:[[@LINE+7]]:8: note: with the template arguments of 'walk<{{.*}}>', instantiated here{{$}}

int main() {
  std::vector<int> v(10, 1);
  int a[10] = {};
  long n = 0;
  n += walk(a, a + 10);   // a pointer: fine
  n += walk(v.begin(), v.end());
  return (int)n;
}

// CHECK-NOT: error:
// CHECK: {{^}}1 error generated.{{$}}
