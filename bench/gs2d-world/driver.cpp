/// \file
/// bench-gs2d-world-gb: GS2D-W (design/BENCHMARKS.md) on Google Benchmark,
/// the harness of bench-gs2d and bench-gs2d-cuda. Each benchmark,
/// `gs2d-world/VARIANT/n:N/omp_threads:TH/ranks:P/tls:UCX`, launches its
/// program under mpirun once per iteration (`orbis-world`:
/// bench-gs2d-world, Algorithm 2 through orbis-cc; `mpi-hand`:
/// bench-gs2d-mpi) with T = KP sweeps (K = 4 unless --sweeps-per-rank) and TH = max(1, cores / P) OpenMP
/// threads a process, and takes the time the program measured (the slowest
/// rank's) as manual time; GCUP/s is a rate counter. A run that does not
/// print OK (bit-identical to the sequential sweeps), fails or is killed
/// after 600 s fails the benchmark (SkipWithError) and the exit status.
/// Repetitions are interleaved at random, so both variants see the same
/// machine. scripts/bench-table.py reads the JSON (vs-peer: mpi-hand at the
/// same ranks and transport).
///
/// Usage: bench-gs2d-world-gb [--n 4096] [--ranks 2,4] [--tls shm,tcp]
///                            [--sweeps-per-rank 4] [--bin DIR (this program's)]
///                            [Google Benchmark flags; default 3 repetitions]
#include "../common/gbench.h"

#include <benchmark/benchmark.h>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Options {
  int N = 4096;
  std::vector<int> Ranks = {2, 4};
  std::vector<std::string> Transports = {"shm", "tcp"};
  int SweepsPerRank = 4; ///< T = SweepsPerRank * P
  std::string BinDir;
};

[[noreturn]] void usage(const char *Argv0) {
  std::fprintf(stderr,
               "usage: %s [--n N] [--ranks P,...] [--tls shm,tcp] "
               "[--sweeps-per-rank K] [--bin DIR] [Google Benchmark flags]\n",
               Argv0);
  std::exit(2);
}

std::vector<std::string> split(const std::string &S) {
  std::vector<std::string> Out;
  std::stringstream In(S);
  for (std::string Item; std::getline(In, Item, ',');)
    Out.push_back(Item);
  return Out;
}

int positive(const std::string &S, const char *Argv0) {
  char *End;
  errno = 0;
  long V = std::strtol(S.c_str(), &End, 10);
  if (errno || End == S.c_str() || *End || V < 1 || V > 1 << 20)
    usage(Argv0);
  return static_cast<int>(V);
}

/// The directory holding this program (the other benchmarks sit beside it).
std::string ownDirectory() {
  char Path[PATH_MAX];
  ssize_t Len = readlink("/proc/self/exe", Path, sizeof Path - 1);
  if (Len <= 0)
    return ".";
  std::string S(Path, Len);
  return S.substr(0, S.rfind('/'));
}

Options parseOptions(int Argc, char **Argv) {
  Options O;
  O.BinDir = ownDirectory();
  for (int I = 1; I < Argc; I += 2) {
    if (I + 1 == Argc)
      usage(Argv[0]);
    std::string Arg = Argv[I], Val = Argv[I + 1];
    if (Arg == "--n") {
      O.N = positive(Val, Argv[0]);
      if (O.N < 3)
        usage(Argv[0]);
    } else if (Arg == "--ranks") {
      O.Ranks.clear();
      for (const std::string &R : split(Val))
        O.Ranks.push_back(positive(R, Argv[0]));
    } else if (Arg == "--tls") {
      O.Transports = split(Val);
      for (const std::string &T : O.Transports)
        if (T != "shm" && T != "tcp")
          usage(Argv[0]);
    } else if (Arg == "--sweeps-per-rank") {
      O.SweepsPerRank = positive(Val, Argv[0]);
    } else if (Arg == "--bin") {
      O.BinDir = Val;
    } else {
      usage(Argv[0]);
    }
  }
  return O;
}

/// What one launch printed: `VARIANT N T P SECONDS GCUPS OK|MISMATCH`.
struct RunResult {
  bool Ok = false;
  double Seconds = 0;
  std::string Problem; ///< why not OK
};

/// `Argv` with its words quoted for the shell (they are ours: no quotes).
std::string command(const std::vector<std::string> &Argv) {
  std::string S;
  for (const std::string &A : Argv)
    S += (S.empty() ? "'" : " '") + A + "'";
  return S;
}

RunResult launch(const Options &O, const std::string &Variant,
                 const std::string &Program, int Ranks,
                 const std::string &Transport, int Threads) {
  std::vector<std::string> Argv = {"timeout", "-s", "KILL", "600", "mpirun",
                                   "--oversubscribe", "--bind-to", "none"};
  if (geteuid() == 0)
    Argv.push_back("--allow-run-as-root");
  const bool Tcp = Transport == "tcp";
  for (std::string Env :
       {"UCX_TLS=" + Transport + ",self",
        "OMPI_MCA_btl=self," + std::string(Tcp ? "tcp" : "vader"),
        "OMP_NUM_THREADS=" + std::to_string(Threads)}) {
    Argv.push_back("-x");
    Argv.push_back(Env);
  }
  // What a bundle without the build needs (gs2d-world-bundle.sh).
  for (const char *Var : {"LD_LIBRARY_PATH", "UCX_MODULE_DIR"})
    if (std::getenv(Var)) {
      Argv.push_back("-x");
      Argv.push_back(Var);
    }
  Argv.insert(Argv.end(), {"-np", std::to_string(Ranks),
                           O.BinDir + "/" + Program, std::to_string(O.N),
                           std::to_string(O.SweepsPerRank * Ranks)});
  RunResult R;
  std::FILE *Pipe = popen(command(Argv).c_str(), "r");
  if (!Pipe) {
    R.Problem = "cannot start mpirun: " + std::string(std::strerror(errno));
    return R;
  }
  std::string Line, Found;
  char Buf[512];
  while (std::fgets(Buf, sizeof Buf, Pipe)) {
    Line = Buf;
    if (Line.rfind(Variant + " ", 0) == 0)
      Found = Line;
  }
  int Status = pclose(Pipe);
  if (Status != 0) {
    R.Problem = Program + " under mpirun -np " + std::to_string(Ranks) +
                " exited with status " +
                std::to_string(WIFEXITED(Status) ? WEXITSTATUS(Status)
                                                 : 128 + WTERMSIG(Status));
    return R;
  }
  char Name[32], Verdict[16];
  int N, T, P;
  double Gcups;
  if (std::sscanf(Found.c_str(), "%31s %d %d %d %lf %lf %15s", Name, &N, &T,
                  &P, &R.Seconds, &Gcups, Verdict) != 7) {
    R.Problem = Program + " printed no result line";
    return R;
  }
  R.Ok = !std::strcmp(Verdict, "OK");
  if (!R.Ok)
    R.Problem = Program + ": the grid differs from the sequential sweeps (" +
                Verdict + ")";
  return R;
}

bool AnyWrong = false;

} // namespace

int main(int Argc, char **Argv) {
  std::vector<char *> Ours = orbis::bench::initialize(Argc, Argv, 3);
  static const Options O =
      parseOptions(static_cast<int>(Ours.size()), Ours.data());
  const long Cores = sysconf(_SC_NPROCESSORS_ONLN);

  static const struct {
    const char *Name, *Program;
  } Variants[] = {{"orbis-world", "bench-gs2d-world"},
                  {"mpi-hand", "bench-gs2d-mpi"}};
  for (const std::string &Tls : O.Transports)
    for (int Ranks : O.Ranks)
      for (const auto &V : Variants) {
        int Threads = static_cast<int>(std::max(1L, Cores / Ranks));
        std::string Name = std::string("gs2d-world/") + V.Name +
                           "/n:" + std::to_string(O.N) +
                           "/omp_threads:" + std::to_string(Threads) +
                           "/ranks:" + std::to_string(Ranks) + "/tls:" + Tls;
        orbis::bench::registerTimed(
            Name, [&V, Ranks, Tls, Threads](benchmark::State &State) {
              long Runs = 0;
              for (auto _ : State) {
                RunResult R =
                    launch(O, V.Name, V.Program, Ranks, Tls, Threads);
                if (!R.Ok) {
                  AnyWrong = true;
                  State.SkipWithError(R.Problem.c_str());
                  break;
                }
                State.SetIterationTime(R.Seconds);
                ++Runs;
              }
              const double Cells = static_cast<double>(O.N - 2) * (O.N - 2) *
                                   O.SweepsPerRank * Ranks;
              State.counters["GCUP/s"] = benchmark::Counter(
                  Cells * Runs / 1e9, benchmark::Counter::kIsRate);
              State.counters["sweeps"] = O.SweepsPerRank * Ranks;
              State.counters["ranks"] = Ranks;
            });
      }
  return orbis::bench::runAll(AnyWrong);
}
