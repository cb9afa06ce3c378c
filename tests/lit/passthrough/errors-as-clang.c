// Standard code with errors gets clang's own messages, exactly: the
// analysis parse checks fewer (no warnings, none of the errors clang makes
// of warnings by default, no OpenMP clause errors), so for a source that
// uses no extension clang compiles it as written and reports everything.
// Preprocessing only (-E) and -### do not fail on errors the parse finds.
// RUN: rm -rf %t && mkdir -p %t
// RUN: not %orbis-cc -fopenmp -fsyntax-only %s 2> %t/orbis
// RUN: not clang-19 -fopenmp -fsyntax-only %s 2> %t/clang
// RUN: diff %t/clang %t/orbis
// RUN: FileCheck --input-file=%t/orbis %s
// RUN: %orbis-cc -fopenmp -E -P %s | FileCheck --check-prefix=PP %s
// RUN: not %orbis-cc -fopenmp -fsyntax-only -DWITH_EXTENSION %s 2>&1 | FileCheck --check-prefix=EXT %s
// RUN: %orbis-cc -fopenmp -### %s 2>&1 | FileCheck --check-prefix=DRY %s
// CHECK: errors-as-clang.c:[[@LINE+15]]:9: warning: using the result of an assignment as a condition without parentheses [-Wparentheses]
// CHECK: errors-as-clang.c:[[@LINE+16]]:7: error: incompatible pointer to integer conversion initializing 'int' with an expression of type 'int (void)' [-Wint-conversion]
// CHECK: errors-as-clang.c:[[@LINE+16]]:32: error: use of undeclared identifier 'nosuch'
// CHECK: errors-as-clang.c:[[@LINE+17]]:18: error: use of undeclared identifier 'undeclared_one'
// CHECK: 1 warning and 3 errors generated.
// PP: if (a = 1)
// PP: int b = value;
// DRY-NOT: error:
// With an extension in the file, the analysis parse's messages stay.
// EXT: error: use of undeclared identifier 'undeclared_one'
// EXT-NOT: warning
// DRY: "-fopenmp"
int value(void);
int main(void) {
  int a = 0;
  if (a = 1)
    a++;
  int b = value;
  #pragma omp parallel private(nosuch)
  { b++; }
  return a + b + undeclared_one;
}
#ifdef WITH_EXTENSION
void scale(int n, double *A) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++)
    A[i] *= 2;
}
#endif
