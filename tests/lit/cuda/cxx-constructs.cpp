// C++ in a GPU nest: what has no device form is an error at its place; a
// `for schedule(blocked)` inside a `parallel` region stays on the host.
// RUN: not %orbis-cxx --offload=cuda -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s
// REQUIRES: cuda
#include <omp_blocked.h>
#include <vector>

void lambda(int n, double *p) {
  // CHECK: cxx-constructs.cpp:[[@LINE+1]]:8: error: variable 'f' of type 'class (lambda at {{.*}}cxx-constructs.cpp:[[@LINE+1]]:12)' cannot be used on the GPU: a GPU nest uses scalars, arrays and pointers (structures and functions stay on the host){{$}}
  auto f = [](double v) { return v + 1; };
  #pragma omp parallel for schedule(blocked) map(tofrom: p[0:n])
  for (int i = 0; i < n; i++)
    p[i] = f(p[i]);
}

void lambda_in_block(int n, double *p) {
  #pragma omp parallel for schedule(blocked) map(tofrom: p[0:n])
  for (int i = 0; i < n; i++)
    // CHECK: cxx-constructs.cpp:[[@LINE+1]]:12: error: this C++ construct cannot be compiled for the GPU: a GPU nest uses C's expressions on scalars, arrays and pointers{{$}}
    p[i] = [](double v) { return v + 1; }(p[i]);
}

// CHECK: cxx-constructs.cpp:[[@LINE+1]]:41: error: variable 'v' of type 'std::vector<double> &' cannot be used on the GPU: a GPU nest uses scalars, arrays and pointers (structures and functions stay on the host){{$}}
void vector(int n, std::vector<double> &v) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++)
    v[i] = 0;
}

template <typename T> void fill(int n, T *p, T v) {
  // CHECK: cxx-constructs.cpp:[[@LINE+1]]:3: error: a nest in a template cannot be compiled for the GPU: its types are only known per instantiation; call a plain function holding the nest from the template{{$}}
  #pragma omp parallel for schedule(blocked) map(tofrom: p[0:n])
  for (int i = 0; i < n; i++)
    p[i] = v * i;
}
template void fill<double>(int, double *, double);

// A member function the instruction block calls: named as such (it was
// "its definition is not in this file", beside the definition).
struct Ops {
  static double twice(double v) { return 2 * v; }
};
void member(int n, double *p) {
  #pragma omp parallel for schedule(blocked) map(tofrom: p[0:n])
  for (int i = 0; i < n; i++)
    // CHECK: cxx-constructs.cpp:[[@LINE+1]]:12: error: call to 'twice' cannot be compiled for the GPU: it is a member function, which the device copies do not take (make it a function outside the class){{$}}
    p[i] = Ops::twice(p[i]);
}

// Counters allocated by `new[]` in the outermost `single`: the size is not
// recorded (malloc and calloc are), so the error says to use them (it said
// to add a map clause for a pointer that is still null at the directive).
void counters_by_new(int n, double *p) {
  // CHECK: cxx-constructs.cpp:[[@LINE+1]]:17: error: variable 'done' of type 'volatile int *' cannot be used on the GPU: the outermost 'single' allocates it with 'new', whose size the GPU's copy cannot know: allocate it with malloc or calloc there{{$}}
  volatile int *done = nullptr;
  #pragma omp parallel for schedule(blocked) map(tofrom: p[0:n])
  for (int i = 0; i < n; i++) {
    #pragma omp single
    done = new int[omp_num_blocks() + 1]();
    #pragma omp block
    p[i] = 2 * p[i];
    #pragma omp atomic
    done[omp_block_num() + 1] += 1;
  }
}

// Stays on the host: no error.
void in_parallel(int n, std::vector<double> &v) {
  #pragma omp parallel
  {
    #pragma omp for schedule(blocked)
    for (int i = 0; i < n; i++)
      v[i] = 0;
  }
}
// CHECK-NOT: error:
