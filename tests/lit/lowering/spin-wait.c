// Spin-waits in pre- and post-blocks (the Algorithm 1 pattern) read
// 'volatile' integers and pointers with acquire loads (real synchronization,
// EXTENSIONS 1.10; the statement of an 'atomic' keeps its form) and end each
// turn with a pause (orbis_spin_pause: pause, and a yield now and then;
// orbis_spin_end() after the loop ends the wait that ORBIS_TRACE times) so
// that waiting threads do not starve the ones they wait for: empty-bodied
// loops, and loops whose braced body only reads into locals (an 'atomic
// read', issue 7 defect 11) and may leave with 'if (c) break;'. Loops that
// store elsewhere or call functions, loops in the instruction block and
// loops outside nests are untouched.
// RUN: %orbis-cc --emit-lowered %s | %join-generated %s | grep -v "^ *//" | FileCheck %s
// RUN: %orbis-cc -fsyntax-only %s

int sweep_calls(void);

void sweep(int n, double *A, volatile int *done, volatile int *flag,
           volatile _Bool *go) {
  while (*flag) {}
  // CHECK: {{^}}  while (*flag) {}{{$}}
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < n - 1; x++) {
    while (*flag == 2);
    // CHECK: {{^}}    {{(_Pragma.* )?}}{ while (__atomic_load_n(&(*flag), __ATOMIC_ACQUIRE) == 2)orbis_spin_pause(); orbis_spin_end(); }{{$}}
    int xb = x;
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++) {
      while (done[xb] < y) {}
      // CHECK: {{^}}      {{(_Pragma.* )?}}{ while (__atomic_load_n(&(done[xb]), __ATOMIC_ACQUIRE) < y) { orbis_spin_pause(); } orbis_spin_end(); }{{$}}
      do {} while (done[xb] < y - 1);
      // CHECK: {{^}}      {{(_Pragma.* )?}}{ do { orbis_spin_pause(); } while (__atomic_load_n(&(done[xb]), __ATOMIC_ACQUIRE) < y - 1); orbis_spin_end(); }{{$}}
      while (done[xb] < 0) { A[0] = 1; }
      // CHECK: {{^}}      while (done[xb] < 0) { A[0] = 1; }{{$}}
      int ready;
      do {
        #pragma omp atomic read
        ready = done[xb];
      } while (ready < y);
      // CHECK: {{^}}        ready = done[xb];{{$}}
      // CHECK-NEXT: {{^}}       orbis_spin_pause(); } while (ready < y); orbis_spin_end(); }{{$}}
      while (1) { ready = done[xb]; if (ready >= y) break; }
      // CHECK: {{^}}      {{(_Pragma.* )?}}{ while (1) { ready = __atomic_load_n(&(done[xb]), __ATOMIC_ACQUIRE); if (ready >= y) break;  orbis_spin_pause(); } orbis_spin_end(); }{{$}}
      while (done[xb] < y) { ready = sweep_calls(); }
      // CHECK: {{^}}      while (done[xb] < y) { ready = sweep_calls(); }{{$}}
      while (!*go) {}
      // CHECK: {{^}}      {{(_Pragma.* )?}}{ while (!__atomic_load_n(&(*go), __ATOMIC_ACQUIRE)) { orbis_spin_pause(); } orbis_spin_end(); }{{$}}
      #pragma omp block
      {
        while (*flag == 3) {}
        // CHECK: {{^}}        while (*flag == 3) {}{{$}}
        A[x * n + y] = 1;
      }
      #pragma omp atomic
      done[xb + 1] += 1;
    }
  }
}
