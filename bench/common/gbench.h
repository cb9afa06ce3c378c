/// \file
/// The Google Benchmark set-up the benchmark drivers share (bench-gs2d,
/// bench-gs2d-cuda, bench-gs2d-world-gb): our defaults for its flags, given
/// before the user's so that the user's win (the last of a flag counts).
#ifndef ORBIS_BENCH_COMMON_GBENCH_H
#define ORBIS_BENCH_COMMON_GBENCH_H

#include <benchmark/benchmark.h>

#include <string>
#include <vector>

namespace orbis::bench {

/// Initializes Google Benchmark with `Repetitions` repetitions interleaved at
/// random (a transient load hits every variant alike), the console showing
/// the aggregates (the JSON keeps every repetition) and tabular counters,
/// then the command line. Returns what is left of it, the program's own
/// options, with the program name first.
inline std::vector<char *> initialize(int Argc, char **Argv, int Repetitions) {
  static std::vector<std::string> Defaults;
  Defaults = {"--benchmark_repetitions=" + std::to_string(Repetitions),
              "--benchmark_enable_random_interleaving=true",
              "--benchmark_display_aggregates_only=true",
              "--benchmark_counters_tabular=true"};
  std::vector<char *> Args = {Argv[0]};
  for (std::string &Flag : Defaults)
    Args.push_back(Flag.data());
  for (int I = 1; I < Argc; I++)
    Args.push_back(Argv[I]);
  int Count = static_cast<int>(Args.size());
  Args.push_back(nullptr);
  benchmark::Initialize(&Count, Args.data());
  Args.resize(Count);
  return Args;
}

/// Registers benchmark `Name` timed by the program itself (SetIterationTime)
/// over `Iterations` runs per repetition, shown in milliseconds.
template <class Fn>
void registerTimed(const std::string &Name, Fn Body, int Iterations = 1) {
  benchmark::RegisterBenchmark(Name.c_str(), Body)
      ->Iterations(Iterations)
      ->UseManualTime()
      ->Unit(benchmark::kMillisecond);
}

/// Runs what the command line selected; the exit status: 1 when a result
/// was wrong (`AnyWrong`, which the benchmarks set while they run: read
/// after), else 0.
inline int runAll(const bool &AnyWrong) {
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return AnyWrong ? 1 : 0;
}

} // namespace orbis::bench

#endif // ORBIS_BENCH_COMMON_GBENCH_H
