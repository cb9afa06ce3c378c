// A nested blocked loop's bounds must not follow the enclosing loop's rows
// through a variable the pre-block sets either: the pre-block runs once per
// tile, with the loop variable at the tile's first value, so every row of
// the tile would take the first row's bounds (a triangle computed as
// rectangles, in silence). The error names the variable, with a note where
// it is set. A variable set from loop-invariant values is fine.
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

int a[8][8];
int lengths[8];

void through_declaration(void) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 0; x < 8; x++) {
    // CHECK: {{^}}{{.*}}nested-bound-through-pre-block.c:[[@LINE+7]]:5: error: bounds of a nested blocked loop cannot depend on the enclosing blocked loop variable 'x' through 'm': a pre-block runs once per tile, with 'x' at the tile's first value{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+6]] |     #pragma omp for schedule(blocked, 4){{$}}
    // CHECK-NEXT: {{^ *}}|     ^{{$}}
    // CHECK: {{^}}{{.*}}nested-bound-through-pre-block.c:[[@LINE+3]]:9: note: 'm' is set here{{$}}
    // CHECK-NEXT: {{^ *}}[[@LINE+2]] |     int m = x + 1;{{$}}
    // CHECK-NEXT: {{^ *}}|         ^{{$}}
    int m = x + 1;
    #pragma omp for schedule(blocked, 4)
    for (int y = 0; y < m; y++) {
      #pragma omp block
      a[x][y] = 1;
    }
  }
}

// Through two variables, one of them an element of an array indexed by x.
void through_a_chain(void) {
  int len;
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 0; x < 8; x++) {
    // CHECK: {{^}}{{.*}}nested-bound-through-pre-block.c:[[@LINE+4]]:5: error: bounds of a nested blocked loop cannot depend on the enclosing blocked loop variable 'x' through 'len'{{.*$}}
    // CHECK: {{^}}{{.*}}nested-bound-through-pre-block.c:[[@LINE+2]]:9: note: 'len' is set here{{$}}
    int row = x;
    len = lengths[row];
    #pragma omp for schedule(blocked, 4)
    for (int y = 0; y < len; y++) {
      #pragma omp block
      a[x][y] = 1;
    }
  }
}

// A counter the pre-block advances changes from tile to tile.
void counted(void) {
  int k = 1;
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 0; x < 8; x++) {
    // CHECK: {{^}}{{.*}}nested-bound-through-pre-block.c:[[@LINE+3]]:5: error: bounds of a nested blocked loop cannot depend on the enclosing blocked loop variable 'x' through 'k'{{.*$}}
    // CHECK: {{^}}{{.*}}nested-bound-through-pre-block.c:[[@LINE+1]]:6: note: 'k' is set here{{$}}
    k++;
    #pragma omp for schedule(blocked, 4)
    for (int y = 0; y < k; y++) {
      #pragma omp block
      a[x][y] = 1;
    }
  }
}

// A tile query's value differs from tile to tile.
void tile_query(void) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 0; x < 8; x++) {
    // CHECK: {{^}}{{.*}}nested-bound-through-pre-block.c:[[@LINE+3]]:5: error: bounds of a nested blocked loop cannot depend on the enclosing blocked loop variable 'x' through 'first'{{.*$}}
    // CHECK: {{^}}{{.*}}nested-bound-through-pre-block.c:[[@LINE+1]]:9: note: 'first' is set here{{$}}
    int first = omp_block_num() * 4;
    #pragma omp for schedule(blocked, 4)
    for (int y = first; y < 8; y++) {
      #pragma omp block
      a[x][y] = 1;
    }
  }
}

// Through an element of a local array or a field of a structure: the
// array or structure holds what the row sets.
void through_elements(void) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 0; x < 8; x++) {
    // CHECK: {{^}}{{.*}}nested-bound-through-pre-block.c:[[@LINE+4]]:5: error: bounds of a nested blocked loop cannot depend on the enclosing blocked loop variable 'x' through 'lim'{{.*$}}
    // CHECK: {{^}}{{.*}}nested-bound-through-pre-block.c:[[@LINE+2]]:12: note: 'lim' is set here{{$}}
    int lim[1];
    lim[0] = x + 1;
    #pragma omp for schedule(blocked, 4)
    for (int y = 0; y < lim[0]; y++) {
      #pragma omp block
      a[x][y] = 1;
    }
  }
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 0; x < 8; x++) {
    // CHECK: {{^}}{{.*}}nested-bound-through-pre-block.c:[[@LINE+4]]:5: error: bounds of a nested blocked loop cannot depend on the enclosing blocked loop variable 'x' through 's'{{.*$}}
    // CHECK: {{^}}{{.*}}nested-bound-through-pre-block.c:[[@LINE+2]]:9: note: 's' is set here{{$}}
    struct { int n; } s;
    s.n = x + 1;
    #pragma omp for schedule(blocked, 4)
    for (int y = 0; y < s.n; y++) {
      #pragma omp block
      a[x][y] = 1;
    }
  }
}

// Through a global the bound reads by a call.
int g;
int get_g(void) { return g; }
void through_a_call(void) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 0; x < 8; x++) {
    // CHECK: {{^}}{{.*}}nested-bound-through-pre-block.c:[[@LINE+3]]:5: error: bounds of a nested blocked loop cannot depend on the enclosing blocked loop variable 'x' through 'g'{{.*$}}
    // CHECK: {{^}}{{.*}}nested-bound-through-pre-block.c:[[@LINE+1]]:7: note: 'g' is set here{{$}}
    g = x + 1;
    #pragma omp for schedule(blocked, 4)
    for (int y = 0; y < get_g(); y++) {
      #pragma omp block
      a[x][y] = 1;
    }
  }
}

// Through the array the instruction block writes, which a called
// function reads (the row before's results would set the bound).
int first_of_a(void) { return a[0][0] + 4; }
void through_a_call_of_written_array(void) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 0; x < 8; x++) {
    // CHECK: {{^}}{{.*}}nested-bound-through-pre-block.c:[[@LINE+1]]:5: error: bounds of a nested blocked loop cannot depend on the enclosing blocked loop variable 'x' through 'a'{{.*$}}
    #pragma omp for schedule(blocked, 4)
    for (int y = 0; y < first_of_a(); y++) {
      #pragma omp block
      // CHECK: {{^}}{{.*}}nested-bound-through-pre-block.c:[[@LINE+1]]:15: note: 'a' is set here{{$}}
      a[x][y] = 1;
    }
  }
}

// Fine: a called function whose body reads nothing the nest sets (a new
// user's trial found `j < lim()` refused because the body wrote a global
// array), nor a builtin.
static int eight(void) { return 8; }
static int eight_too(void) { return eight() + (int)__builtin_fabs(0.0); }
void through_a_pure_call(void) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 0; x < 8; x++) {
    #pragma omp for schedule(blocked, 4)
    for (int y = 0; y < eight_too(); y++) {
      #pragma omp block
      a[x][y] = x;
    }
  }
}

// Fine: set from values that do not change with the rows; an element set
// to such a value; `sizeof` of an array the loop writes.
void invariant(int n) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 0; x < 8; x++) {
    int m = n < 8 ? n : 8;
    int lim[1];
    lim[0] = n;
    #pragma omp for schedule(blocked, 4)
    for (int y = 0; y < (m < lim[0] ? m : lim[0]); y++) {
      #pragma omp block
      a[x][y] = 1;
    }
  }
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 0; x < 8; x++) {
    #pragma omp for schedule(blocked, 4)
    for (int y = 0; y < (int)(sizeof a[0] / sizeof a[0][0]); y++) {
      #pragma omp block
      a[x][y] = 1;
    }
  }
}

// CHECK-NOT: error:
// CHECK: {{^}}8 errors generated.{{$}}
