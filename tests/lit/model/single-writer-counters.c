// Which atomics of a nest are single-writer progress counters (a load and a
// release store on the host, docs/lowering.md "Single-writer counters") and
// why the others keep seq_cst: the model's verdict for each, and the lowered
// form of the three spellings that qualify.
// RUN: %orbis-cc --print-model %s | FileCheck %s
// RUN: %orbis-cc --emit-lowered %s | %join-generated %s | grep -v "^ *//" | FileCheck --check-prefix=LOWERED %s
// RUN: %orbis-cc -c %s -o /dev/null
// RUN: %orbis-cxx -x c++ -c %s -o /dev/null
#include <omp_blocked.h>
#include <stdlib.h>

enum { PAD = 16 };

// Algorithm 1's counter, padded: qualifies.
void padded(int n, double *A, volatile int *c) {
  // CHECK: nest 0 at single-writer-counters.c:[[@LINE+1]]:3
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < n - 1; x++) {
    #pragma omp single
    c[0] = n;
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++) {
      while (c[xb * PAD] < y + omp_block_size() - 1) {}
      #pragma omp block
      A[x * n + y] += A[x * n + y - 1];
      #pragma omp atomic
      c[(xb + 1) * PAD] += omp_block_size();
      // CHECK: atomic at single-writer-counters.c:[[@LINE-2]]:7 in loop 1: single-writer counter (a load and a release store)
      // LOWERED: /* omp atomic: a single-writer counter (docs/lowering.md) */
      // LOWERED-NEXT: ({ __auto_type __orbis_sw = &(c[(xb + 1) * PAD] ); __atomic_store_n(__orbis_sw, __atomic_load_n(__orbis_sw, __ATOMIC_RELAXED) + ({{__orbis_qs[0-9_]+}}   ), __ATOMIC_RELEASE); });
    }
  }
}

// `++` both ways, a constant step, `e >= c[i]` and `do {} while` waits.
void increments(int n, double *A, volatile int *c, volatile long *d) {
  // CHECK: nest 1 at single-writer-counters.c:[[@LINE+1]]:3
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < n - 1; x++) {
    const int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++) {
      while (y > c[xb]) {}
      do {} while (2 * y >= d[2 * xb + 3]);
      #pragma omp block
      A[x * n + y] += 1;
      #pragma omp atomic
      c[xb + 1]++;
      // CHECK: atomic at single-writer-counters.c:[[@LINE-2]]:7 in loop 1: single-writer counter (a load and a release store)
      // LOWERED: ({ __auto_type __orbis_sw = &(c[xb + 1]); __atomic_store_n(__orbis_sw, __atomic_load_n(__orbis_sw, __ATOMIC_RELAXED) + (1), __ATOMIC_RELEASE); });
      #pragma omp atomic update
      ++d[2 * xb + 5];
      // CHECK: atomic at single-writer-counters.c:[[@LINE-2]]:7 in loop 1: single-writer counter (a load and a release store)
      // LOWERED: ({ __auto_type __orbis_sw = &(d[2 * xb + 5]); __atomic_store_n(__orbis_sw, __atomic_load_n(__orbis_sw, __ATOMIC_RELAXED) + (1), __ATOMIC_RELEASE); });
    }
  }
}

// What keeps seq_cst, one reason each.
void others(int n, double *A, volatile int *c, int *plain, int step) {
  // CHECK: nest 2 at single-writer-counters.c:[[@LINE+1]]:3
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < n - 1; x++) {
    int xb = omp_block_num();
    int moved = omp_block_num();
    moved += 1;
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++) {
      while (c[xb] < y) {}
      while (plain[xb] < y) {}
      #pragma omp block
      A[x * n + y] += 1;
      #pragma omp atomic
      c[0] += 1;
      // CHECK: atomic at single-writer-counters.c:[[@LINE-2]]:7 in loop 1: seq_cst (its subscript is not a multiple of the outer tile's number plus a constant, so two tiles may update one element)
      // LOWERED: #pragma omp atomic seq_cst
      // LOWERED-NEXT: c[0] += 1;
      #pragma omp atomic
      c[xb + 1] += step;
      // CHECK: atomic at single-writer-counters.c:[[@LINE-2]]:7 in loop 1: seq_cst (what it adds may be negative (a constant or the tile's size or count is needed))
      #pragma omp atomic
      c[xb + 1] -= 1;
      // CHECK: atomic at single-writer-counters.c:[[@LINE-2]]:7 in loop 1: seq_cst (not '+=' or '++')
      #pragma omp atomic
      c[omp_block_num() + 1] += 1;
      // CHECK: atomic at single-writer-counters.c:[[@LINE-2]]:7 in loop 1: seq_cst (its subscript is not a multiple of the outer tile's number plus a constant, so two tiles may update one element)
      #pragma omp atomic
      c[moved] += 1;
      // CHECK: atomic at single-writer-counters.c:[[@LINE-2]]:7 in loop 1: seq_cst (its subscript is not a multiple of the outer tile's number plus a constant, so two tiles may update one element)
      #pragma omp atomic
      c[xb * xb] += 1;
      // CHECK: atomic at single-writer-counters.c:[[@LINE-2]]:7 in loop 1: seq_cst (its subscript is not a multiple of the outer tile's number plus a constant, so two tiles may update one element)
      #pragma omp atomic
      plain[xb + 1] += 1;
      // CHECK: atomic at single-writer-counters.c:[[@LINE-2]]:7 in loop 1: seq_cst ('plain' is used at line [[#@LINE-25]] outside the update, a spin-wait on it or a single)
      #pragma omp atomic capture
      A[0] = c[xb + 2]++;
      // CHECK: atomic at single-writer-counters.c:[[@LINE-2]]:7 in loop 1: seq_cst (an atomic 'capture')
    }
  }
}

// Other uses of the counters: a read in the instruction block, a wait that
// is not `c[i] < bound`, a single with nowait, a single in a post-block.
void uses(int n, double *A, volatile int *c, volatile int *e,
          volatile int *f, volatile int *g) {
  // CHECK: nest 3 at single-writer-counters.c:[[@LINE+1]]:3
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < n - 1; x++) {
    #pragma omp single nowait
    f[0] = n;
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++) {
      while (e[xb] != y) {}
      #pragma omp block
      A[x * n + y] += c[xb];
      #pragma omp atomic
      c[xb + 1] += 1;
      // CHECK: atomic at single-writer-counters.c:[[@LINE-2]]:7 in loop 1: seq_cst ('c' is used at line [[#@LINE-3]] outside the update, a spin-wait on it or a single)
      #pragma omp atomic
      e[xb + 1] += 1;
      // CHECK: atomic at single-writer-counters.c:[[@LINE-2]]:7 in loop 1: seq_cst ('e' is used at line [[#@LINE-8]] outside the update, a spin-wait on it or a single)
      #pragma omp atomic
      f[xb + 1] += 1;
      // CHECK: atomic at single-writer-counters.c:[[@LINE-2]]:7 in loop 1: seq_cst ('f' is used at line [[#@LINE-15]] outside the update, a spin-wait on it or a single)
      #pragma omp atomic
      g[xb + 1] += 1;
      // CHECK: atomic at single-writer-counters.c:[[@LINE-2]]:7 in loop 1: seq_cst ('g' is used at line [[#@LINE+3]] outside the update, a spin-wait on it or a single)
    }
    #pragma omp single
    g[0] = 0;
  }
}

static volatile int global_c[64];
void touch(void);

// A global's elements may be updated by a function the nest calls; calls in
// a single, tile queries and builtins do not count.
void calls(int n, double *A) {
  // CHECK: nest 4 at single-writer-counters.c:[[@LINE+1]]:3
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < n - 1; x++) {
    #pragma omp single
    touch();
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++) {
      while (global_c[xb] < y) {}
      #pragma omp block
      A[x * n + y] = __builtin_sqrt(A[x * n + y]);
      #pragma omp atomic
      global_c[xb + 1] += 1;
      // CHECK: atomic at single-writer-counters.c:[[@LINE-2]]:7 in loop 1: single-writer counter (a load and a release store)
    }
  }
  // CHECK: nest 5 at single-writer-counters.c:[[@LINE+1]]:3
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < n - 1; x++) {
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++) {
      while (global_c[xb] < y) {}
      #pragma omp block
      A[x * n + y] += 1;
      touch();
      #pragma omp atomic
      global_c[xb + 1] += 1;
      // CHECK: atomic at single-writer-counters.c:[[@LINE-2]]:7 in loop 1: seq_cst ('global_c' is not a local array and the nest calls a function at line [[#@LINE-3]], which may update its elements too)
    }
  }
}

#ifdef __cplusplus
#define BOOL bool
#else
#define BOOL _Bool
#endif
static int scratch;
static double halve(double v) { double h = v; h *= 0.5; return h; }
static void note(int v) { scratch = v; }
static void zero(int *p) { *p = 0; }

// What else keeps seq_cst: another pointer the nest names may point into
// the counters (both updates counted per pointer, one element twice); the
// tile number's address taken, or narrowed into a smaller type; a local
// pointer's elements reachable from a function the nest calls that writes
// memory. A call that writes no memory (reads are free) does not count.
void reach(int n, double *A, long *c) {
  long *d = c;
  // CHECK: nest 6 at single-writer-counters.c:[[@LINE+1]]:3
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < n - 1; x++) {
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++) {
      #pragma omp block
      A[x * n + y] = halve(A[x * n + y]);
      #pragma omp atomic
      c[xb + 1] += 1;
      // CHECK: atomic at single-writer-counters.c:[[@LINE-2]]:7 in loop 1: seq_cst ('d' may point into 'c')
      #pragma omp atomic
      d[xb] += 1;
      // CHECK: atomic at single-writer-counters.c:[[@LINE-2]]:7 in loop 1: seq_cst ('c' may point into 'd')
    }
  }
  long own[64] = {0};
  // CHECK: nest 7 at single-writer-counters.c:[[@LINE+1]]:3
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < n - 1; x++) {
    int xa = omp_block_num(), xz = omp_block_num();
    int *p = &xa;
    zero(&xz);
    BOOL xbool = omp_block_num();
    char xchar = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++) {
      #pragma omp block
      A[x * n + y] += 1;
      *p = 0;
      #pragma omp atomic
      own[xa + 1] += 1;
      // CHECK: atomic at single-writer-counters.c:[[@LINE-2]]:7 in loop 1: seq_cst (its subscript is not a multiple of the outer tile's number plus a constant, so two tiles may update one element)
      #pragma omp atomic
      own[xz + 1] += 1;
      // CHECK: atomic at single-writer-counters.c:[[@LINE-2]]:7 in loop 1: seq_cst (its subscript is not a multiple of the outer tile's number plus a constant, so two tiles may update one element)
      #pragma omp atomic
      own[xbool + 1] += 1;
      // CHECK: atomic at single-writer-counters.c:[[@LINE-2]]:7 in loop 1: seq_cst (its subscript is not a multiple of the outer tile's number plus a constant, so two tiles may update one element)
      #pragma omp atomic
      own[xchar + 1] += 1;
      // CHECK: atomic at single-writer-counters.c:[[@LINE-2]]:7 in loop 1: seq_cst (its subscript is not a multiple of the outer tile's number plus a constant, so two tiles may update one element)
    }
  }
  long *mine = (long *)calloc(64, sizeof(long));
  // CHECK: nest 8 at single-writer-counters.c:[[@LINE+1]]:3
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < n - 1; x++) {
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++) {
      #pragma omp block
      A[x * n + y] = halve(A[x * n + y]);
      #pragma omp atomic
      mine[xb + 1] += 1;
      // CHECK: atomic at single-writer-counters.c:[[@LINE-2]]:7 in loop 1: single-writer counter (a load and a release store)
    }
  }
  // CHECK: nest 9 at single-writer-counters.c:[[@LINE+1]]:3
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < n - 1; x++) {
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++) {
      #pragma omp block
      A[x * n + y] += 1;
      note(y);
      #pragma omp atomic
      mine[xb + 1] += 1;
      // CHECK: atomic at single-writer-counters.c:[[@LINE-2]]:7 in loop 1: seq_cst ('mine' is not a local array and the nest calls a function at line [[#@LINE-3]], which may update its elements too)
    }
  }
  free(mine);
}
