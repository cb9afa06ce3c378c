// The user's own warnings in a blocked nest (pre-blocks, instruction block,
// loop bodies on one line with their brace) come at the user's line and
// column, quoting the user's line, as clang gives them for the sequential
// program: the lowering turns warnings off only around the code it writes,
// which stands on lines of its own (docs/driver.md, "Warnings"). They were
// all turned off for the whole nest, and a warning on a body's last line
// quoted the generated code appended to it. A tile query shows as the name
// of the tile's answer, padded to the call's length, so the columns after
// it stay the user's.
// RUN: %orbis-cc -Wall -Wshadow -Wcast-qual -Wsign-conversion -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=warning: --match-full-lines --strict-whitespace
#include <omp_blocked.h>
int a[100];
int A[64][64];
void f(int n, const char *s, int off) {
#pragma omp parallel for schedule(blocked, 4)
  for (int i = 0; i < 100; i++) {
    (void)n;
    int unused = 3;
    int n = i;
    char *p = (char *)s;
    unsigned u = i;
    a[i] = (int)u + n + *p + omp_block_size() / 0;
    off = off; }
#pragma omp parallel for schedule(blocked, 8)
  for (int x = 0; x < 64; x++) {
    int pre = omp_block_num();
#pragma omp for schedule(blocked, 8)
    for (int y = 0; y < 64; y++) {
      int inner = x;
#pragma omp block
      A[x][y] = A[x][y] << 40;
    }
  }
}
// CHECK:{{.*}}user-warnings-in-nest.c:19:9: warning: declaration shadows a local variable [-Wshadow]
// CHECK-NEXT:   19 |     int n = i;
// CHECK:{{.*}}user-warnings-in-nest.c:20:23: warning: cast from 'const char *' to 'char *' drops const qualifier [-Wcast-qual]
// CHECK-NEXT:   20 |     char *p = (char *)s;
// CHECK-NEXT:      |                       ^
// CHECK:{{.*}}user-warnings-in-nest.c:21:18: warning: implicit conversion changes signedness: 'int' to 'unsigned int' [-Wsign-conversion]
// CHECK-NEXT:   21 |     unsigned u = i;
// CHECK:{{.*}}user-warnings-in-nest.c:23:9: warning: explicitly assigning value of variable of type 'int' to itself [-Wself-assign]
// CHECK-NEXT:   23 |     off = off; }
// CHECK:{{.*}}user-warnings-in-nest.c:18:9: warning: unused variable 'unused' [-Wunused-variable]
// CHECK-NEXT:   18 |     int unused = 3;
// CHECK:{{.*}}user-warnings-in-nest.c:22:47: warning: division by zero is undefined [-Wdivision-by-zero]
// CHECK-NEXT:   22 |     a[i] = (int)u + n + *p + __orbis_qs{{[0-9]+_[0-9]+}}    / 0;
// CHECK:{{.*}}user-warnings-in-nest.c:29:11: warning: unused variable 'inner' [-Wunused-variable]
// CHECK-NEXT:   29 |       int inner = x;
// CHECK:{{.*}}user-warnings-in-nest.c:26:9: warning: unused variable 'pre' [-Wunused-variable]
// CHECK-NEXT:   26 |     int pre = __orbis_qb{{[0-9]+_[0-9]+}}  ;
// CHECK:{{.*}}user-warnings-in-nest.c:31:25: warning: shift count >= width of type [-Wshift-count-overflow]
// CHECK-NEXT:   31 |       A[x][y] = A[x][y] << 40;
// CHECK:9 warnings generated.
