struct S { int a; };
void f(int n, struct S *s) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) {
    s[i].b = 1;
  }
}
