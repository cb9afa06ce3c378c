// 'break' cannot leave a loop with 'schedule(blocked)' (the loop is split
// into tiles run by different threads): an error at the 'break', in the
// body, under an 'if', in a nested blocked loop. A 'break' that leaves a
// plain loop or a 'switch' inside the blocked loop is fine.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void direct(int n, double *A) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    A[i] = 0;
    // CHECK: {{^}}{{.*}}break.c:[[@LINE+3]]:5: error: 'break' statement cannot be used in a loop with 'schedule(blocked)'{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+2]] |     break;{{$}}
    // CHECK-NEXT: {{^ *}}|     ^{{$}}
    break;
  }
}

void conditional(int n, double *A) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    // CHECK: {{^}}{{.*}}break.c:[[@LINE+3]]:19: error: 'break' statement cannot be used in a loop with 'schedule(blocked)'{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+2]] |     if (A[i] < 0) break;{{$}}
    // CHECK-NEXT: {{^ *}}|                   ^{{$}}
    if (A[i] < 0) break;
    A[i] = 0;
  }
}

void nested(int n, double *A) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    #pragma omp for schedule(blocked)
    for (int j = 0; j < n; j++) {
      #pragma omp block
      {
        // CHECK: {{^}}{{.*}}break.c:[[@LINE+3]]:23: error: 'break' statement cannot be used in a loop with 'schedule(blocked)'{{$}}
        // CHECK-NEXT: {{^ *}}[[@LINE+2]] |         if (A[j] < 0) break;{{$}}
        // CHECK-NEXT: {{^ *}}|                       ^{{$}}
        if (A[j] < 0) break;
        A[i * n + j] = 0;
      }
    }
  }
}

void allowed(int n, double *A) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < n; k++)
      if (A[k] < 0)
        break;
    while (A[i] > 1) {
      A[i] /= 2;
      if (A[i] < 4) break;
    }
    switch (i % 3) {
    case 0:
      A[i] = 0;
      break;
    default:
      break;
    }
  }
}

// CHECK-NOT: error:
// CHECK: {{^}}3 errors generated.{{$}}
