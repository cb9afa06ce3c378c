/// \file
/// The GS2D CPU benchmark (docs/benchmarks.md, design BENCHMARKS.md) on
/// Google Benchmark: one benchmark per variant x N x OpenMP thread count,
/// named `gs2d/VARIANT/n:N/omp_threads:P`, each timed run being `sweeps`
/// sweeps of the in-place 2D 5-point Gauss-Seidel (gs2d.h) on a fresh copy of
/// one grid. GCUP/s ((N-2)^2 * sweeps / second / 1e9) is a rate counter; a
/// grid that is not bit-identical to the sequential one after any run fails
/// that benchmark (SkipWithError) and the program's exit status. Repetitions
/// are interleaved at random by default, so that a transient load on the
/// machine hits every variant alike; scripts/bench-table.py turns the JSON
/// (`--benchmark_out=F --benchmark_out_format=json`) into the table of
/// ratios, scripts/bench-plot.py into plots.
///
/// The orbis variant's tile sizes are the runtime's choice (or
/// OMP_BLOCK_SIZE), read through the public tile queries in the first run of
/// each benchmark (orbis.c) and shown as its label; orbis-fixed is the same
/// code with OMP_BLOCK_SIZE set to the omp-doacross tile (or to each shape of
/// --orbis-tile, one benchmark `gs2d/orbis-fixed/n:N/omp_threads:P/tile:RxC`
/// each), so that its ratio to a peer shows the cost of the programming model
/// apart from the tile-size policy, and scripts/bench-tiles.sh compares the
/// policy with the best fixed shape in one process. The machine may be shared: each timed run
/// compares the CPU time the whole machine spent (/proc/stat, steal included)
/// with this process's own, and the `disturbed` counter counts the runs
/// during which other work took more than 5% of a core.
///
/// Usage: bench-gs2d [--n 1024,4096] [--sweeps T[,T..]] [--threads P,..]
///                   [--iterations K] [--doacross-tile RxC]
///                   [--wavefront-cols C] [--skewed-tile RxC[,RxC..]]
///                   [--orbis-tile RxC[,RxC..]]
///                   [Google Benchmark flags: --benchmark_filter=REGEX,
///                    --benchmark_repetitions=R (5), --benchmark_out=F, ...]
#include "gs2d.h"

#include "../common/gbench.h"

#include <benchmark/benchmark.h>
#include <omp.h>

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace {

/// A tile shape: rows x columns.
struct Shape {
  int Rows = 0, Cols = 0;
};

/// What the command line asks for, besides Google Benchmark's own flags.
struct Options {
  std::vector<int> Sizes = {1024, 4096};
  std::vector<int> Threads = {omp_get_max_threads()};
  std::vector<int> Sweeps = {10}; ///< one value, or one per size
  int Iterations = 1;             ///< timed runs per repetition
  // Defaults of the hand-written peers: the best of a sweep of tile shapes
  // on the development machines (docs/benchmarks.md).
  int DoacrossRows = 128, DoacrossCols = 32;
  int WavefrontCols = 32;
  /// omp-skewed's shapes; with more than one, one benchmark each with
  /// `/tile:RxC` in its name (scripts/bench-table.py compares with the best).
  std::vector<Shape> SkewedTiles{{126, 256}};
  /// orbis-fixed's shapes, one benchmark each (`/tile:RxC` in its name);
  /// none given: the omp-doacross tile.
  std::vector<Shape> OrbisTiles;
  int LargestN = 0;
  /// --perturb VARIANT: one cell of that variant's result is changed after
  /// every run, so that a test can see the check fail it.
  std::string Perturb;

  int sweepsFor(size_t SizeIndex) const {
    return Sweeps.size() == 1 ? Sweeps[0] : Sweeps[SizeIndex];
  }
};

/// The grids of one N: the initial one, the two references and room to run.
struct Grids {
  int N = 0, Sweeps = 0;
  double *Initial = nullptr, *GaussSeidel = nullptr, *JacobiRef = nullptr;
  double *Work = nullptr, *Scratch = nullptr; ///< shared by all sizes
};

/// One variant: its name, how it runs, which reference it must match and
/// how to describe its tiles.
struct Variant {
  const char *Name;
  /// Runs the variant on `Work` (and `Scratch`); returns the result's grid.
  /// `Tile`: orbis-fixed's shape (others ignore it).
  double *(*Run)(const Options &O, Grids &G, Shape Tile, gs2d_tiles *Chosen);
  bool Jacobi; ///< checked against the Jacobi reference, not Gauss-Seidel
};

double *runSeq(const Options &, Grids &G, Shape, gs2d_tiles *) {
  gs2d_seq(G.N, G.Work, G.Sweeps);
  return G.Work;
}
double *runOrbis(const Options &, Grids &G, Shape, gs2d_tiles *Chosen) {
  gs2d_orbis(G.N, G.Work, G.Sweeps, Chosen);
  return G.Work;
}
/// orbis with OMP_BLOCK_SIZE set for this run only (libtile reads it at every
/// loop execution; the worker threads are idle while it changes).
double *runOrbisFixed(const Options &, Grids &G, Shape Tile,
                      gs2d_tiles *Chosen) {
  const char *Old = std::getenv("OMP_BLOCK_SIZE");
  std::string Saved = Old ? Old : "";
  std::string Sizes =
      std::to_string(Tile.Rows) + "," + std::to_string(Tile.Cols);
  setenv("OMP_BLOCK_SIZE", Sizes.c_str(), 1);
  gs2d_orbis(G.N, G.Work, G.Sweeps, Chosen);
  if (Old)
    setenv("OMP_BLOCK_SIZE", Saved.c_str(), 1);
  else
    unsetenv("OMP_BLOCK_SIZE");
  return G.Work;
}
double *runDoacross(const Options &O, Grids &G, Shape, gs2d_tiles *) {
  gs2d_omp_doacross(G.N, G.Work, G.Sweeps, O.DoacrossRows, O.DoacrossCols);
  return G.Work;
}
double *runWavefront(const Options &O, Grids &G, Shape, gs2d_tiles *) {
  gs2d_omp_wavefront(G.N, G.Work, G.Sweeps, O.WavefrontCols);
  return G.Work;
}
double *runSkewed(const Options &, Grids &G, Shape Tile, gs2d_tiles *) {
  gs2d_omp_skewed(G.N, G.Work, G.Sweeps, Tile.Rows, Tile.Cols);
  return G.Work;
}
double *runJacobi(const Options &, Grids &G, Shape, gs2d_tiles *) {
  return gs2d_jacobi(G.N, G.Work, G.Scratch, G.Sweeps);
}

const Variant Variants[] = {
    {"seq", runSeq, false},
    {"orbis", runOrbis, false},
    {"orbis-fixed", runOrbisFixed, false},
    {"omp-doacross", runDoacross, false},
    {"omp-wavefront", runWavefront, false},
    {"omp-skewed", runSkewed, false},
    {"jacobi", runJacobi, true},
};

[[noreturn]] void usage(const char *Argv0) {
  std::fprintf(
      stderr,
      "usage: %s [--n 1024,4096] [--sweeps T[,T...]] [--threads P[,P...]]\n"
      "  [--iterations K] [--doacross-tile RxC] [--wavefront-cols C]\n"
      "  [--skewed-tile RxC[,..]] [--orbis-tile RxC[,..]] [--perturb VARIANT]\n"
      "  [Google Benchmark flags]\n"
      "variants (select with --benchmark_filter=REGEX): seq orbis "
      "orbis-fixed\n  omp-doacross omp-wavefront omp-skewed jacobi\n",
      Argv0);
  std::exit(2);
}

/// A positive int; anything else stops with the usage.
int positive(const char *S, const char *Argv0) {
  char *End;
  errno = 0;
  long V = std::strtol(S, &End, 10);
  if (errno || End == S || *End || V < 1 || V > 1 << 30)
    usage(Argv0);
  return static_cast<int>(V);
}

std::vector<int> positiveList(const char *S, const char *Argv0) {
  std::vector<int> Out;
  std::string Token;
  for (const char *P = S;; P++) {
    if (*P == ',' || !*P) {
      Out.push_back(positive(Token.c_str(), Argv0));
      Token.clear();
      if (!*P)
        break;
    } else {
      Token += *P;
    }
  }
  return Out;
}

/// "RxC" as two positive ints.
void parseTile(const char *S, int &Rows, int &Cols, const char *Argv0) {
  const char *X = std::strchr(S, 'x');
  if (!X)
    usage(Argv0);
  Rows = positive(std::string(S, X).c_str(), Argv0);
  Cols = positive(X + 1, Argv0);
}

/// "RxC[,RxC..]": one benchmark per shape.
std::vector<Shape> parseTiles(const char *S, const char *Argv0) {
  std::vector<Shape> Out;
  std::string List = S;
  for (size_t At = 0; At <= List.size();) {
    size_t End = std::min(List.find(',', At), List.size());
    Shape T;
    parseTile(List.substr(At, End - At).c_str(), T.Rows, T.Cols, Argv0);
    Out.push_back(T);
    At = End + 1;
  }
  return Out;
}

/// Our options; Google Benchmark has removed its own from argv already.
Options parseOptions(int Argc, char **Argv) {
  Options O;
  for (int I = 1; I < Argc; I++) {
    const char *Arg = Argv[I];
    if (!std::strcmp(Arg, "--help") || !std::strcmp(Arg, "-h") ||
        I + 1 == Argc)
      usage(Argv[0]);
    const char *Val = Argv[++I];
    if (!std::strcmp(Arg, "--n"))
      O.Sizes = positiveList(Val, Argv[0]);
    else if (!std::strcmp(Arg, "--threads"))
      O.Threads = positiveList(Val, Argv[0]);
    else if (!std::strcmp(Arg, "--sweeps"))
      O.Sweeps = positiveList(Val, Argv[0]);
    else if (!std::strcmp(Arg, "--iterations"))
      O.Iterations = positive(Val, Argv[0]);
    else if (!std::strcmp(Arg, "--wavefront-cols"))
      O.WavefrontCols = positive(Val, Argv[0]);
    else if (!std::strcmp(Arg, "--skewed-tile"))
      O.SkewedTiles = parseTiles(Val, Argv[0]);
    else if (!std::strcmp(Arg, "--doacross-tile"))
      parseTile(Val, O.DoacrossRows, O.DoacrossCols, Argv[0]);
    else if (!std::strcmp(Arg, "--orbis-tile"))
      O.OrbisTiles = parseTiles(Val, Argv[0]);
    else if (!std::strcmp(Arg, "--perturb"))
      O.Perturb = Val;
    else
      usage(Argv[0]);
  }
  if (O.OrbisTiles.empty())
    O.OrbisTiles.push_back({O.DoacrossRows, O.DoacrossCols});
  for (int N : O.Sizes) {
    if (N < 3)
      usage(Argv[0]);
    O.LargestN = std::max(O.LargestN, N);
  }
  if (O.Sweeps.size() != 1 && O.Sweeps.size() != O.Sizes.size())
    usage(Argv[0]);
  return O;
}

/// A deterministic grid: fixed border of 1.0, an interior pattern with many
/// distinct values so that any change of evaluation order shows.
void initGrid(int N, double *A) {
  for (int X = 0; X < N; X++)
    for (int Y = 0; Y < N; Y++)
      A[static_cast<size_t>(X) * N + Y] =
          (X == 0 || Y == 0 || X == N - 1 || Y == N - 1)
              ? 1.0
              : static_cast<double>((X * 7 + Y * 13) % 101) / 100.0 +
                    1e-3 * (X % 7);
}

/// A cache-line aligned grid of N x N doubles, kept until the end.
double *allocGrid(int N) {
  const size_t Bytes = sizeof(double) * N * N;
  // aligned_alloc wants a multiple of the alignment.
  void *P = std::aligned_alloc(64, (Bytes + 63) / 64 * 64);
  if (!P) {
    std::fprintf(stderr, "bench-gs2d: cannot allocate a %dx%d grid\n", N, N);
    std::exit(1);
  }
  return static_cast<double *>(P);
}

/// The grids of size N for `Sweeps` sweeps, made (and the references
/// computed) when a benchmark first needs them and kept, since repetitions of
/// different sizes interleave. Work and Scratch are shared by all sizes.
Grids &gridsFor(int N, int Sweeps, int LargestN) {
  static std::map<std::pair<int, int>, Grids> All;
  static double *Work = allocGrid(LargestN), *Scratch = allocGrid(LargestN);
  Grids &G = All[{N, Sweeps}];
  if (G.N)
    return G;
  const size_t Bytes = sizeof(double) * N * N;
  G.N = N;
  G.Sweeps = Sweeps;
  G.Work = Work;
  G.Scratch = Scratch;
  G.Initial = allocGrid(N);
  G.GaussSeidel = allocGrid(N);
  G.JacobiRef = allocGrid(N);
  initGrid(N, G.Initial);
  std::memcpy(G.GaussSeidel, G.Initial, Bytes);
  gs2d_seq(N, G.GaussSeidel, Sweeps);
  std::memcpy(Work, G.Initial, Bytes);
  std::memcpy(Scratch, G.Initial, Bytes);
  std::memcpy(G.JacobiRef, gs2d_jacobi_seq(N, Work, Scratch, Sweeps), Bytes);
  return G;
}

/// CPU seconds spent by the whole machine (busy and stolen) and by this
/// process; Machine < 0 when /proc/stat cannot be read.
struct CpuSample {
  double Machine = -1, Self = 0;
};

CpuSample sampleCpu() {
  CpuSample C;
  unsigned long long User, Nice, Sys, Idle, IoWait, Irq, SoftIrq, Steal;
  if (FILE *F = std::fopen("/proc/stat", "r")) {
    if (std::fscanf(F, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &User,
                    &Nice, &Sys, &Idle, &IoWait, &Irq, &SoftIrq, &Steal) == 8)
      C.Machine = static_cast<double>(User + Nice + Sys + Irq + SoftIrq +
                                      Steal) /
                  sysconf(_SC_CLK_TCK);
    std::fclose(F);
  }
  rusage Ru;
  getrusage(RUSAGE_SELF, &Ru);
  C.Self = Ru.ru_utime.tv_sec + 1e-6 * Ru.ru_utime.tv_usec +
           Ru.ru_stime.tv_sec + 1e-6 * Ru.ru_stime.tv_usec;
  return C;
}

/// Whether other work took more than 5% of a core during `Wall` seconds (plus
/// two clock ticks: /proc/stat counts in ticks).
bool disturbed(CpuSample Before, CpuSample After, double Wall) {
  if (Before.Machine < 0 || After.Machine < 0)
    return false;
  double Foreign = (After.Machine - Before.Machine) - (After.Self - Before.Self);
  return Foreign > 0.05 * Wall + 2.0 / sysconf(_SC_CLK_TCK);
}

/// How a variant's tiles are described in its label.
std::string describeTiles(const Variant &V, const Options &O, Shape Tile,
                          int N, int Threads, const gs2d_tiles &T) {
  const int Inner = N - 2;
  char Out[128];
  auto Tiles = [&](int Rows, int Cols) {
    std::snprintf(Out, sizeof Out, "%dx%d (%dx%d tiles)", Rows, Cols,
                  (Inner + Rows - 1) / Rows, (Inner + Cols - 1) / Cols);
    return std::string(Out);
  };
  std::string Name = V.Name;
  if (Name == "orbis" || Name == "orbis-fixed") {
    const char *Env = std::getenv("OMP_BLOCK_SIZE");
    bool Fixed = Name == "orbis-fixed" || (Env && *Env);
    std::snprintf(Out, sizeof Out, "%s %dx%d (%dx%d tiles)",
                  Fixed ? "OMP_BLOCK_SIZE" : "auto", T.rows, T.cols,
                  T.row_tiles, T.col_tiles);
    return Out;
  }
  int Bands = Threads < Inner ? Threads : Inner;
  if (Name == "omp-doacross")
    return Tiles(O.DoacrossRows, O.DoacrossCols);
  if (Name == "omp-wavefront")
    return Tiles((Inner + Bands - 1) / Bands, O.WavefrontCols);
  if (Name == "omp-skewed")
    return Tiles(Tile.Rows, Tile.Cols);
  return "-";
}

bool AnyWrong = false;

/// One benchmark: `Iterations` timed runs of `V` per repetition, each on a
/// fresh copy of the initial grid and checked against its reference.
void runBenchmark(benchmark::State &State, const Options &O, const Variant &V,
                  Shape Tile, int N, int Sweeps, int Threads) {
  Grids &G = gridsFor(N, Sweeps, O.LargestN);
  const size_t Bytes = sizeof(double) * N * N;
  const double *Reference = V.Jacobi ? G.JacobiRef : G.GaussSeidel;
  omp_set_num_threads(Threads);
  gs2d_tiles Chosen = {0, 0, 0, 0};
  bool WantTiles = true; // the first run of a repetition asks for them
  long Disturbed = 0, Run = 0;
  for (auto _ : State) {
    std::memcpy(G.Work, G.Initial, Bytes);
    if (V.Jacobi)
      std::memcpy(G.Scratch, G.Initial, Bytes);
    CpuSample C0 = sampleCpu();
    double T0 = omp_get_wtime();
    double *Result = V.Run(O, G, Tile, WantTiles ? &Chosen : nullptr);
    double T1 = omp_get_wtime();
    if (O.Perturb == V.Name)
      Result[static_cast<size_t>(N) * N / 2 + N / 2] += 1.0;
    CpuSample C1 = sampleCpu();
    State.SetIterationTime(T1 - T0);
    Disturbed += disturbed(C0, C1, T1 - T0);
    ++Run;
    if (std::memcmp(Result, Reference, Bytes) != 0) {
      AnyWrong = true;
      std::string Why = std::string(V.Name) +
                        ": the grid differs from the sequential " +
                        (V.Jacobi ? "Jacobi " : "") + "result after run " +
                        std::to_string(Run);
      State.SkipWithError(Why.c_str());
      break;
    }
    WantTiles = false;
  }
  const double Cells = static_cast<double>(N - 2) * (N - 2) * Sweeps;
  State.counters["GCUP/s"] =
      benchmark::Counter(Cells * Run / 1e9, benchmark::Counter::kIsRate);
  State.counters["disturbed"] = static_cast<double>(Disturbed);
  State.counters["n"] = N;
  State.counters["omp_threads"] = Threads;
  State.counters["sweeps"] = Sweeps;
  State.SetLabel(describeTiles(V, O, Tile, N, Threads, Chosen));
}

/// The context that the JSON and the console carry besides the results.
void addContext(const Options &O) {
  char Load[64] = "?";
  if (FILE *F = std::fopen("/proc/loadavg", "r")) {
    if (std::fgets(Load, sizeof Load, F))
      Load[std::strcspn(Load, "\n")] = '\0';
    std::fclose(F);
  }
  benchmark::AddCustomContext("load_average", Load);
  benchmark::AddCustomContext("omp_num_procs",
                              std::to_string(omp_get_num_procs()));
  const char *Bs = std::getenv("OMP_BLOCK_SIZE");
  benchmark::AddCustomContext("OMP_BLOCK_SIZE", Bs && *Bs ? Bs : "(unset)");
  benchmark::AddCustomContext("iterations_per_repetition",
                              std::to_string(O.Iterations));
}

} // namespace

int main(int Argc, char **Argv) {
  std::vector<char *> Ours = orbis::bench::initialize(Argc, Argv, 5);
  static const Options O =
      parseOptions(static_cast<int>(Ours.size()), Ours.data());
  addContext(O);

  for (size_t S = 0; S < O.Sizes.size(); S++) {
    const int N = O.Sizes[S], Sweeps = O.sweepsFor(S);
    for (int Threads : O.Threads)
      for (const Variant &V : Variants) {
        // seq ignores the thread count: once per size.
        bool Seq = !std::strcmp(V.Name, "seq");
        if (Seq && Threads != O.Threads[0])
          continue;
        int P = Seq ? 1 : Threads;
        std::string Name = std::string("gs2d/") + V.Name +
                           "/n:" + std::to_string(N) +
                           "/omp_threads:" + std::to_string(P);
        bool Fixed = !std::strcmp(V.Name, "orbis-fixed");
        bool Skewed = !std::strcmp(V.Name, "omp-skewed");
        for (Shape Tile : Fixed    ? O.OrbisTiles
                          : Skewed ? O.SkewedTiles
                                   : std::vector<Shape>{{}}) {
          std::string Full = Name;
          if (Fixed || (Skewed && O.SkewedTiles.size() > 1))
            Full += "/tile:" + std::to_string(Tile.Rows) + "x" +
                    std::to_string(Tile.Cols);
          orbis::bench::registerTimed(
              Full,
              [&V, Tile, N, Sweeps, P](benchmark::State &State) {
                runBenchmark(State, O, V, Tile, N, Sweeps, P);
              },
              O.Iterations);
        }
      }
  }
  return orbis::bench::runAll(AnyWrong);
}
