// Malformed 'world_parallel for' directives: 'world_parallel' without 'for'
// (at the end of the pragma or before another word), an empty or
// unterminated 'world(...)' list, and the 'world' clause on directives
// other than 'world_parallel for'.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void no_for(int n, double *A) {
  // CHECK: {{^}}{{.*}}world-syntax.c:[[@LINE+3]]:29: error: expected 'for' after '#pragma omp world_parallel'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp world_parallel{{$}}
  // CHECK-NEXT: {{^ *}}|                             ^{{$}}
  #pragma omp world_parallel
  for (int i = 0; i < n; i++) A[i] = 0;
}

void other_word(int n, double *A) {
  // CHECK: {{^}}{{.*}}world-syntax.c:[[@LINE+3]]:30: error: expected 'for' after '#pragma omp world_parallel'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp world_parallel parallel for world(A){{$}}
  // CHECK-NEXT: {{^ *}}|                              ^{{$}}
  #pragma omp world_parallel parallel for world(A)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void empty_world(int n, double *A) {
  // CHECK: {{^}}{{.*}}world-syntax.c:[[@LINE+3]]:40: error: expected a variable name{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp world_parallel for world(){{$}}
  // CHECK-NEXT: {{^ *}}|                                        ^{{$}}
  #pragma omp world_parallel for world()
  for (int i = 0; i < n; i++) A[i] = 0;
}

void trailing_comma(int n, double *A, double *B) {
  // CHECK: {{^}}{{.*}}world-syntax.c:[[@LINE+3]]:45: error: expected a variable name{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp world_parallel for world(A, B,){{$}}
  // CHECK-NEXT: {{^ *}}|                                             ^{{$}}
  #pragma omp world_parallel for world(A, B,)
  for (int i = 0; i < n; i++) A[i] = B[i];
}

void unterminated(int n, double *A) {
  // CHECK: {{^}}{{.*}}world-syntax.c:[[@LINE+3]]:41: error: expected ')'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp world_parallel for world(A{{$}}
  // CHECK-NEXT: {{^ *}}|                                         ^{{$}}
  #pragma omp world_parallel for world(A
  for (int i = 0; i < n; i++) A[i] = 0;
}

void on_parallel_for(int n, double *A) {
  // CHECK: {{^}}{{.*}}world-syntax.c:[[@LINE+3]]:28: error: 'world' clause is only allowed on 'world_parallel for'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for world(A){{$}}
  // CHECK-NEXT: {{^ *}}|                            ^{{$}}
  #pragma omp parallel for world(A)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void on_blocked_for(int n, double *A) {
  // CHECK: {{^}}{{.*}}world-syntax.c:[[@LINE+3]]:37: error: 'world' clause is only allowed on 'world_parallel for'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp for schedule(blocked) world(A){{$}}
  // CHECK-NEXT: {{^ *}}|                                     ^{{$}}
  #pragma omp for schedule(blocked) world(A)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void on_parallel(int n, double *A) {
  // CHECK: {{^}}{{.*}}world-syntax.c:[[@LINE+3]]:24: error: 'world' clause is only allowed on 'world_parallel for'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel world(A) num_threads(2){{$}}
  // CHECK-NEXT: {{^ *}}|                        ^{{$}}
  #pragma omp parallel world(A) num_threads(2)
  for (int i = 0; i < n; i++) A[i] = 0;
}

// A misspelled directive with a 'world' clause is named as such (it was
// "'world' clause is only allowed on 'world_parallel for'").
void misspelled(double *A) {
  // CHECK: {{^}}{{.*}}world-syntax.c:[[@LINE+1]]:15: error: unknown OpenMP directive 'world_paralel'; did you mean 'world_parallel'?{{$}}
  #pragma omp world_paralel for world(A)
  for (int i = 0; i < 4; i++) A[i] = i;
}

// CHECK-NOT: error:
// CHECK: {{^}}9 errors generated.{{$}}
