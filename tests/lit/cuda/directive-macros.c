// Directives written by macros in a GPU nest: the nest's launch replaces
// its text, and the macros' uses are marked (`#ifdef`) only outside it;
// with a use inside the replaced text, the mark overlapped the launch
// ("overlapping edits"). The host lowering marks every use:
// -Wunused-macros stays quiet.
// REQUIRES: cuda
// RUN: %orbis-cc --offload=cuda -Werror -Wunused-macros -c %s -o %t.o
// RUN: %orbis-cc -Werror -Wunused-macros -c %s -o %t.host.o
#define OMP(x) _Pragma(#x)
int A[100];
void f(int n) {
  OMP(omp parallel for schedule(blocked, 8))
  for (int i = 0; i < n; i++) {
    OMP(omp block)
    A[i] = i;
  }
}
