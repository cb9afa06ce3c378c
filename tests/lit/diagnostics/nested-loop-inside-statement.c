// A nested blocked loop inside a statement of the enclosing loop's body (an
// 'if', a plain loop): the statement around it is pre-block code, run once
// per tile with the loop variable at the tile's first value, so every row
// of the tile took the first row's decision (silently wrong results). An
// error at the nested loop's pragma.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --check-prefix=COUNT %s
// COUNT-COUNT-2: error: a nested blocked loop must be a statement
// COUNT-NOT: error:

int A[8][8];

void in_if(void) {
#pragma omp parallel for schedule(blocked, 4)
  for (int x = 0; x < 8; x++) {
    if (x % 2 == 0)
      // CHECK: {{^}}{{.*}}nested-loop-inside-statement.c:[[@LINE+3]]:1: error: a nested blocked loop must be a statement of the enclosing blocked loop's body, not inside an 'if' statement: that statement would run once per tile, with 'x' at the tile's first value{{$}}
      // CHECK-NEXT: {{^ *}}[[@LINE+2]] | #pragma omp for schedule(blocked, 4){{$}}
      // CHECK-NEXT: {{^ *}}| ^{{$}}
#pragma omp for schedule(blocked, 4)
      for (int y = 0; y < 8; y++) {
#pragma omp block
        A[x][y] += 1;
      }
  }
}

void in_plain_loop(void) {
  #pragma omp parallel for schedule(blocked)
  for (int x = 0; x < 8; x++) {
    for (int k = 0; k < x; k++) {
      // CHECK: {{^}}{{.*}}nested-loop-inside-statement.c:[[@LINE+1]]:7: error: a nested blocked loop must be a statement of the enclosing blocked loop's body, not inside a 'for' loop: that statement would run once per tile, with 'x' at the tile's first value{{$}}
      #pragma omp for schedule(blocked)
      for (int y = 0; y < 8; y++)
        A[x][y] += 1;
    }
  }
}
