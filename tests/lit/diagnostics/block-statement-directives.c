// Directives bound to the same statement as '#pragma omp block' (issue 7,
// defect 3). One written after 'omp block' applies to the statement inside
// the element loops, so it belongs to the instruction block: 'single' there
// is an error (it ran once for the whole loop before), 'atomic' applies per
// iteration. One written before 'omp block' would apply to the loops over
// the whole tile: an error naming it. A blocked loop directive on the
// instruction block is an error too (it was silently dropped).
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

void single_after(int n, long *sum) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 0; x < n; x++) {
    #pragma omp block
    // CHECK: {{^}}{{.*}}block-statement-directives.c:[[@LINE+3]]:5: error: '#pragma omp single' cannot be inside the instruction block of a blocked loop{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+2]] |     #pragma omp single{{$}}
    // CHECK-NEXT: {{^ *}}|     ^{{$}}
    #pragma omp single
    sum[0] += x;
  }
}

void before_block(int n, long *sum) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 0; x < n; x++) {
    // CHECK: {{^}}{{.*}}block-statement-directives.c:[[@LINE+1]]:5: error: '#pragma omp single' cannot come before '#pragma omp block': it would apply to the loops over the whole tile; put it after '#pragma omp block'{{$}}
    #pragma omp single
    #pragma omp block
    sum[0] += x;
  }
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 0; x < n; x++) {
    // CHECK: {{^}}{{.*}}block-statement-directives.c:[[@LINE+1]]:5: error: '#pragma omp masked' cannot come before '#pragma omp block'{{.*}}
    #pragma omp masked
    #pragma omp block
    sum[x] = x;
  }
}

void blocked_loop_on_instruction_block(int n, long *sum) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 0; x < n; x++) {
    #pragma omp block
    // CHECK: {{^}}{{.*}}block-statement-directives.c:[[@LINE+1]]:5: error: a loop with 'schedule(blocked)' cannot be inside the instruction block{{$}}
    #pragma omp for schedule(blocked)
    for (int y = 0; y < n; y++)
      sum[x] += y;
  }
}

void allowed(int n, long *sum) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 0; x < n; x++) {
    #pragma omp flush
    #pragma omp block
    #pragma omp atomic
    sum[0] += x;
  }
}

// CHECK-NOT: error:
// CHECK: {{^}}4 errors generated.{{$}}
