// Malformed argument lists of 'schedule(blocked, ...)': an empty size after
// the comma, a second argument, a missing comma, a missing closing
// parenthesis, no schedule kind at all, no parenthesis after 'schedule', and
// a stray token after the clause. One error per directive, at the offending
// token (or at the end of the pragma when something is missing).
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void empty_size(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-arguments.c:[[@LINE+3]]:45: error: expected expression{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked,){{$}}
  // CHECK-NEXT: {{^ *}}|                                             ^{{$}}
  #pragma omp parallel for schedule(blocked,)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void extra_argument(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-arguments.c:[[@LINE+3]]:47: error: 'schedule(blocked)' takes at most one argument{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked, 4, 8){{$}}
  // CHECK-NEXT: {{^ *}}|                                               ^{{$}}
  #pragma omp parallel for schedule(blocked, 4, 8)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void missing_comma(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-arguments.c:[[@LINE+3]]:36: error: expected ','{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp for schedule(blocked 4){{$}}
  // CHECK-NEXT: {{^ *}}|                                    ^{{$}}
  #pragma omp for schedule(blocked 4)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void unclosed(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-arguments.c:[[@LINE+3]]:47: error: expected ')'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked, 4{{$}}
  // CHECK-NEXT: {{^ *}}|                                               ^{{$}}
  #pragma omp parallel for schedule(blocked, 4
  for (int i = 0; i < n; i++) A[i] = 0;
}

void no_kind(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-arguments.c:[[@LINE+3]]:37: error: expected a schedule kind{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(){{$}}
  // CHECK-NEXT: {{^ *}}|                                     ^{{$}}
  #pragma omp parallel for schedule()
  for (int i = 0; i < n; i++) A[i] = 0;
}

void no_parenthesis(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-arguments.c:[[@LINE+3]]:37: error: expected '(' after 'schedule'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule num_threads(2){{$}}
  // CHECK-NEXT: {{^ *}}|                                     ^{{$}}
  #pragma omp parallel for schedule num_threads(2)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void stray_token(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-arguments.c:[[@LINE+3]]:49: error: expected an OpenMP clause, found '42'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked, 4) 42{{$}}
  // CHECK-NEXT: {{^ *}}|                                                 ^{{$}}
  #pragma omp parallel for schedule(blocked, 4) 42
  for (int i = 0; i < n; i++) A[i] = 0;
}

// CHECK-NOT: error:
// CHECK: {{^}}7 errors generated.{{$}}
