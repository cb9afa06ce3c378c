// 'schedule(blocked, size)' with a constant size that is not a positive
// integer: zero, negative, constant expressions evaluating to zero or less
// ('2-3', '-(4)', '0 * 5'). The error points at the first token of the size.
// Each directive is in its own function: the pragma parser reports all of
// them, one per directive, and the exit status is 1 (checked by 'not').
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void zero(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-size.c:[[@LINE+3]]:46: error: argument to 'schedule(blocked)' must be a positive integer{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked, 0){{$}}
  // CHECK-NEXT: {{^ *}}|                                              ^{{$}}
  #pragma omp parallel for schedule(blocked, 0)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void negative(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-size.c:[[@LINE+3]]:46: error: argument to 'schedule(blocked)' must be a positive integer{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked, -4){{$}}
  // CHECK-NEXT: {{^ *}}|                                              ^{{$}}
  #pragma omp parallel for schedule(blocked, -4)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void expression(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-size.c:[[@LINE+3]]:46: error: argument to 'schedule(blocked)' must be a positive integer{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for schedule(blocked, 2-3){{$}}
  // CHECK-NEXT: {{^ *}}|                                              ^{{$}}
  #pragma omp parallel for schedule(blocked, 2-3)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void parenthesized(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-size.c:[[@LINE+3]]:37: error: argument to 'schedule(blocked)' must be a positive integer{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp for schedule(blocked, -(4)){{$}}
  // CHECK-NEXT: {{^ *}}|                                     ^{{$}}
  #pragma omp for schedule(blocked, -(4))
  for (int i = 0; i < n; i++) A[i] = 0;
}

void product(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-size.c:[[@LINE+3]]:61: error: argument to 'schedule(blocked)' must be a positive integer{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for num_threads(2) schedule(blocked, 0 * 5) private(n){{$}}
  // CHECK-NEXT: {{^ *}}|                                                             ^{{$}}
  #pragma omp parallel for num_threads(2) schedule(blocked, 0 * 5) private(n)
  for (int i = 0; i < 8; i++) A[i] = 0;
}


// Beyond 64 bits (the literal or the expression): too large, not "must be
// positive". A size beyond the iterations but within 64 bits makes one tile.
void too_large(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-size.c:[[@LINE+1]]:46: error: argument to 'schedule(blocked)' is too large: at most 9223372036854775807 (a size beyond the loop's iterations makes one tile){{$}}
  #pragma omp parallel for schedule(blocked, 99999999999999999999)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void too_large_product(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-size.c:[[@LINE+1]]:46: error: argument to 'schedule(blocked)' is too large: at most 9223372036854775807 (a size beyond the loop's iterations makes one tile){{$}}
  #pragma omp parallel for schedule(blocked, 4294967296 * 4294967296)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void large_but_fits(int n, double *A) {
  #pragma omp parallel for schedule(blocked, 9223372036854775807)
  for (int i = 0; i < n; i++) A[i] = 0;
}

// CHECK-NOT: error:
// CHECK: {{^}}7 errors generated.{{$}}
