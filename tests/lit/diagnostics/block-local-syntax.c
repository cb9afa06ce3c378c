// Malformed 'block_local(var, (i, j, ...), halo)' clauses: a negative halo,
// a halo that is not an integer literal, the index list not parenthesized
// or empty, no parenthesis after 'block_local', a missing comma or halo,
// and 'block_local' on a directive without 'schedule(blocked)'. One error
// per directive, at the offending token.
// A halo that names something is resolved after parsing (enumerators and
// constants are fine, see block-local-named-halo.cpp): a variable there is
// an error of the analysis, reported after the syntax errors, so it has a
// run of its own.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: not %orbis-cc -fsyntax-only -DVARIABLE_HALO %s 2>&1 | FileCheck --strict-whitespace --check-prefix=HALO %s

#ifdef VARIABLE_HALO
void variable_halo(int n, int h, double A[64]) {
  // HALO: {{^}}{{.*}}block-local-syntax.c:[[@LINE+3]]:66: error: halo of 'block_local' must be an integer constant{{$}}
  // HALO-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked) block_local(A, (x), h){{$}}
  // HALO-NEXT: {{^ *}}|                                                                  ^{{$}}
  #pragma omp parallel for schedule(blocked) block_local(A, (x), h)
  for (int x = 1; x < n; x++) A[x] = A[x - 1];
}

void negative_variable_halo(int n, int h, double A[64]) {
  // HALO: {{^}}{{.*}}block-local-syntax.c:[[@LINE+3]]:66: error: halo of 'block_local' must be an integer constant{{$}}
  // HALO-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked) block_local(A, (x), -h){{$}}
  // HALO-NEXT: {{^ *}}|                                                                  ^{{$}}
  #pragma omp parallel for schedule(blocked) block_local(A, (x), -h)
  for (int x = 1; x < n; x++) A[x] = A[x - 1];
}

// HALO-NOT: error:
// HALO: {{^}}2 errors generated.{{$}}
#else

void negative_halo(int n, double A[64]) {
  // CHECK: {{^}}{{.*}}block-local-syntax.c:[[@LINE+3]]:66: error: halo of 'block_local' must be a non-negative integer{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked) block_local(A, (x), -1){{$}}
  // CHECK-NEXT: {{^ *}}|                                                                  ^{{$}}
  #pragma omp parallel for schedule(blocked) block_local(A, (x), -1)
  for (int x = 1; x < n; x++) A[x] = A[x - 1];
}

// A fourth argument: the ')' is missing at its comma (a new user's trial
// found "halo of 'block_local' must be an integer constant" at the valid
// halo instead).
void fourth_argument(int n, double A[64]) {
  // CHECK: {{^}}{{.*}}block-local-syntax.c:[[@LINE+3]]:67: error: expected ')'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked) block_local(A, (x), 1, 2){{$}}
  // CHECK-NEXT: {{^ *}}|                                                                   ^{{$}}
  #pragma omp parallel for schedule(blocked) block_local(A, (x), 1, 2)
  for (int x = 1; x < n; x++) A[x] = A[x - 1];
}

void unparenthesized_indices(int n, double A[64]) {
  // CHECK: {{^}}{{.*}}block-local-syntax.c:[[@LINE+3]]:61: error: expected a parenthesized list of loop variables, as in '(i, j)'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked) block_local(A, x, 1){{$}}
  // CHECK-NEXT: {{^ *}}|                                                             ^{{$}}
  #pragma omp parallel for schedule(blocked) block_local(A, x, 1)
  for (int x = 1; x < n; x++) A[x] = A[x - 1];
}

void empty_indices(int n, double A[64]) {
  // CHECK: {{^}}{{.*}}block-local-syntax.c:[[@LINE+3]]:62: error: expected a loop variable{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked) block_local(A, (), 1){{$}}
  // CHECK-NEXT: {{^ *}}|                                                              ^{{$}}
  #pragma omp parallel for schedule(blocked) block_local(A, (), 1)
  for (int x = 1; x < n; x++) A[x] = A[x - 1];
}

void no_parenthesis(int n, double A[64]) {
  // CHECK: {{^}}{{.*}}block-local-syntax.c:[[@LINE+3]]:57: error: expected '(' after 'block_local'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked) block_local{{$}}
  // CHECK-NEXT: {{^ *}}|                                                         ^{{$}}
  #pragma omp parallel for schedule(blocked) block_local
  for (int x = 1; x < n; x++) A[x] = A[x - 1];
}

void no_variable(int n, double A[64]) {
  // CHECK: {{^}}{{.*}}block-local-syntax.c:[[@LINE+3]]:58: error: expected a variable name{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked) block_local((x), 1){{$}}
  // CHECK-NEXT: {{^ *}}|                                                          ^{{$}}
  #pragma omp parallel for schedule(blocked) block_local((x), 1)
  for (int x = 1; x < n; x++) A[x] = A[x - 1];
}

void missing_comma(int n, double A[64]) {
  // CHECK: {{^}}{{.*}}block-local-syntax.c:[[@LINE+3]]:60: error: expected ','{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked) block_local(A (x), 1){{$}}
  // CHECK-NEXT: {{^ *}}|                                                            ^{{$}}
  #pragma omp parallel for schedule(blocked) block_local(A (x), 1)
  for (int x = 1; x < n; x++) A[x] = A[x - 1];
}

void missing_halo(int n, double A[64]) {
  // CHECK: {{^}}{{.*}}block-local-syntax.c:[[@LINE+3]]:64: error: expected ','{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked) block_local(A, (x)){{$}}
  // CHECK-NEXT: {{^ *}}|                                                                ^{{$}}
  #pragma omp parallel for schedule(blocked) block_local(A, (x))
  for (int x = 1; x < n; x++) A[x] = A[x - 1];
}

void empty_halo(int n, double A[64]) {
  // CHECK: {{^}}{{.*}}block-local-syntax.c:[[@LINE+3]]:66: error: expected expression{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked) block_local(A, (x), ){{$}}
  // CHECK-NEXT: {{^ *}}|                                                                  ^{{$}}
  #pragma omp parallel for schedule(blocked) block_local(A, (x), )
  for (int x = 1; x < n; x++) A[x] = A[x - 1];
}

void without_blocked(int n, double A[64]) {
  // CHECK: {{^}}{{.*}}block-local-syntax.c:[[@LINE+3]]:28: error: 'block_local' requires 'schedule(blocked)' on the same directive{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for block_local(A, (x), 1) schedule(static){{$}}
  // CHECK-NEXT: {{^ *}}|                            ^{{$}}
  #pragma omp parallel for block_local(A, (x), 1) schedule(static)
  for (int x = 1; x < n; x++) A[x] = A[x - 1];
}

// Two clauses for one array (their halos disagree): an error at the second.
void twice(int n, double A[64]) {
  // CHECK: {{^}}{{.*}}block-local-syntax.c:[[@LINE+1]]:81: error: 'A' is staged by a second 'block_local' clause: one clause per array{{$}}
  #pragma omp parallel for schedule(blocked) block_local(A, (x), 0) block_local(A, (x), 1)
  for (int x = 1; x < n; x++) A[x] = A[x - 1];
}

// CHECK-NOT: error:
// CHECK: {{^}}11 errors generated.{{$}}
#endif
