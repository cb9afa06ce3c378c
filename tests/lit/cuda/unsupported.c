// What cannot be mapped to the GPU is an error naming the construct, at
// its place in the source, never wrong code.
// RUN: not %orbis-cc --offload=cuda -fsyntax-only -ferror-limit=0 %s 2>&1 | FileCheck --strict-whitespace %s
// REQUIRES: cuda
#include <omp_blocked.h>
#include <stdlib.h>

struct point { double x, y; };
double external_function(double);

// CHECK: unsupported.c:[[@LINE+1]]:41: error: pointer 'p' is used on the GPU but the size of what it points to is unknown: add 'map(tofrom: p[0:n])' to the directive{{$}}
void pointer_without_map(int n, double *p) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++)
    p[i] = 0;
}

// CHECK: unsupported.c:[[@LINE+1]]:47: error: variable 'pt' of type 'struct point' cannot be used on the GPU: a GPU nest uses scalars, arrays and pointers (structures and functions stay on the host){{$}}
void structure(int n, double *p, struct point pt) {
  #pragma omp parallel for schedule(blocked) map(tofrom: p[0:n])
  for (int i = 0; i < n; i++)
    p[i] = pt.x;
}

void calls(int n, double *p) {
  #pragma omp parallel for schedule(blocked) map(tofrom: p[0:n])
  for (int i = 0; i < n; i++)
    // CHECK: unsupported.c:[[@LINE+2]]:12: error: call to 'external_function' cannot be compiled for the GPU: its definition is not in this file (define it here so that it can be copied to the device){{$}}
    // CHECK: unsupported.c:[[@LINE+1]]:38: error: call to 'rand' cannot be compiled for the GPU: it is a host library function{{$}}
    p[i] = external_function(p[i]) + rand();
}

void host_single(int n, double *p) {
  int *work = NULL;
  #pragma omp parallel for schedule(blocked) map(tofrom: p[0:n])
  for (int i = 0; i < n; i++) {
    int local = i * 2;
    // CHECK: unsupported.c:[[@LINE+1]]:5: error: a 'single' in the outermost pre-block runs on the host before the kernel starts: it cannot use 'local', declared in the loop body{{$}}
    #pragma omp single
    work = malloc(sizeof(int) * local);
    #pragma omp for schedule(blocked)
    for (int j = 0; j < n; j++) {
      #pragma omp block
      p[j] += work[0];
    }
  }
}

// CHECK: unsupported.c:[[@LINE+2]]:46: error: cannot read the 'map' clause: unknown map type 'toward'{{$}}
void bad_map(int n, double *p) {
  #pragma omp parallel for schedule(blocked) map(toward: p[0:n])
  for (int i = 0; i < n; i++)
    p[i] = 0;
}

void bad_section(int n, double *p) {
  // CHECK: unsupported.c:[[@LINE+1]]:46: error: cannot read the 'map' clause: the section of 'p' needs a length: 'p[lower:length]'{{$}}
  #pragma omp parallel for schedule(blocked) map(tofrom: p[1:])
  for (int i = 0; i < n; i++)
    p[i] = 0;
}

void staged_step(int n, double (*A)[n]) {
  // CHECK: unsupported.c:[[@LINE+1]]:66: error: 'block_local(A, ...)' cannot be compiled for the GPU: the loop of 'x' does not step by 1{{$}}
  #pragma omp parallel for schedule(blocked) map(tofrom: A[0:n]) block_local(A, (x, y), 0)
  for (int x = 0; x < n; x += 2) {
    #pragma omp for schedule(blocked)
    for (int y = 0; y < n; y++)
      A[x][y] = 1;
  }
}

void declaration_in_block(int n, double *p) {
  #pragma omp parallel for schedule(blocked) map(tofrom: p[0:n])
  for (int i = 0; i < n; i++) {
    #pragma omp block
    {
      // CHECK: unsupported.c:[[@LINE+2]]:7: error: the declaration of 'q' cannot be compiled for the GPU: a GPU nest declares scalars, pointers and fixed-size arrays of them{{$}}
      // CHECK: unsupported.c:[[@LINE+2]]:14: error: a structure member cannot be compiled for the GPU: structures stay on the host{{$}}
      struct point q = {1, 2};
      p[i] = q.x;
    }
  }
}

void other_directives(int n, double *p, double *sum) {
  #pragma omp parallel for schedule(blocked) map(tofrom: p[0:n], sum[0:1])
  for (int i = 0; i < n; i++) {
    #pragma omp block
    {
      // CHECK: unsupported.c:[[@LINE+1]]:7: error: '#pragma omp critical' in a GPU nest cannot be compiled for the GPU: the nest maps 'single', 'atomic', 'block' and nested blocked loops; this directive would be dropped{{$}}
      #pragma omp critical
      sum[0] += p[i];
      // CHECK: unsupported.c:[[@LINE+1]]:7: error: '#pragma omp masked' in a GPU nest cannot be compiled for the GPU: the nest maps 'single', 'atomic', 'block' and nested blocked loops; this directive would be dropped{{$}}
      #pragma omp masked
      p[i] = 0;
      // Vectorization only: run sequentially by the thread, no error.
      // CHECK-NOT: {{.*}}:[[@LINE+1]]:{{.*}}error
      #pragma omp simd
      for (int k = 0; k < 4; k++)
        p[i] += k;
    }
  }
}

// A function the nest call_count whose device copy would use a variable of the
// host's with static storage (a global, or a static local).
static int call_count;
static double counted(double v) {
  call_count++;
  return v * 0.5;
}
static double remembered(double v) {
  static double last;
  last = v;
  return v;
}
void static_storage(int n, double *p) {
  #pragma omp parallel for schedule(blocked) map(tofrom: p[0:n])
  for (int i = 0; i < n; i++) {
    // CHECK: unsupported.c:[[@LINE+2]]:12: error: call to 'counted' cannot be compiled for the GPU: it uses 'call_count', a variable with static storage that device code cannot reach (pass its value as an argument){{$}}
    // CHECK: unsupported.c:[[@LINE+1]]:28: error: call to 'remembered' cannot be compiled for the GPU: it uses 'last', a variable with static storage that device code cannot reach (pass its value as an argument){{$}}
    p[i] = counted(p[i]) + remembered(p[i]);
  }
}

// A 'single' after the nested loop: the outermost singles run on the host
// before the kernel, so it would print values the nest has not computed
// yet (0 where the CPU program prints 1).
void single_after_the_nest(int n, double (*A)[n]) {
  #pragma omp parallel for schedule(blocked) map(tofrom: A[0:n])
  for (int x = 0; x < n; x++) {
    #pragma omp for schedule(blocked)
    for (int y = 0; y < n; y++) {
      #pragma omp block
      A[x][y] = 1;
    }
    // CHECK: unsupported.c:[[@LINE+1]]:5: error: a 'single' after the nested blocked loop cannot be compiled for the GPU: the outermost level's 'single's run on the host before the kernel, so it would not see what the nest computes; put it after the nest{{$}}
    #pragma omp single nowait
    A[x][0] += 1;
  }
}

// Elements that are pointers hold host addresses: the device would write
// through them.
// (In the order of the source: the parameter first.)
// CHECK: unsupported.c:[[@LINE+1]]:63: error: variable 'pp' of type 'double **' cannot be used on the GPU: its elements are pointers to host memory
void pointer_elements(int n, double *r0, double *r1, double **pp) {
  // CHECK: unsupported.c:[[@LINE+1]]:11: error: variable 'rows' of type 'double *[2]' cannot be used on the GPU: its elements are pointers to host memory, which the GPU cannot follow: use a two-dimensional array, or one pointer per mapped array{{$}}
  double *rows[2] = {r0, r1};
  #pragma omp parallel for schedule(blocked)
  for (int x = 0; x < 2; x++)
    #pragma omp for schedule(blocked)
    for (int y = 0; y < n; y++) {
      #pragma omp block
      rows[x][y] = x + y;
    }
  #pragma omp parallel for schedule(blocked) map(tofrom: pp[0:2])
  for (int x = 0; x < 2; x++)
    #pragma omp for schedule(blocked)
    for (int y = 0; y < n; y++) {
      #pragma omp block
      pp[x][y] = x + y;
    }
}

// A nested loop's header naming a variable of the loop body: the host
// evaluates every level's bounds before the launch, where it does not
// exist (this failed inside the generated host code, on its own lines).
void header_uses_body_variable(int n, double (*A)[n]) {
  #pragma omp parallel for schedule(blocked) map(tofrom: A[0:n])
  for (int x = 1; x < n - 1; x++) {
    const int first = 2, last = n - 2;
    // CHECK: unsupported.c:[[@LINE+1]]:5: error: a nested blocked loop whose header uses 'first', declared in the loop body cannot be compiled for the GPU: its bounds are evaluated on the host before the kernel; declare 'first' before the nest{{$}}
    #pragma omp for schedule(blocked)
    for (int y = first; y < last; y++) {
      #pragma omp block
      A[x][y] = 0.5 * (A[x - 1][y] + A[x][y - 1]);
    }
  }
}

// Data directives other than 'target data': clang's host-only OpenMP runs
// them as no-ops, while the sections of a 'target data' stay on the GPU,
// so 'target update from' would leave the host's copy stale.
void data_directives(int n, double *a) {
  #pragma omp target data map(tofrom: a[0:n])
  {
    #pragma omp parallel for schedule(blocked) map(tofrom: a[0:n])
    for (int i = 0; i < n; i++)
      a[i] += 1;
    // CHECK: unsupported.c:[[@LINE+1]]:5: error: '#pragma omp target update' cannot be compiled for the GPU: with --offload=cuda only 'target data' moves data (and the nests' own map clauses); end the 'target data' region where the host needs the values{{$}}
    #pragma omp target update from(a[0:n])
  }
  // CHECK: unsupported.c:[[@LINE+1]]:3: error: '#pragma omp target enter data' cannot be compiled for the GPU
  #pragma omp target enter data map(to: a[0:n])
}
