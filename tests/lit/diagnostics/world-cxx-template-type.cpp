// A world loop in a function template is lowered with the generic accessors
// (orbis_world_get<T> / _put<T>, tests/lit/e2e/world-cxx.cpp); an element
// type that world memory cannot hold is an error when the template is
// instantiated with it, naming the access and the instantiation.
// RUN: not %orbis-cxx -c %s -o %t.o 2>&1 | FileCheck %s
#include <omp_world.h>
#include <string>

template <class T> void fill(int n, T value) {
  T *A;
  #pragma omp world_parallel for world(A)
  for (int i = 0; i < n; i++) {
    if (i == 0)
      A = omp_world_malloc(n);
    A[i] = value;
  }
}

int main() {
  fill(4, 1.5);
  fill(4, std::string("x"));
}
// CHECK: world_access.h:{{[0-9]+}}:{{[0-9]+}}: error: static assertion failed due to requirement '__is_trivially_copyable(std::basic_string<char{{.*}}>)': elements of world memory are arithmetic types or trivially copyable structures
// CHECK: world-cxx-template-type.cpp:15:5: note: in instantiation of function template specialization 'orbis_world_put<std::basic_string<char>>' requested here
// CHECK: world-cxx-template-type.cpp:21:3: note: in instantiation of function template specialization 'fill<std::basic_string<char>>' requested here
// CHECK: 1 error generated.
