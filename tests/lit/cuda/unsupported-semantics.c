// What the GPU kernel would compute differently from the program is an
// error at its place, never ignored (a new user's trial found each of these
// silently wrong on an H100):
// - clauses of the nest's directives that the kernel does not keep;
// - writes in pre/post-blocks through memory all tiles share, which every
//   thread's intra-tile copy of the pre/post-blocks repeats with sub-tile
//   values;
// - types the device computes differently (long double, complex), also
//   behind a pointer, and C types CUDA C++ has no form of (half precision,
//   _BitInt, vector types, _Atomic), in the nest or as a parameter of a
//   function it calls (nvcc crashed or failed on the generated code).
// RUN: not %orbis-cc --offload=cuda -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: not %orbis-cc --offload=cuda -fsyntax-only %s 2>&1 | FileCheck --check-prefix=COUNT %s
// REQUIRES: cuda
// COUNT-COUNT-15: error:
// COUNT-NOT: error:
#include <complex.h>
#include <omp_blocked.h>
#include <stdlib.h>

void clauses(int n, double *p, long long *out) {
  long long sum = 0;
  double last = 0;
  // CHECK: unsupported-semantics.c:[[@LINE+1]]:66: error: the 'reduction' clause cannot be compiled for the GPU: a GPU nest supports 'map', 'private', 'firstprivate', 'shared', 'default' and 'nowait' (a reduction can be written as an 'atomic' update in the instruction block){{$}}
  #pragma omp parallel for schedule(blocked) map(tofrom: p[0:n]) reduction(+: sum)
  for (int i = 0; i < n; i++)
    sum += i;
  // CHECK: unsupported-semantics.c:[[@LINE+1]]:66: error: the 'lastprivate' clause cannot be compiled for the GPU: {{.*}}
  #pragma omp parallel for schedule(blocked) map(tofrom: p[0:n]) lastprivate(last)
  for (int i = 0; i < n; i++)
    last = p[i];
  *out = sum + (long long)last;
}

// CHECK: unsupported-semantics.c:[[@LINE+1]]:51: error: variable 'out' of type 'long long *' cannot be used on the GPU: a 'private' or 'firstprivate' variable of a GPU nest must be a scalar of arithmetic type{{$}}
void private_pointer(int n, double *p, long long *out) {
  #pragma omp parallel for schedule(blocked) map(tofrom: p[0:n]) private(out)
  for (int i = 0; i < n; i++) {
    out = 0;
    p[i] = i + (out != 0);
  }
}

int tile_sizes[64];

void shared_writes(int n, double (*A)[n], long long *tot, int *info) {
  volatile int *done = NULL;
  #pragma omp parallel for schedule(blocked) map(tofrom: A[0:n], tot[0:2], info[0:1])
  for (int x = 0; x < n; x++) {
    #pragma omp single
    {
      done = calloc(omp_num_blocks() + 1, sizeof(int));
      // CHECK: unsupported-semantics.c:[[@LINE+1]]:15: error: a write through 'info' in a pre/post-block cannot be compiled for the GPU: each thread of a tile runs a copy of the outermost pre/post-blocks, and 'info' reaches memory all tiles share; write it in the instruction block, or through a pointer that a 'single' of the pre-block allocates (EXTENSIONS.md 2){{$}}
      info[0] = omp_num_blocks();
    }
    int xb = omp_block_num();
    // CHECK: unsupported-semantics.c:[[@LINE+1]]:20: error: a write through 'tile_sizes' in a pre/post-block {{.*}}
    tile_sizes[xb] = omp_block_size();
    #pragma omp for schedule(blocked)
    for (int y = 0; y < n; y++) {
      while (done[xb] < y + omp_block_size() - 1) {
      }
      #pragma omp block
      A[x][y] += 1;
      // Through the pointer the single allocated: one per tile, allowed.
      #pragma omp atomic
      done[xb + 1] += omp_block_size();
    }
    #pragma omp atomic
    // CHECK: unsupported-semantics.c:[[@LINE+1]]:12: error: a write through 'tot' in a pre/post-block {{.*}}
    tot[0] += omp_block_size();
  }
}

void host_only_types(int n, long double *q, double complex *z) {
  #pragma omp parallel for schedule(blocked) map(tofrom: q[0:n])
  for (int i = 0; i < n; i++)
    // CHECK: unsupported-semantics.c:[[@LINE+1]]:5: error: a value of type 'long double' cannot be compiled for the GPU: the GPU computes 'long double' as 'double' and has no C complex arithmetic, so the results would differ from the host's{{$}}
    q[i] = q[i] / 3;
  #pragma omp parallel for schedule(blocked) map(tofrom: z[0:n])
  for (int i = 0; i < n; i++)
    // CHECK: unsupported-semantics.c:[[@LINE+1]]:5: error: a value of type '_Complex double' cannot be compiled for the GPU: {{.*}}
    z[i] = z[i] * z[i];
}

typedef double pair_of_doubles __attribute__((vector_size(16)));

void types_cuda_lacks(int n, _Float16 *h, int *k, pair_of_doubles *v,
                      _Atomic int *c) {
  #pragma omp parallel for schedule(blocked) map(tofrom: h[0:n])
  for (int i = 0; i < n; i++)
    // CHECK: unsupported-semantics.c:[[@LINE+1]]:5: error: a value of type '_Float16' cannot be compiled for the GPU: nvcc cannot compile arithmetic on this half-precision type in device code{{$}}
    h[i] = h[i] * (_Float16)2;
  #pragma omp parallel for schedule(blocked) map(tofrom: k[0:n])
  for (int i = 0; i < n; i++) {
    // CHECK: unsupported-semantics.c:[[@LINE+1]]:21: error: a value of type '_BitInt(17)' cannot be compiled for the GPU: CUDA C++ has no '_BitInt' types{{$}}
    _BitInt(17) w = i;
    k[i] = (int)(w * 3);
  }
  #pragma omp parallel for schedule(blocked) map(tofrom: v[0:n])
  for (int i = 0; i < n; i++)
    // CHECK: unsupported-semantics.c:[[@LINE+1]]:5: error: a value of type 'pair_of_doubles' cannot be compiled for the GPU: CUDA device code has no operations on vector types{{$}}
    v[i] = v[i] + v[i];
  #pragma omp parallel for schedule(blocked) map(tofrom: c[0:n])
  for (int i = 0; i < n; i++)
    // CHECK: unsupported-semantics.c:[[@LINE+1]]:5: error: a value of type '_Atomic(int)' cannot be compiled for the GPU: CUDA C++ has no '_Atomic' types; use a plain element and '#pragma omp atomic'{{$}}
    c[i] += 1;
}

// CHECK: unsupported-semantics.c:[[@LINE+1]]:12: error: call to 'ignores' cannot be compiled for the GPU: a parameter of type '__bf16' has no device form{{$}}
static int ignores(__bf16 unused, int x) { return x + 1; }

void unused_parameter_type(int n, int *k) {
  #pragma omp parallel for schedule(blocked) map(tofrom: k[0:n])
  for (int i = 0; i < n; i++)
    // CHECK: unsupported-semantics.c:[[@LINE+1]]:20: error: a value of type '__bf16' cannot be compiled for the GPU: {{.*}}
    k[i] = ignores(0, k[i]);
}

// Per-tile partial sums added by an `atomic` in the post-block: the
// threads of a tile would add to the tile's own copy of `total` (H100:
// 0 instead of the sum, and an illegal address at n = 100003).
long partial_sums(int n, const int *a) {
  long total = 0;
  #pragma omp parallel for schedule(blocked) map(to: a[0:n])
  for (int i = 0; i < n; i++) {
    long part = 0;
    #pragma omp block
    part += a[i];
    // CHECK: unsupported-semantics.c:[[@LINE+1]]:5: error: an 'atomic' update of 'total' in a pre/post-block cannot be compiled for the GPU: the threads of each tile would update a copy of their own, never added to the variable; make the update in the instruction block, where it updates the variable itself{{$}}
    #pragma omp atomic
    total += part;
  }
  return total;
}
