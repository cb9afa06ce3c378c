// The variable of a blocked loop must have integer or pointer type:
// floating-point and boolean variables are errors at 'schedule', with a
// note at the variable's declaration (also when declared before the loop).
// An integer wider than 64 bits is an error too (its upper bits were lost:
// silent wrong values).
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void double_var(int n, double *A) {
  // CHECK: {{^}}{{.*}}loop-var-type.c:[[@LINE+6]]:28: error: loop with 'schedule(blocked)' is not in canonical form: loop variable 'x' must have integer or pointer type{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                            ^{{$}}
  // CHECK: {{^}}{{.*}}loop-var-type.c:[[@LINE+4]]:15: note: the loop variable is here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (double x = 0; x < n; x++) A[0] = x;{{$}}
  // CHECK-NEXT: {{^ *}}|               ^{{$}}
  #pragma omp parallel for schedule(blocked)
  for (double x = 0; x < n; x++) A[0] = x;
}

void float_var(int n, double *A) {
  // CHECK: {{^}}{{.*}}loop-var-type.c:[[@LINE+6]]:19: error: loop with 'schedule(blocked)' is not in canonical form: loop variable 'f' must have integer or pointer type{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp for schedule(blocked, 2){{$}}
  // CHECK-NEXT: {{^ *}}|                   ^{{$}}
  // CHECK: {{^}}{{.*}}loop-var-type.c:[[@LINE+4]]:14: note: the loop variable is here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (float f = 0.5f; f < n; f += 1) A[0] = f;{{$}}
  // CHECK-NEXT: {{^ *}}|              ^{{$}}
  #pragma omp for schedule(blocked, 2)
  for (float f = 0.5f; f < n; f += 1) A[0] = f;
}

void bool_var(double *A) {
  // CHECK: {{^}}{{.*}}loop-var-type.c:[[@LINE+6]]:28: error: loop with 'schedule(blocked)' is not in canonical form: loop variable 'b' must have integer or pointer type{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                            ^{{$}}
  // CHECK: {{^}}{{.*}}loop-var-type.c:[[@LINE+4]]:14: note: the loop variable is here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (_Bool b = 0; b < 1; b++) A[0] = b;{{$}}
  // CHECK-NEXT: {{^ *}}|              ^{{$}}
  #pragma omp parallel for schedule(blocked)
  for (_Bool b = 0; b < 1; b++) A[0] = b;
}

void declared_before(int n, double *A) {
  long double d;
  // CHECK: {{^}}{{.*}}loop-var-type.c:[[@LINE+6]]:28: error: loop with 'schedule(blocked)' is not in canonical form: loop variable 'd' must have integer or pointer type{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                            ^{{$}}
  // CHECK: {{^}}{{.*}}loop-var-type.c:[[@LINE+-4]]:15: note: the loop variable is here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+-5]] |   long double d;{{$}}
  // CHECK-NEXT: {{^ *}}|               ^{{$}}
  #pragma omp parallel for schedule(blocked)
  for (d = 0; d < n; d++) A[0] = d;
}

void wide_var(double *A) {
  __int128 base = (__int128)1 << 100;
  // CHECK: {{^}}{{.*}}loop-var-type.c:[[@LINE+6]]:28: error: loop variable 'i' of 'schedule(blocked)' has a 128-bit type; blocked loops count their iterations in 64 bits{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+5]] |   #pragma omp parallel for schedule(blocked){{$}}
  // CHECK-NEXT: {{^ *}}|                            ^{{$}}
  // CHECK: {{^}}{{.*}}loop-var-type.c:[[@LINE+4]]:26: note: the loop variable is here{{$}}
  // CHECK-NEXT: {{^ *}}[[@LINE+3]] |   for (unsigned __int128 i = base; i < base + 10; i++) A[0] = (double)i;{{$}}
  // CHECK-NEXT: {{^ *}}|                          ^{{$}}
  #pragma omp parallel for schedule(blocked)
  for (unsigned __int128 i = base; i < base + 10; i++) A[0] = (double)i;
}

// CHECK-NOT: error:
// CHECK: {{^}}5 errors generated.{{$}}
