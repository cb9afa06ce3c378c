// A '_Pragma' string with escape sequences cannot be read token by token:
// when it holds an extension directive, an error at '_Pragma'. (Clang's own
// destringizing of '\"' and '\\' is not reproduced.)
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void quoted(int n, double *A) {
  // CHECK: {{^}}{{.*}}pragma-escapes.c:[[@LINE+3]]:3: error: '_Pragma' string with escape sequences is not supported for extension directives{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   _Pragma("omp parallel for schedule(blocked, 4) firstprivate(\"n\")"){{$}}
  // CHECK-NEXT: {{^ *}}|   ^{{$}}
  _Pragma("omp parallel for schedule(blocked, 4) firstprivate(\"n\")")
  for (int i = 0; i < n; i++) A[i] = 0;
}

void backslash(int n, double *A) {
  // CHECK: {{^}}{{.*}}pragma-escapes.c:[[@LINE+3]]:3: error: '_Pragma' string with escape sequences is not supported for extension directives{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   _Pragma("omp for schedule(blocked) \\"){{$}}
  // CHECK-NEXT: {{^ *}}|   ^{{$}}
  _Pragma("omp for schedule(blocked) \\")
  for (int i = 0; i < n; i++) A[i] = 0;
}

void block(int n, double *A) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    // CHECK: {{^}}{{.*}}pragma-escapes.c:[[@LINE+3]]:5: error: '_Pragma' string with escape sequences is not supported for extension directives{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+2]] |     _Pragma("omp block \"\""){{$}}
    // CHECK-NEXT: {{^ *}}|     ^{{$}}
    _Pragma("omp block \"\"")
    A[i] = 0;
  }
}

// CHECK-NOT: error:
// CHECK: {{^}}3 errors generated.{{$}}
