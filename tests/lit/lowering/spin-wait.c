// Empty-bodied spin-waits in pre- and post-blocks (the Algorithm 1 pattern)
// get a pause turn (orbis_spin_pause: pause, and a yield now and then) so
// that waiting threads do not starve the ones they wait for. Loops with a
// body, loops in the instruction block and loops outside nests are untouched.
// RUN: %orbis-cc --emit-lowered %s | grep -v "^ *//" | FileCheck %s
// RUN: %orbis-cc -fsyntax-only %s

void sweep(int n, double *A, volatile int *done, volatile int *flag) {
  while (*flag) {}
  // CHECK: {{^}}  while (*flag) {}{{$}}
  #pragma omp parallel for schedule(blocked)
  for (int x = 1; x < n - 1; x++) {
    while (*flag == 2);
    // CHECK: {{^}}    while (*flag == 2)orbis_spin_pause();{{$}}
    int xb = x;
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++) {
      while (done[xb] < y) {}
      // CHECK: {{^}}      while (done[xb] < y) { orbis_spin_pause(); }{{$}}
      do {} while (done[xb] < y - 1);
      // CHECK: {{^}}      do { orbis_spin_pause(); } while (done[xb] < y - 1);{{$}}
      while (done[xb] < 0) { A[0] = 1; }
      // CHECK: {{^}}      while (done[xb] < 0) { A[0] = 1; }{{$}}
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
