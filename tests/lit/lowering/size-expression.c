// 'schedule(blocked, size)' with a size that is not a constant: the
// expression, as written, initializes a braced __int128, the expression
// and its braces placed at its own line and column (so clang's type errors
// point into the pragma and quote the expression), and is
// checked at run time by orbis_block_size_arg (which stops the program with
// the call site if it is below 1) before it reaches orbis_loop_init.
// Function-like macros are left for the compiler.
// RUN: %orbis-cc --emit-lowered %s | grep -v "^ *//" | FileCheck --strict-whitespace %s
// RUN: %orbis-cc -fsyntax-only %s

#define HALF(x) ((x) / 2)

void sizes(int n, int bs, double *A) {
  // CHECK: static const orbis_site_t [[S0:__orbis_site[0-9_]+]] = {"{{.*}}size-expression.c:[[@LINE+10]]:3", 0, 8, {{[A-Z_ |0]+}}, {{0|"[^"]*"}}};
  // CHECK-SAME: __extension__ __int128 [[Z0:__orbis_size[0-9_]+]] = {{$}}
  // CHECK-NEXT: {{^}}#pragma clang diagnostic push
  // CHECK-NEXT: {{^}}#pragma clang diagnostic error "-Wfloat-conversion"
  // CHECK-NEXT: {{^}}#pragma clang diagnostic error "-Wc++11-narrowing"
  // CHECK-NEXT: {{^}}#line [[@LINE+5]]
  // CHECK-NEXT: {{^}}                                            {bs}{{$}}
  // CHECK-NEXT: {{^}}#pragma clang diagnostic pop
  // CHECK-NEXT: {{^}}#line [[@LINE+2]]
  // CHECK-NEXT: {{^}}; orbis_loop_init({{.*}}, ORBIS_CMP_LT, {{.*}}, orbis_block_size_arg([[Z0]] > 0x7fffffffffffffff ? 0x7fffffffffffffffLL : (long long)[[Z0]], &[[S0]]), 1, (long long){{__orbis_ub[0-9_]+}});{{$}}
  #pragma omp parallel for schedule(blocked, bs)
  for (int i = 0; i < n; i++)
    A[i] = 0;
  // CHECK: {{^}}                                            {n / 4 + 1}{{$}}
  // CHECK: orbis_block_size_arg([[Z1:__orbis_size[0-9_]+]] > 0x7fffffffffffffff ? 0x7fffffffffffffffLL : (long long)[[Z1]], &{{__orbis_site[0-9_]+}}), 1,
  #pragma omp parallel for schedule(blocked, n / 4 + 1)
  for (int i = 0; i < n; i++)
    A[i] = 0;
  // CHECK: {{^}}                                            {HALF(n)}{{$}}
  #pragma omp parallel for schedule(blocked, HALF(n))
  for (int i = 0; i < n; i++)
    A[i] = 0;
}
