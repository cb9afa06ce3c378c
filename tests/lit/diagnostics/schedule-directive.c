// 'schedule(blocked)' is only allowed on 'for', 'parallel for' and
// 'world_parallel for'. On any other directive that takes a schedule clause
// (or not) it is an error at the clause naming the directive as parsed.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void parallel(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-directive.c:[[@LINE+3]]:24: error: 'schedule(blocked)' is only allowed on 'for', 'parallel for' and 'world_parallel for', not on 'parallel'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                        ^{{$}}
  #pragma omp parallel schedule(blocked)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void for_simd(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-directive.c:[[@LINE+3]]:24: error: 'schedule(blocked)' is only allowed on 'for', 'parallel for' and 'world_parallel for', not on 'for simd'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp for simd schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                        ^{{$}}
  #pragma omp for simd schedule(blocked)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void parallel_for_simd(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-directive.c:[[@LINE+3]]:33: error: 'schedule(blocked)' is only allowed on 'for', 'parallel for' and 'world_parallel for', not on 'parallel for simd'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp parallel for simd schedule(blocked, 4){{$}}
  // CHECK-NEXT: {{^ *}}|                                 ^{{$}}
  #pragma omp parallel for simd schedule(blocked, 4)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void taskloop(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-directive.c:[[@LINE+3]]:24: error: 'schedule(blocked)' is only allowed on 'for', 'parallel for' and 'world_parallel for', not on 'taskloop'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp taskloop schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                        ^{{$}}
  #pragma omp taskloop schedule(blocked)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void distribute(int n, double *A) {
  // CHECK: {{^}}{{.*}}schedule-directive.c:[[@LINE+3]]:52: error: 'schedule(blocked)' is only allowed on 'for', 'parallel for' and 'world_parallel for', not on 'target teams distribute parallel for'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp target teams distribute parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                                                    ^{{$}}
  #pragma omp target teams distribute parallel for schedule(blocked)
  for (int i = 0; i < n; i++) A[i] = 0;
}

void sections(double *A) {
  // CHECK: {{^}}{{.*}}schedule-directive.c:[[@LINE+3]]:24: error: 'schedule(blocked)' is only allowed on 'for', 'parallel for' and 'world_parallel for', not on 'sections'{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+2]] |   #pragma omp sections schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                        ^{{$}}
  #pragma omp sections schedule(blocked)
  {
    A[0] = 0;
  }
}

// CHECK-NOT: error:
// CHECK: {{^}}6 errors generated.{{$}}
