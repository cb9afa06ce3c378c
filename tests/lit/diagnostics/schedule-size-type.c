// The size of 'schedule(blocked, size)' must be an integer expression. A
// constant-looking size that is not a positive integer (4.0, "4 4", 1/0) is
// our error at the size; so is a string, or a variable of a type that is not
// an integer (pointer, floating), with the type, and arithmetic on a floating
// variable (issue 7, defect 10), a floating literal in such arithmetic, an
// address, a function's name and (C) a call of a function that gives no
// integer; another expression with parentheses, casts or calls is reported
// by clang at the size itself, because the lowering places the expression
// at its original line and column.
// RUN: not %orbis-cc -fsyntax-only -DSTRING %s 2>&1 | FileCheck --strict-whitespace --check-prefix=STRING %s
// RUN: not %orbis-cc -fsyntax-only -DFLOAT %s 2>&1 | FileCheck --check-prefix=FLOAT %s
// RUN: not %orbis-cxx -x c++ -fsyntax-only -DFLOAT %s 2>&1 | FileCheck --check-prefix=FLOATXX %s
// RUN: not %orbis-cc -fsyntax-only -DFLOATCAST %s 2>&1 | FileCheck --check-prefix=FLOATCAST %s
// RUN: not %orbis-cxx -x c++ -fsyntax-only -DFLOATCAST %s 2>&1 | FileCheck --check-prefix=FLOATCASTXX %s
// RUN: not %orbis-cc -fsyntax-only -DFLOATLITERAL %s 2>&1 | FileCheck --strict-whitespace --check-prefix=FLOATLITERAL %s
// RUN: not %orbis-cc --offload=cuda -fsyntax-only -DFLOATLITERAL %s 2>&1 | FileCheck --strict-whitespace --check-prefix=FLOATLITERAL %s
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck %s

#ifdef STRING
void string_size(int n, double *A, char *p, double d) {
  // STRING: schedule-size-type.c:[[@LINE+3]]:46: error: argument to 'schedule(blocked)' must have integer type, not 'char[2]'{{$}}
  // STRING-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked, "4"){{$}}
  // STRING-NEXT: {{^ *}}|                                              ^{{$}}
  #pragma omp parallel for schedule(blocked, "4")
  for (int i = 0; i < n; i++) A[i] = 0;
  // STRING: schedule-size-type.c:[[@LINE+1]]:46: error: argument to 'schedule(blocked)' must have integer type, not 'char *'{{$}}
  #pragma omp parallel for schedule(blocked, p)
  for (int i = 0; i < n; i++) A[i] = 0;
  // STRING: schedule-size-type.c:[[@LINE+1]]:37: error: argument to 'schedule(blocked)' must have integer type, not 'double'{{$}}
  #pragma omp for schedule(blocked, d)
  for (int i = 0; i < n; i++) A[i] = 0;
  // STRING-NOT: error
  // STRING: 3 errors generated.
}
#elif defined(FLOAT)
void floating_expression(int n, double *A, double k) {
  // FLOAT: schedule-size-type.c:[[@LINE+4]]:46: error: argument to 'schedule(blocked)' must have integer type, not 'double'{{$}}
  // FLOAT-NEXT: {{^ *}}[[@LINE+3]] |   #pragma omp parallel for schedule(blocked, k * 2){{$}}
  // FLOATXX: schedule-size-type.c:[[@LINE+2]]:46: error: argument to 'schedule(blocked)' must have integer type, not 'double'{{$}}
  // FLOATXX-NEXT: {{^ *}}[[@LINE+1]] |   #pragma omp parallel for schedule(blocked, k * 2){{$}}
  #pragma omp parallel for schedule(blocked, k * 2)
  for (int i = 0; i < n; i++) A[i] = 0;
}
#elif defined(FLOATCAST)
// An expression with parentheses, casts or calls is clang's to judge, at the
// size's own line and column.
void floating_parenthesized(int n, double *A, float f) {
  // The message quotes the expression at its column, in the braces of
  // the initializer it is placed in, not the lowering's generated code.
  // FLOATCAST: schedule-size-type.c:[[@LINE+6]]:50: error: implicit conversion turns floating-point number into integer
  // FLOATCAST-NEXT: {{^ *}}[[@LINE+5]] |                                             {(f) + 1}{{$}}
  // FLOATCAST-NEXT: {{^ *}}|                                             ~~~~~^~~{{$}}
  // FLOATCASTXX: schedule-size-type.c:[[@LINE+3]]:46: error: type 'float' cannot be narrowed
  // FLOATCASTXX-NEXT: {{^ *}}[[@LINE+2]] |                                             {(f) + 1}{{$}}
  // FLOATCASTXX-NEXT: {{^ *}}|                                              ^~~~~~~{{$}}
  #pragma omp parallel for schedule(blocked, (f) + 1)
  for (int i = 0; i < n; i++) A[i] = 0;
}
#elif defined(FLOATLITERAL)
// A floating literal in arithmetic without casts or calls is floating: our
// error at the size (it was clang's about the lowering's '__int128', quoting
// lowered text), in either backend; a cast around it would make an integer
// (e2e/size-casts.c). So are an address, a function's name and, in C, a
// call of one that gives no integer.
double half(int);
void fn(void);
void floating_literal_expression(int n, double *A) {
  // FLOATLITERAL: schedule-size-type.c:[[@LINE+3]]:46: error: argument to 'schedule(blocked)' must have integer type, not 'double'{{$}}
  // FLOATLITERAL-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked, n * 0.5) map(tofrom: A[0:n]){{$}}
  // FLOATLITERAL-NEXT: {{^ *}}|                                              ^{{$}}
  #pragma omp parallel for schedule(blocked, n * 0.5) map(tofrom: A[0:n])
  for (int i = 0; i < n; i++) A[i] = 0;
  // FLOATLITERAL: schedule-size-type.c:[[@LINE+1]]:46: error: argument to 'schedule(blocked)' must have integer type, not 'float'{{$}}
  #pragma omp parallel for schedule(blocked, n / 2.0f) map(tofrom: A[0:n])
  for (int i = 0; i < n; i++) A[i] = 0;
  // FLOATLITERAL: schedule-size-type.c:[[@LINE+1]]:46: error: argument to 'schedule(blocked)' must have integer type, not 'int *'{{$}}
  #pragma omp parallel for schedule(blocked, &n) map(tofrom: A[0:n])
  for (int i = 0; i < n; i++) A[i] = 0;
  // FLOATLITERAL: schedule-size-type.c:[[@LINE+1]]:46: error: argument to 'schedule(blocked)' must have integer type, not 'void (void)'{{$}}
  #pragma omp parallel for schedule(blocked, fn) map(tofrom: A[0:n])
  for (int i = 0; i < n; i++) A[i] = 0;
  // FLOATLITERAL: schedule-size-type.c:[[@LINE+1]]:46: error: argument to 'schedule(blocked)' must have integer type, not 'double'{{$}}
  #pragma omp parallel for schedule(blocked, half(3)) map(tofrom: A[0:n])
  for (int i = 0; i < n; i++) A[i] = 0;
  // FLOATLITERAL-NOT: error:
  // FLOATLITERAL: 5 errors generated.
}
#else
void floating_literal(int n, double *A) {
  // CHECK: schedule-size-type.c:[[@LINE+1]]:46: error: argument to 'schedule(blocked)' must be a positive integer
  #pragma omp parallel for schedule(blocked, 4.0)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void malformed_size(int n, double *A) {
  // CHECK: schedule-size-type.c:[[@LINE+1]]:46: error: argument to 'schedule(blocked)' must be a positive integer
  #pragma omp parallel for schedule(blocked, 4 4)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void division_by_zero(int n, double *A) {
  // CHECK: schedule-size-type.c:[[@LINE+1]]:46: error: argument to 'schedule(blocked)' must be a positive integer
  #pragma omp parallel for schedule(blocked, 1/0)
  for (int i = 0; i < n; i++) A[i] = 0;
}
// CHECK: 3 errors generated.
#endif
