#!/usr/bin/env bash
# GS2D-W (design/BENCHMARKS.md): `orbis-world` (bench/gs2d-world/orbis_world.c,
# Algorithm 2 through orbis-cc, staged tiles) against `mpi-hand`
# (bench/gs2d-world/mpi_hand.c) under mpirun, for each P and transport, on
# Google Benchmark (bench-gs2d-world-gb, bench/gs2d-world/driver.cpp: one
# mpirun launch per iteration, repetitions interleaved at random, every run
# checked to print OK). Prints the table of ratios (scripts/bench-table.py:
# vs-peer is orbis-world / mpi-hand at the same ranks and transport); the
# JSON goes to $ORBIS_BENCH_OUT (default build/bench-results/gs2d-world.json).
# T = KP sweeps (K = 4 unless given); each process gets max(1, cores / P)
# OpenMP threads.
# Usage: scripts/bench-gs2d-world.sh [N (4096)] [REPS (3)] [P list ("2 4")]
#        [TLS list ("shm tcp")] [K (4)]
# Environment: ORBIS_BUILD_DIR (default build/), ORBIS_SKIP_BUILD=1.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${ORBIS_BUILD_DIR:-$root/build}"
out="${ORBIS_BENCH_OUT:-$build/bench-results}"
n=${1:-4096} reps=${2:-3} procs=${3:-"2 4"} tlss=${4:-"shm tcp"} k=${5:-4}
[ "${ORBIS_SKIP_BUILD:-0}" = 1 ] || "$root/scripts/build.sh" >/dev/null
mkdir -p "$out"
"$build/bin/bench-gs2d-world-gb" --n "$n" --ranks "${procs// /,}" \
  --tls "${tlss// /,}" --sweeps-per-rank "$k" --benchmark_repetitions="$reps" \
  --benchmark_out="$out/gs2d-world.json" --benchmark_out_format=json
"$root/scripts/bench-table.py" "$out/gs2d-world.json"
