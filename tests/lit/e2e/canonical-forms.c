// Every canonical loop form (EXTENSIONS.md 1.1) runs exactly the iterations
// of the sequential loop: `<`, `<=`, `>`, `>=`, `!=`, the bound on either
// side, negative and runtime steps, `v = v + s` / `v = s + v` / `v = v - s`,
// unsigned variables counting down to 0 with `>`, small and 64-bit types near
// their limits, pointer loop variables, a loop variable declared outside the
// loop, and a nest mixing them. Each loop accumulates an order-independent
// checksum (count, sum, sum of a hash) of the values it visits, printed per
// loop and per size; the parallel builds must print the same as the
// sequential one for every tile size and thread count.
//
// Arguments: tile_size n...
//
// RUN: %clang-seq -O2 %s -o %t.seq
// RUN: %orbis-cc -O2 %s -o %t.par
// RUN: %t.seq 1 0 1 2 3 4 17 31 100 101 300 > %t.ref
// RUN: env OMP_NUM_THREADS=1 %t.par 1 0 1 2 3 4 17 31 100 101 300 | diff - %t.ref
// RUN: env OMP_NUM_THREADS=2 %t.par 2 0 1 2 3 4 17 31 100 101 300 | diff - %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.par 3 0 1 2 3 4 17 31 100 101 300 | diff - %t.ref
// RUN: env OMP_NUM_THREADS=4 %t.par 7 0 1 2 3 4 17 31 100 101 300 | diff - %t.ref
// RUN: env OMP_NUM_THREADS=3 %t.par 16 0 1 2 3 4 17 31 100 101 300 | diff - %t.ref
// RUN: env OMP_NUM_THREADS=4 %t.par 1000 0 1 2 3 4 17 31 100 101 300 | diff - %t.ref
// RUN: env OMP_NUM_THREADS=2 %t.par 5 0 1 2 3 4 17 31 100 101 300 | diff - %t.ref
#include <limits.h>
#include <omp_blocked.h>
#include <stdio.h>
#include <stdlib.h>

typedef unsigned long long u64;

struct sum {
  u64 count, total, hash;
};

static u64 mix(u64 v) {
  v ^= v >> 33;
  v *= 0xff51afd7ed558ccdULL;
  v ^= v >> 33;
  v *= 0xc4ceb9fe1a85ec53ULL;
  return v ^ (v >> 33);
}

static void visit(struct sum *s, u64 v) {
  u64 h = mix(v);
  #pragma omp atomic
  s->count += 1;
  #pragma omp atomic
  s->total += v;
  #pragma omp atomic
  s->hash += h;
}

static void show(const char *name, int n, const struct sum *s) {
  printf("%-14s n=%-4d count %llu sum %llu hash %016llx\n", name, n, s->count,
         s->total, s->hash);
}

static int ts; // tile size, a runtime expression in every clause

static void run(int n) {
  struct sum s;
  int step = n % 4 + 1; // loop-invariant, known at run time only

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (int i = -5; i < n; i++)
    visit(&s, (u64)(i));
  show("lt", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (int i = 1; i <= n; i++)
    visit(&s, (u64)(i));
  show("le", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (int i = -n; i <= n; i += 3)
    visit(&s, (u64)(i));
  show("le-step", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (int i = n; i > -3; i--)
    visit(&s, (u64)(i));
  show("gt", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (int i = 2 * n; i >= 0; i -= 3)
    visit(&s, (u64)(i));
  show("ge-step", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (int i = 4; i != 4 + 2 * n; i += 2)
    visit(&s, (u64)(i));
  show("ne-up", n, &s);

  // The step's sign against the increment's operator: the loop's condition
  // says the direction (the element loops tested `i < end` for `+=` and ran
  // none of these).
  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (int i = n; i > 0; i += -step)
    visit(&s, (u64)(i));
  show("gt-add-neg", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (int i = -n; i < n; i -= -step)
    visit(&s, (u64)(i));
  show("lt-sub-neg", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (long long i = 3 * n; i >= 0; i = i + -3)
    visit(&s, (u64)(i));
  show("ge-plus-neg", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (int i = 0; i != -2 * n; i -= 2)
    visit(&s, (u64)(i));
  show("ne-down", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (int i = 0; i != -2 * n; i += -2)
    visit(&s, (u64)(i));
  show("ne-add-neg", n, &s);

  // `v = v + s` on a variable narrower than int: the sum is converted back.
  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (short v = -7; v < n; v = v + 3)
    visit(&s, (u64)(v));
  show("short-assign", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (unsigned char v = 200; v > 200 - n % 200; v = v - 2)
    visit(&s, (u64)(v));
  show("uchar-assign", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (int i = 5 * n; i != 0; i -= 5)
    visit(&s, (u64)(i));
  show("ne-down", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (int i = 0; n > i; ++i)
    visit(&s, (u64)(i));
  show("bound-left", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (int i = n; 0 <= i; --i)
    visit(&s, (u64)(i));
  show("bound-left-ge", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (int i = 7; i < 7 + 3 * n; i += step)
    visit(&s, (u64)(i));
  show("runtime-step", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (int i = 3 * n; i > -n; i -= step)
    visit(&s, (u64)(i));
  show("neg-rt-step", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (int i = 0; i < n; i = i + 2)
    visit(&s, (u64)(i));
  show("v=v+s", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (int i = 1; i < 2 * n; i = 3 + i)
    visit(&s, (u64)(i));
  show("v=s+v", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (int i = n; i > 0; i = i - 2)
    visit(&s, (u64)(i));
  show("v=v-s", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (unsigned u = n; u > 0; u--)
    visit(&s, (u64)(u));
  show("unsigned>0", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (unsigned u = 2 * n; u > 0; u -= 2)
    visit(&s, (u64)(u));
  show("unsigned>0-2", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (unsigned u = n; u >= 1; --u)
    visit(&s, (u64)(u));
  show("unsigned>=1", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (unsigned u = UINT_MAX - n; u < UINT_MAX; u++)
    visit(&s, (u64)(u));
  show("uint-top", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (signed char c = -100; c < 100 - n % 50; c += 9)
    visit(&s, (u64)(c));
  show("schar", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (unsigned short h = 65535; h > 65535 - n; h--)
    visit(&s, (u64)(h));
  show("ushort", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (long long v = 1LL << 40; v < (1LL << 40) + (long long)n * 1000003; v += 1000003)
    visit(&s, (u64)(v));
  show("ll-big", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (long long v = LLONG_MAX - 1; v > LLONG_MAX - 2 - n; v--)
    visit(&s, (u64)(v));
  show("ll-top", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (long long v = LLONG_MIN; v <= LLONG_MIN + 3 * n; v += 3)
    visit(&s, (u64)(v));
  show("ll-bottom", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (u64 v = ULLONG_MAX - n; v < ULLONG_MAX; v++)
    visit(&s, (u64)(v));
  show("ull-top", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (u64 v = ULLONG_MAX; v > ULLONG_MAX - 7 * (u64)n; v -= 7)
    visit(&s, (u64)(v));
  show("ull-down", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (long long v = -n; v < n; v += 2)
    visit(&s, (u64)(v));
  show("ll-idx-int", n, &s);


  // Pointer loop variables.
  int *arr = malloc(sizeof(int) * (n + 1));
  for (int k = 0; k <= n; k++)
    arr[k] = k * k - 3;
  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (int *p = arr; p < arr + n; p++)
    visit(&s, (u64)(*p));
  show("ptr-lt", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (int *p = arr; p <= arr + n; p += 2)
    visit(&s, (u64)(*p + 1000));
  show("ptr-le-step", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (int *p = arr + n; p != arr; p -= 1)
    visit(&s, (u64)(*p));
  show("ptr-ne-down", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (const int *p = arr + n; p > arr; --p)
    visit(&s, (u64)(p - arr));
  show("ptr-gt", n, &s);

  free(arr);

  // Loop variable declared outside the loop.
  int i;
  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (i = n; i >= -2; i -= 2)
    visit(&s, (u64)(i));
  show("outside-var", n, &s);


  // A nest: outer counting down with >=, inner a pointer loop.
  char *str = malloc(n + 1);
  for (int k = 0; k < n; k++)
    str[k] = (char)('a' + k % 26);
  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (int r = n - 1; r >= 0; r -= 2) {
    #pragma omp for schedule(blocked, ts + 1)
    for (char *p = str; p < str + n; p++) {
      #pragma omp block
      visit(&s, (u64)r * 1000 + (u64)(p - str) * 7 + (u64)*p);
    }
  }
  show("nest", n, &s);

  // A nest with unsigned outer and long long inner, inner bound depending on
  // nothing but invariants.
  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (unsigned a = n; a > 0; a--) {
    #pragma omp for schedule(blocked, 2 * ts)
    for (long long b = 5; b <= 5 + 2LL * n; b += 2)
      visit(&s, (u64)a * 100003 + (u64)b);
  }
  show("nest-ull", n, &s);
  free(str);
}

// Pre- and post-blocks with some of the same forms: the pre-block sees the
// loop variable at its tile's first value, the instruction block then runs
// the tile's iterations in order from there, and the post-block sees the
// first value again after exactly omp_block_size() iterations. Any violation
// adds 1000000 to the count. The sequential program (pre- and post-block
// around every iteration, block size 1) prints the same.
static void prePost(int n) {
  int *arr = malloc(sizeof(int) * (n + 1));
  for (int k = 0; k <= n; k++)
    arr[k] = k;
  struct sum s;

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (int i = n; i > -3; i -= 2) {
    const u64 first = (u64)(i);
    u64 expect = first, bad = 0;
    int k = 0;
    #pragma omp block
    {
      bad += (u64)(i) != expect;
      expect = (u64)(i) + (u64)(-2LL);
      k++;
      visit(&s, (u64)(i));
    }
    bad += k != omp_block_size() || (u64)(i) != first;
    #pragma omp atomic
    s.count += bad * 1000000;
  }
  show("pp-gt-down", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (int i = 4; i != 4 + 3 * n; i += 3) {
    const u64 first = (u64)(i);
    u64 expect = first, bad = 0;
    int k = 0;
    #pragma omp block
    {
      bad += (u64)(i) != expect;
      expect = (u64)(i) + (u64)(3LL);
      k++;
      visit(&s, (u64)(i));
    }
    bad += k != omp_block_size() || (u64)(i) != first;
    #pragma omp atomic
    s.count += bad * 1000000;
  }
  show("pp-ne", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (unsigned u = n; u > 0; u--) {
    const u64 first = (u64)(u);
    u64 expect = first, bad = 0;
    int k = 0;
    #pragma omp block
    {
      bad += (u64)(u) != expect;
      expect = (u64)(u) + (u64)(-1LL);
      k++;
      visit(&s, (u64)(u));
    }
    bad += k != omp_block_size() || (u64)(u) != first;
    #pragma omp atomic
    s.count += bad * 1000000;
  }
  show("pp-unsigned>0", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (signed char c = 120; c >= 120 - n % 200; c -= 3) {
    const u64 first = (u64)(c);
    u64 expect = first, bad = 0;
    int k = 0;
    #pragma omp block
    {
      bad += (u64)(c) != expect;
      expect = (u64)(c) + (u64)(-3LL);
      k++;
      visit(&s, (u64)(c));
    }
    bad += k != omp_block_size() || (u64)(c) != first;
    #pragma omp atomic
    s.count += bad * 1000000;
  }
  show("pp-schar", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (long long v = LLONG_MAX - 1; v > LLONG_MAX - 2 - n; v--) {
    const u64 first = (u64)(v);
    u64 expect = first, bad = 0;
    int k = 0;
    #pragma omp block
    {
      bad += (u64)(v) != expect;
      expect = (u64)(v) + (u64)(-1LL);
      k++;
      visit(&s, (u64)(v));
    }
    bad += k != omp_block_size() || (u64)(v) != first;
    #pragma omp atomic
    s.count += bad * 1000000;
  }
  show("pp-ll-top", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (u64 v = ULLONG_MAX; v > ULLONG_MAX - 7 * (u64)n; v -= 7) {
    const u64 first = (u64)(v);
    u64 expect = first, bad = 0;
    int k = 0;
    #pragma omp block
    {
      bad += (u64)(v) != expect;
      expect = (u64)(v) + (u64)(-7LL);
      k++;
      visit(&s, (u64)(v));
    }
    bad += k != omp_block_size() || (u64)(v) != first;
    #pragma omp atomic
    s.count += bad * 1000000;
  }
  show("pp-ull-down", n, &s);

  s = (struct sum){0, 0, 0};
  #pragma omp parallel for schedule(blocked, ts)
  for (const int *p = arr + n; p > arr; --p) {
    const u64 first = (u64)(p - arr);
    u64 expect = first, bad = 0;
    int k = 0;
    #pragma omp block
    {
      bad += (u64)(p - arr) != expect;
      expect = (u64)(p - arr) + (u64)(-1LL);
      k++;
      visit(&s, (u64)(p - arr));
    }
    bad += k != omp_block_size() || (u64)(p - arr) != first;
    #pragma omp atomic
    s.count += bad * 1000000;
  }
  show("pp-ptr-down", n, &s);
  free(arr);
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  ts = atoi(argv[1]);
  for (int a = 2; a < argc; a++)
    run(atoi(argv[a])), prePost(atoi(argv[a]));
  return 0;
}
