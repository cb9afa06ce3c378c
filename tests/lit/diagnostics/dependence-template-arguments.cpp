// A subscript that names a template parameter (`y + D`) has no value in the
// template: the dependence check said nothing, and `g<1>` ran a reversed
// dependence tiled (a wrong result on one thread). Each instantiation is now
// checked with its arguments, the error at the template's access with a
// note at the instantiation; instantiations where the tiling is legal say
// nothing. Function templates and members of class templates.
// RUN: not %orbis-cxx -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

template <int D>
void g(double (*A)[40]) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 1; x < 39; x++) {
    #pragma omp for schedule(blocked, 4)
    for (int y = 1; y < 38; y++)
      // CHECK: {{^}}{{.*}}dependence-template-arguments.cpp:[[@LINE+1]]:17: error: tiling can reverse the dependence of 'A[x - 1][y + D]' on 'A[x][y]' (distance (1, -1) in (x, y)): use a tile size of at most 1 on the loop of 'x', or skew the loops [-Worbis-dependence]{{$}}
      A[x][y] = A[x - 1][y + D] * 0.5 + 1.0;
  }
}
// CHECK: {{^}}{{.*}}dependence-template-arguments.cpp:[[@LINE-8]]:3: note: blocked loop of 'x' is here{{$}}
// CHECK: {{^}}{{.*}}dependence-template-arguments.cpp:[[@LINE+20]]:3: note: with the template arguments of 'g<1>', instantiated here{{$}}

template <int D> struct S {
  double A[40][40];
  void f() {
    #pragma omp parallel for schedule(blocked, 4)
    for (int x = 1; x < 39; x++) {
      #pragma omp for schedule(blocked, 4)
      for (int y = 1; y < 38; y++)
        // CHECK: {{^}}{{.*}}dependence-template-arguments.cpp:[[@LINE+1]]:19: error: tiling can reverse the dependence of 'A[x - 1][y + D]' on 'A[x][y]' (distance (1, -2) in (x, y)){{.*}}
        A[x][y] = A[x - 1][y + D] * 0.5 + 1.0;
    }
  }
};
// CHECK: {{^}}{{.*}}dependence-template-arguments.cpp:[[@LINE+10]]:6: note: with the template arguments of 'S<2>::f', instantiated here{{$}}

int main() {
  static double A[40][40];
  g<-1>(A); // distance (1, 1): legal
  g<0>(A);  // (1, 0): legal
  g<1>(A);  // (1, -1): reversed
  S<0> s0;
  s0.f();
  S<2> s2;
  s2.f();
  return 0;
}

// CHECK-NOT: error:
// CHECK: {{^}}2 errors generated.{{$}}
