#!/usr/bin/env bash
# The one command behind docs/benchmarks.md: builds Orbis (scripts/build.sh),
# runs the GS2D CPU benchmark (Google Benchmark) for N = 1024 and 4096 on 1
# thread and all cores, prints its table of ratios (scripts/bench-table.py),
# draws its plots (scripts/bench-plot.py), then runs the compile-time
# comparison. The JSON, the table and the PNG plots go to $ORBIS_BENCH_OUT
# (default build/bench-results/).
#
# Usage: scripts/bench.sh [SWEEPS=100,20] [REPS=5]
#   SWEEPS: one value, or one per size (N=1024, N=4096): long enough that every
#   timed run lasts 0.1 s or more, so that bench-gs2d can tell whether other
#   work disturbed it (its "dist" column).
#   REPS: repetitions, interleaved at random across variants and sizes.
# Other knobs: OMP_BLOCK_SIZE (orbis tile sizes), ORBIS_BUILD_DIR.
# The benchmark spins while waiting on other tiles: run it on an otherwise
# idle machine, and say so in the report when that was not the case.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${ORBIS_BUILD_DIR:-$root/build}"
sweeps="${1:-100,20}"
reps="${2:-5}"
out="${ORBIS_BENCH_OUT:-$build/bench-results}"

"$root/scripts/build.sh"
mkdir -p "$out"
threads="$(nproc)"

echo "== machine"
lscpu | grep -E '^(Model name|CPU\(s\)|Thread|Core|Socket|L2|L3)' || true
echo "== compilers"
echo "orbis-cc at $(git -C "$root" describe --always --dirty 2>/dev/null || echo unknown)," \
  "final compile by $(clang-19 --version | head -1)"

echo "== GS2D, $threads threads (all cores), T=$sweeps"
# Also 1 thread when there are several cores: the single-thread overhead of
# each model, next to its parallel speed.
thread_list="$threads"
[ "$threads" -gt 1 ] && thread_list="1,$threads"
"$build/bin/bench-gs2d" --n 1024,4096 --sweeps "$sweeps" \
  --threads "$thread_list" --benchmark_repetitions="$reps" \
  --benchmark_out="$out/gs2d.json" --benchmark_out_format=json
"$root/scripts/bench-table.py" "$out/gs2d.json" | tee "$out/gs2d.txt"
/usr/bin/python3 "$root/scripts/bench-plot.py" "$out/gs2d.json" "$out"

echo "== compile time"
"$root/bench/compile_time.sh" "$build"
