// A file name with a control character (a newline, a tab: from a '#line'
// of the user's, or the file's own name) reaches the lowered code's own
// '#line' directives escaped: the name ended the string literal (a missing
// '"' and an error). __FILE__ and __LINE__ in and after the nest are the
// sequential program's.
// RUN: %clang-seq -O1 %s -o %t.seq
// RUN: %orbis-cc -O1 %s -o %t.par
// RUN: %t.seq > %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.par | diff - %t.ref
#include <omp_blocked.h>
#include <stdio.h>
#line 12 "odd\nname\twith\001controls.c"
static int A[20][20];
static const char *Seen[20];
static int Lines[20];

int main(void) {
  #pragma omp parallel for schedule(blocked, 3)
  for (int x = 0; x < 20; x++) {
    #pragma omp for schedule(blocked, 7)
    for (int y = 0; y < 20; y++) {
      #pragma omp block
      A[x][y] = x * 20 + y;
    }
    Seen[x] = __FILE__;
    Lines[x] = __LINE__;
  }
  int sum = 0;
  for (int x = 0; x < 20; x++)
    for (int y = 0; y < 20; y++)
      sum += A[x][y];
  printf("%d %s %d %d\n", sum, Seen[0], Lines[0], __LINE__);
  return 0;
}
