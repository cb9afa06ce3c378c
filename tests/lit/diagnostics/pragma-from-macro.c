// Extension directives produced by macros: object-like macros in the pragma
// are expanded before checking (a size 'SZ' defined as 0 is reported at the
// macro name in the pragma), and a macro producing two directives, one of
// them an extension directive, cannot be rewritten in place: an error at
// the macro invocation. (Where errors inside a macro-produced directive are
// reported is checked in pragma-from-macro-location.c.)
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

#define SZ 0
#define TWO _Pragma("omp parallel for schedule(blocked)") _Pragma("omp parallel for")
#define PRAGMA(x) _Pragma(#x)
#define BOTH(x) PRAGMA(omp x) PRAGMA(omp atomic)

void size_macro(int n, double *A) {
  // CHECK: {{^}}{{.*}}pragma-from-macro.c:[[@LINE+3]]:46: error: argument to 'schedule(blocked)' must be a positive integer{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked, SZ){{$}}
  // CHECK-NEXT: {{^ *}}|                                              ^{{$}}
  #pragma omp parallel for schedule(blocked, SZ)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void two_directives(int n, double *A) {
  // CHECK: {{^}}{{.*}}pragma-from-macro.c:[[@LINE+3]]:3: error: '#pragma omp parallel for' with extension clauses must be the only directive of its macro expansion{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   TWO{{$}}
  // CHECK-NEXT: {{^ *}}|   ^{{$}}
  TWO
  for (int i = 0; i < n; i++) A[i] = 0;
}

void two_directives_stringized(int n, double *A) {
  // CHECK: {{^}}{{.*}}pragma-from-macro.c:[[@LINE+3]]:3: error: '#pragma omp for' with extension clauses must be the only directive of its macro expansion{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   BOTH(for schedule(blocked, 4)){{$}}
  // CHECK-NEXT: {{^ *}}|   ^{{$}}
  BOTH(for schedule(blocked, 4))
  for (int i = 0; i < n; i++) A[i] = 0;
}

// CHECK-NOT: error:
// CHECK: {{^}}3 errors generated.{{$}}
