// A header with an extension directive: the lowering rewrites only the main
// source file, so this is diagnosed where it is written.
static inline void header_fill(int n, double *A) {
  #pragma omp parallel for schedule(blocked, 4)
  for (int i = 0; i < n; i++)
    A[i] = 0;
}
