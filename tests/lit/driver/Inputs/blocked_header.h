static inline void clear(int n, double *A) {
  #pragma omp parallel for schedule(blocked)
  for (int i = 0; i < n; i++) A[i] = 0;
}
