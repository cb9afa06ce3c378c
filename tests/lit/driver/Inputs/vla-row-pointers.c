/* A blocked loop over pointers to variable-length rows: the trip count's
   pointer subtraction (rows whose size clang cannot see is not zero) gave
   -Wpointer-arith warnings on the lowered text. */
void set_first(int n, double (*M)[n]) {
#pragma omp parallel for schedule(blocked)
  for (double (*r)[n] = M; r < M + n; r++)
    (*r)[0] = 1.0;
}
