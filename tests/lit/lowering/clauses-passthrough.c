// Standard clauses of a blocked 'parallel for' pass through verbatim and in
// order (private, reduction, num_threads with an expression, default(none),
// shared, firstprivate, if, proc_bind); 'schedule(blocked, ...)' is replaced
// by 'schedule(monotonic: dynamic, 1)' and the helper variables the tile loop
// reads (loop descriptor, lower bound, once objects of 'single') are added in
// a 'firstprivate' clause of their own, so the region stays valid under
// 'default(none)' (the -fsyntax-only run compiles it with -fopenmp). The
// user's directive is kept as written (macros turn 'blocked' into the tile
// schedule); its 'private' is not repeated as a declaration (only nested
// loops, which lose their directive, need that: see nested-private.c).
// RUN: %orbis-cc --emit-lowered %s | grep -v "^ *//" | FileCheck %s
// RUN: %orbis-cc -fsyntax-only %s

double dot(int n, const double *X, const double *Y) {
  double sum = 0, t;
  int nt = 4;
  // CHECK: {{^}}  {{(_Pragma.* )?}}{ int [[LB:__orbis_lb[0-9_]+]] = (0); {{.*}} orbis_loop_t [[L:__orbis_L[0-9_]+]]; {{.*}}, 128, 1, {{.*}});{{$}}
  // CHECK-NEXT: {{^}}#pragma push_macro("blocked"){{$}}
  // CHECK: {{^}}#define blocked monotonic: dynamic, 1) firstprivate([[L]], [[LB]]) __orbis_drop({{$}}
  // CHECK: {{^}}#pragma pop_macro("block_local"){{$}}
  #pragma omp parallel for schedule(blocked, 128) private(t) reduction(+: sum) num_threads(nt) default(none) shared(X, Y, n) if(n > 1000) proc_bind(close)
  for (int i = 0; i < n; i++) {
    t = X[i] * Y[i];
    sum += t;
  }
  return sum;
}

double dot_once(int n, const double *X, const double *Y, int *calls) {
  double sum = 0;
  int scale = 2;
  // CHECK: {{^}}  {{(_Pragma.* )?}}{ int [[LB:__orbis_lb[0-9_]+]] = (0); {{.*}} orbis_loop_t [[L:__orbis_L[0-9_]+]]; {{.*}}, ORBIS_BLOCK_SIZE_AUTO, 1, {{.*}});
  // CHECK-SAME: {{ }}orbis_once_t [[O:__orbis_once[0-9]+]]_state = ORBIS_ONCE_INIT; orbis_once_t *[[O]] = &[[O]]_state;{{$}}
  // CHECK-NEXT: {{^}}#pragma push_macro("blocked"){{$}}
  // CHECK: {{^}}#define blocked monotonic: dynamic, 1) firstprivate([[L]], [[LB]], [[O]]) __orbis_drop({{$}}
  // CHECK: {{^}}#pragma pop_macro("block_local"){{$}}
  #pragma omp parallel for default(none) firstprivate(scale) schedule(blocked) shared(X, Y, n, calls) reduction(+:sum)
  for (int i = 0; i < n; i++) {
    #pragma omp single
    calls[0] += 1;
    #pragma omp block
    sum += scale * X[i] * Y[i];
  }
  return sum;
}
