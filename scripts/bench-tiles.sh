#!/usr/bin/env bash
# Is libtile's automatic tile policy as good as the best fixed tile shape?
# Runs bench-gs2d once, in one process (so that every shape sees the same
# memory placement and machine state): the `orbis` variant with automatic
# tiles, `orbis-fixed` once per shape of --orbis-tile, omp-skewed and jacobi,
# over the same sizes and thread counts, repetitions interleaved at random;
# then prints scripts/bench-tiles-table.py's comparison. scripts/bench-tiles-confirm.py
# measures each case's winning shape again against the automatic tiles (the
# best of many noisy medians is biased upwards).
#
# Usage: scripts/bench-tiles.sh [OUT.json (build/bench-tiles.json)]
#          [BIN (build/bin/bench-gs2d)] [--all: a column per shape too]
# Knobs (environment): TILE_NS (1024,2048,4096,4104,8192,8200), TILE_SWEEPS
# (one per N), TILE_THREADS (1,4,8,16), TILE_SHAPES ("RxC,RxC,.."),
# TILE_SKEWED (omp-skewed shapes, 128x256,126x256), TILE_REPS (3).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${1:-$here/../build/bench-tiles.json}"
bin="${2:-$here/../build/bin/bench-gs2d}"
ns="${TILE_NS:-1024,2048,4096,4104,8192,8200}"
sweeps="${TILE_SWEEPS:-60,30,12,12,4,4}"
threads="${TILE_THREADS:-1,4,8,16}"
shapes="${TILE_SHAPES:-24x128,24x256,48x128,48x256,48x512,66x128,66x256,96x128,96x256,96x512,126x256,128x256,192x256,192x512}"
reps="${TILE_REPS:-3}"
OMP_BLOCK_SIZE= "$bin" --n "$ns" --sweeps "$sweeps" --threads "$threads" \
  --orbis-tile "$shapes" --skewed-tile "${TILE_SKEWED:-128x256,126x256}" \
  --benchmark_repetitions="$reps" \
  --benchmark_filter='gs2d/(orbis|orbis-fixed|omp-skewed|jacobi)/' \
  --benchmark_out="$out" --benchmark_out_format=json >/dev/null 2>&1 ||
  { echo "bench-tiles.sh: $bin failed (run it alone to see why)" >&2; exit 1; }
python3 "$here/bench-tiles-table.py" "$out" "${@:3}"
