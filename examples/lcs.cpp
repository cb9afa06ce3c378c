/// \file
/// A dynamic-programming wavefront in C++ with blocked loops: the table of
/// longest-common-subsequence lengths of two strings.
///
/// L[i][j] (the LCS length of the first i characters of `a` and the first j
/// of `b`) needs L[i-1][j-1], L[i-1][j] and L[i][j-1], so the table can only
/// be filled along anti-diagonals. As in the proposal's Algorithm 1, the row
/// loop is tiled into row blocks shared among threads and the column loop
/// into column tiles; a row block starts a column tile once the block above
/// has published, through its progress counter, that it finished those
/// columns. Here the counters live in a std::vector sized by `single`, and the
/// wait is a standard `atomic read` rather than a volatile load.
///
/// The program fills the table this way and with a plain loop, compares the
/// two tables bit for bit and prints `OK ...` with both speeds in GCUP/s
/// (10^9 table cells per second), or `MISMATCH ...` and exits with status 1.
///
/// Usage: lcs [M=6000] [N=M]   (the lengths of the two strings)
#include <omp_blocked.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>
#ifdef _OPENMP
#include <omp.h>
#endif

namespace {

/// An (M+1) x (N+1) row-major table; row 0 and column 0 are the empty prefix.
class Table {
public:
  Table(int M, int N) : Cols(N + 1), Cells(std::size_t(M + 1) * (N + 1), 0) {}
  int &at(int I, int J) { return Cells[std::size_t(I) * Cols + J]; }
  bool operator==(const Table &O) const {
    return Cols == O.Cols && Cells.size() == O.Cells.size() &&
           std::memcmp(Cells.data(), O.Cells.data(),
                       Cells.size() * sizeof(int)) == 0;
  }

private:
  std::size_t Cols;
  std::vector<int> Cells;
};

/// The recurrence, shared by both versions so that they cannot differ in it.
inline int lcsCell(Table &L, const std::string &A, const std::string &B, int I,
                   int J) {
  return A[I - 1] == B[J - 1] ? L.at(I - 1, J - 1) + 1
                              : std::max(L.at(I - 1, J), L.at(I, J - 1));
}

/// The wavefront with blocked loops. Row tiles are handed out in increasing
/// order, so a block only ever waits on a block that is running or finished.
void fillBlocked(Table &L, const std::string &A, const std::string &B) {
  const int M = int(A.size()), N = int(B.size());
  // Done[b] = columns finished by row block b - 1; Done[0] stands for a block
  // above the first one that has finished everything.
  std::vector<int> Done;
#pragma omp parallel for schedule(blocked)
  for (int I = 1; I <= M; ++I) {
    // Once per row block; the single once for the whole loop, and every block
    // waits for it, so Done is sized before anyone reads it.
#pragma omp single
    {
      Done.assign(omp_num_blocks() + 1, 0);
      Done[0] = N + 1;
    }
    const int Block = omp_block_num();
#pragma omp for schedule(blocked)
    for (int J = 1; J <= N; ++J) {
      // Once per column tile, J = its first column: wait until the row block
      // above has finished this tile's last column (Done counts finished
      // columns; columns start at 1).
      int Ready;
      do {
#pragma omp atomic read
        Ready = Done[Block];
      } while (Ready < J + omp_block_size() - 1);
#pragma omp block
      L.at(I, J) = lcsCell(L, A, B, I, J);
#pragma omp atomic
      Done[Block + 1] += omp_block_size();
    }
  }
}

/// The reference: the same recurrence in a plain loop.
void fillPlain(Table &L, const std::string &A, const std::string &B) {
  const int M = int(A.size()), N = int(B.size());
  for (int I = 1; I <= M; ++I)
    for (int J = 1; J <= N; ++J)
      L.at(I, J) = lcsCell(L, A, B, I, J);
}

/// A deterministic DNA-like string: every run compares the same inputs.
std::string makeString(int Length, unsigned Seed) {
  std::string S(Length, 'A');
  for (char &C : S) {
    Seed = Seed * 1103515245u + 12345u;
    C = "ACGT"[(Seed >> 16) & 3];
  }
  return S;
}

double now() {
#ifdef _OPENMP
  return omp_get_wtime();
#else
  return double(std::clock()) / CLOCKS_PER_SEC;
#endif
}

} // namespace

int main(int argc, char **argv) {
  const int M = argc > 1 ? std::atoi(argv[1]) : 6000;
  const int N = argc > 2 ? std::atoi(argv[2]) : M;
  if (M < 1 || N < 1) {
    std::fprintf(stderr, "usage: %s [M>=1 (6000)] [N>=1 (M)]\n", argv[0]);
    return 2;
  }
#ifdef _OPENMP
  const int Threads = omp_get_max_threads();
#else
  const int Threads = 1;
#endif
  const std::string A = makeString(M, 1), B = makeString(N, 2);
  Table Blocked(M, N), Plain(M, N);

  const double T0 = now();
  fillBlocked(Blocked, A, B);
  const double T1 = now();
  fillPlain(Plain, A, B);
  const double T2 = now();

  const double Cells = double(M) * N;
  const bool Same = Blocked == Plain;
  std::printf("%s lcs M=%d N=%d threads=%d: length %d, %.3f GCUP/s "
              "(sequential %.3f GCUP/s)\n",
              Same ? "OK" : "MISMATCH", M, N, Threads, Plain.at(M, N),
              Cells / (T1 - T0) / 1e9, Cells / (T2 - T1) / 1e9);
  return Same ? 0 : 1;
}
