// C++ loop forms with 'schedule(blocked)' (orbis-c++): a range-based for is
// not a canonical for loop (error at the directive, saying what is), an iterator of class
// type is not an integer or pointer variable, and a template's loop is
// checked in the template itself, even with a dependent variable type.
// RUN: not %orbis-cxx -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s
#include <vector>

void range_for(std::vector<int> &v) {
  // CHECK: {{^}}{{.*}}loop-forms-cxx.cpp:[[@LINE+3]]:3: error: a range-based for loop cannot have 'schedule(blocked)': write the loop over an index, 'for (T i = lb; i < ub; i++)', with lb, ub and the step loop-invariant{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|   ^{{$}}
  #pragma omp parallel for schedule(blocked)
  for (int &x : v)
    x = 0;
}

void iterator(std::vector<int> &v) {
  // CHECK: {{^}}{{.*}}loop-forms-cxx.cpp:[[@LINE+6]]:28: error: loop with 'schedule(blocked)' is not in canonical form: loop variable 'it' must have integer or pointer type{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                            ^{{$}}
  // CHECK: {{^}}{{.*}}loop-forms-cxx.cpp:[[@LINE+4]]:35: note: the loop variable is here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (std::vector<int>::iterator it = v.begin(); it < v.end(); ++it){{$}}
  // CHECK-NEXT: {{^ *}}|                                   ^{{$}}
  #pragma omp parallel for schedule(blocked)
  for (std::vector<int>::iterator it = v.begin(); it < v.end(); ++it)
    *it = 0;
}

template <typename T>
void doubling(T n, double *A) {
  // CHECK: {{^}}{{.*}}loop-forms-cxx.cpp:[[@LINE+6]]:28: error: loop with 'schedule(blocked)' is not in canonical form: the increment must add a loop-invariant value to 'i' or subtract one from it{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                            ^{{$}}
  // CHECK: {{^}}{{.*}}loop-forms-cxx.cpp:[[@LINE+4]]:24: note: the increment is here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (T i = 1; i < n; i *= 2){{$}}
  // CHECK-NEXT: {{^ *}}|                        ^{{$}}
  #pragma omp parallel for schedule(blocked)
  for (T i = 1; i < n; i *= 2)
    A[i] = 0;
}

template <typename T>
void wrong_way(T n, double *A) {
  // CHECK: {{^}}{{.*}}loop-forms-cxx.cpp:[[@LINE+6]]:19: error: loop with 'schedule(blocked)' never reaches its bound: the step of 'i' goes the wrong way for '<'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp for schedule(blocked, 8){{$}}
  // CHECK-NEXT: {{^ *}}|                   ^{{$}}
  // CHECK: {{^}}{{.*}}loop-forms-cxx.cpp:[[@LINE+4]]:24: note: the increment is here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (T i = 0; i < n; --i){{$}}
  // CHECK-NEXT: {{^ *}}|                        ^{{$}}
  #pragma omp for schedule(blocked, 8)
  for (T i = 0; i < n; --i)
    A[i] = 0;
}

// CHECK-NOT: error:
// CHECK: {{^}}4 errors generated.{{$}}
