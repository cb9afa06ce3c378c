/// \file
/// bench-gs2d-cuda: GS2D on the GPU (design/BENCHMARKS.md) on Google
/// Benchmark, as bench-gs2d is on the CPU: one benchmark per variant and N,
/// named `gs2d-cuda/VARIANT/n:N/omp_threads:P` (P: the host threads, which
/// only the `cpu` variant uses), GCUP/s a rate counter over the time each
/// variant measures itself. Variants: `orbis-cuda` (Algorithm 1 through
/// orbis-cc --offload=cuda), `orbis-copies` (the same with the copies of the
/// pre/post-blocks instead of rows in lockstep), `orbis-cuda-bl` (with
/// block_local staging), `cuda-hand` (a hand-written CUDA tile wavefront)
/// and `cpu` (Algorithm 1 on the host's cores). Every run's grid is compared
/// bit for bit with the CPU result (itself bit-identical to the sequential
/// sweeps); a difference fails the benchmark (SkipWithError) and the exit
/// status. The label gives the fraction of the bandwidth limit: 16 B per
/// cell over the device-to-device copy bandwidth measured at start (also in
/// the JSON's context). Then the edit-distance wavefront, GPU against CPU
/// (`edit-distance/gpu|cpu/n:N/...`), the GPU's table checked against the
/// CPU's. scripts/bench-table.py reads the JSON (vs-peer: cuda-hand).
///
/// Usage: bench-gs2d-cuda [--n 8192,16384,32768] [--sweeps 10] [--edit 20000]
///                        [Google Benchmark flags; default 3 repetitions]
#include "gs2d_cuda.h"

#include "../common/gbench.h"

#include <benchmark/benchmark.h>
#include <omp.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace {

struct Options {
  std::vector<int> Sizes = {8192, 16384, 32768};
  int Sweeps = 10;
  int Edit = 20000; ///< 0: no edit-distance benchmark
};

[[noreturn]] void usage(const char *Argv0) {
  std::fprintf(stderr,
               "usage: %s [--n N,...] [--sweeps T] [--edit N] [Google "
               "Benchmark flags]\n",
               Argv0);
  std::exit(2);
}

/// A non-negative int (positive unless `Zero`); anything else: the usage.
int number(const char *S, const char *Argv0, bool Zero = false) {
  char *End;
  errno = 0;
  long V = std::strtol(S, &End, 10);
  if (errno || End == S || *End || V < (Zero ? 0 : 1) || V > 1 << 30)
    usage(Argv0);
  return static_cast<int>(V);
}

Options parseOptions(int Argc, char **Argv) {
  Options O;
  for (int I = 1; I < Argc; I += 2) {
    if (I + 1 == Argc)
      usage(Argv[0]);
    const char *Arg = Argv[I], *Val = Argv[I + 1];
    if (!std::strcmp(Arg, "--n")) {
      O.Sizes.clear();
      std::string Token;
      for (const char *P = Val;; P++) {
        if (*P == ',' || !*P) {
          O.Sizes.push_back(number(Token.c_str(), Argv[0]));
          Token.clear();
          if (!*P)
            break;
        } else {
          Token += *P;
        }
      }
      for (int N : O.Sizes)
        if (N < 3)
          usage(Argv[0]);
    } else if (!std::strcmp(Arg, "--sweeps")) {
      O.Sweeps = number(Val, Argv[0]);
    } else if (!std::strcmp(Arg, "--edit")) {
      O.Edit = number(Val, Argv[0], true);
    } else {
      usage(Argv[0]);
    }
  }
  return O;
}

void initGrid(int N, double *A) {
  for (int X = 0; X < N; X++)
    for (int Y = 0; Y < N; Y++)
      A[static_cast<size_t>(X) * N + Y] =
          (X == 0 || Y == 0 || X == N - 1 || Y == N - 1)
              ? 1.0
              : static_cast<double>((X * 7 + Y * 13) % 101) / 100.0;
}

/// The initial grid and the CPU result of one N, made when first needed.
struct Grids {
  std::vector<double> Initial, Reference, Work;
};

Grids &gridsFor(int N, int Sweeps) {
  static std::map<int, Grids> All;
  Grids &G = All[N];
  if (G.Initial.empty()) {
    size_t Cells = static_cast<size_t>(N) * N;
    G.Initial.resize(Cells);
    G.Work.resize(Cells);
    initGrid(N, G.Initial.data());
    G.Reference = G.Initial;
    gs2d_cpu(N, G.Reference.data(), Sweeps);
  }
  return G;
}

bool AnyWrong = false;
double LimitGcups = 0; ///< 16 B per cell at the copy bandwidth

using Runner = double (*)(int, double *, int);

/// One GS2D benchmark: each iteration runs `Run` on a fresh grid, times it
/// with the variant's own clock and checks it.
void runGs2d(benchmark::State &State, const char *Name, Runner Run, int N,
             int Sweeps) {
  Grids &G = gridsFor(N, Sweeps);
  const size_t Bytes = G.Initial.size() * sizeof(double);
  long Runs = 0;
  for (auto _ : State) {
    std::memcpy(G.Work.data(), G.Initial.data(), Bytes);
    double Seconds = Run(N, G.Work.data(), Sweeps);
    State.SetIterationTime(Seconds);
    ++Runs;
    if (std::memcmp(G.Work.data(), G.Reference.data(), Bytes) != 0) {
      AnyWrong = true;
      std::string Why = std::string(Name) +
                        ": the grid differs from the CPU result after run " +
                        std::to_string(Runs);
      State.SkipWithError(Why.c_str());
      break;
    }
  }
  const double Cells = static_cast<double>(N - 2) * (N - 2) * Sweeps;
  State.counters["GCUP/s"] =
      benchmark::Counter(Cells * Runs / 1e9, benchmark::Counter::kIsRate);
  State.counters["n"] = N;
  State.counters["sweeps"] = Sweeps;
  if (std::strcmp(Name, "cpu")) {
    char Label[96];
    std::snprintf(Label, sizeof Label, "limit %.1f GCUP/s (16 B per cell)",
                  LimitGcups);
    State.SetLabel(Label);
  }
}

/// The edit-distance tables of one size: the strings, the CPU's table.
struct EditCase {
  int N = 0;
  std::vector<char> A, B;
  std::vector<int> Reference, Work;
};

EditCase &editCase(int N) {
  static EditCase C;
  if (C.N == N)
    return C;
  C.N = N;
  C.A.resize(N);
  C.B.resize(N);
  unsigned Seed = 7;
  for (int I = 0; I < N; I++)
    C.A[I] = 'a' + ((Seed = Seed * 1103515245u + 12345u) >> 16) % 4;
  for (int J = 0; J < N; J++)
    C.B[J] = 'a' + ((Seed = Seed * 1103515245u + 12345u) >> 16) % 4;
  size_t Cells = static_cast<size_t>(N + 1) * (N + 1);
  C.Reference.assign(Cells, 0);
  for (int I = 0; I <= N; I++)
    C.Reference[static_cast<size_t>(I) * (N + 1)] = I;
  for (int J = 0; J <= N; J++)
    C.Reference[J] = J;
  C.Work = C.Reference; // borders only
  edit_distance_cpu(N, N, C.A.data(), C.B.data(), C.Reference.data());
  return C;
}

void runEdit(benchmark::State &State, bool Gpu, int N) {
  EditCase &C = editCase(N);
  std::vector<int> Table(C.Work);
  long Runs = 0;
  for (auto _ : State) {
    Table = C.Work;
    double Seconds = Gpu ? edit_distance_gpu(N, N, C.A.data(), C.B.data(),
                                             Table.data())
                         : edit_distance_cpu(N, N, C.A.data(), C.B.data(),
                                             Table.data());
    State.SetIterationTime(Seconds);
    ++Runs;
    if (Table != C.Reference) {
      AnyWrong = true;
      State.SkipWithError(Gpu ? "gpu: the table differs from the CPU's"
                              : "cpu: the table differs from its first run");
      break;
    }
  }
  State.counters["GCUP/s"] = benchmark::Counter(
      static_cast<double>(N) * N * Runs / 1e9, benchmark::Counter::kIsRate);
  State.counters["n"] = N;
}

} // namespace

int main(int Argc, char **Argv) {
  std::vector<char *> Ours = orbis::bench::initialize(Argc, Argv, 3);
  static const Options O =
      parseOptions(static_cast<int>(Ours.size()), Ours.data());

  double Bandwidth = gs2d_copy_bandwidth(1ull << 30);
  LimitGcups = Bandwidth / 16 / 1e9;
  benchmark::AddCustomContext("copy_bandwidth_GB/s",
                              std::to_string(Bandwidth / 1e9));
  benchmark::AddCustomContext("limit_GCUP/s", std::to_string(LimitGcups));
  const int Threads = omp_get_max_threads();
  const std::string P = "/omp_threads:" + std::to_string(Threads);

  static const struct {
    const char *Name;
    Runner Run;
  } Variants[] = {{"cpu", gs2d_cpu},
                  {"orbis-cuda", gs2d_orbis_cuda},
                  {"orbis-copies", gs2d_orbis_cuda_copies},
                  {"orbis-cuda-bl", gs2d_orbis_cuda_staged},
                  {"cuda-band", gs2d_cuda_band},
                  {"cuda-hand", gs2d_cuda_hand}};
  for (int N : O.Sizes)
    for (const auto &V : Variants) {
      std::string Name = std::string("gs2d-cuda/") + V.Name +
                         "/n:" + std::to_string(N) + P;
      orbis::bench::registerTimed(Name, [&V, N](benchmark::State &State) {
        runGs2d(State, V.Name, V.Run, N, O.Sweeps);
      });
    }
  if (O.Edit > 0)
    for (bool Gpu : {true, false}) {
      std::string Name = std::string("edit-distance/") +
                         (Gpu ? "gpu" : "cpu") + "/n:" +
                         std::to_string(O.Edit) + P;
      orbis::bench::registerTimed(Name, [Gpu](benchmark::State &State) {
        runEdit(State, Gpu, O.Edit);
      });
    }
  return orbis::bench::runAll(AnyWrong);
}
