// A file without any extension directive is emitted byte for byte as it
// was written: standard OpenMP directives (including '_Pragma' forms and
// directives that only look like extensions, such as a variable named
// 'blocked'), comments, odd spacing, trailing whitespace and the lack of a
// final newline are all kept, and no runtime header is added.
// RUN: %orbis-cc --emit-lowered %s > %t
// RUN: diff %s %t
// RUN: %orbis-cc --emit-lowered -x c %s | cmp - %s
// RUN: %orbis-cc -fsyntax-only %s

#include <omp.h>

static int blocked = 4; /* a variable, not a schedule kind */

int   sum(int n,   const int *A)   {   
  int s = 0;
  #pragma omp parallel for reduction(+: s) schedule(static, blocked)
  for (int i = 0; i < n; i++)
    s += A[i];
	#pragma   omp   parallel
	{
	  #pragma omp single
	  s += omp_get_num_threads();
	}
  _Pragma("omp parallel for schedule(dynamic)")
  for (int i = 0; i < n; i++) {
    #pragma omp atomic
    s += 1;
  }
  return s;
}
/* no newline at the end */