#!/usr/bin/env bash
# Runs the GPU test programs of DIR (built by tests/gpu/CMakeLists.txt, or a
# bundle from scripts/gpu-bundle.sh) under several tilings: sizes that are
# not multiples of the tiles, more tiles than resident thread blocks, sub-
# tiles of several iterations. Every run must print only `OK` lines and exit
# 0. Exits 77 (skipped) when the machine has no usable GPU, saying why.
# Usage: run-gpu-tests.sh DIR
set -uo pipefail
dir="$(cd "${1:?usage: run-gpu-tests.sh DIR}" && pwd)"
export LD_LIBRARY_PATH="$dir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
unset OMP_BLOCK_SIZE ORBIS_GPU_SUBTILE ORBIS_GPU_BLOCKS ORBIS_GPU_ARENA \
  ORBIS_GPU_SCHEDULE ORBIS_GPU_ROW_WARPS ORBIS_VERBOSE

probe="$("$dir/gauss_seidel" 5 1 2>&1)"
if grep -q "cannot run on the GPU" <<<"$probe"; then
  echo "SKIP: no usable GPU: ${probe##*error: }"
  exit 77
fi

failures=0
runs=0
# run_case ENV... -- PROGRAM ARGS...: runs it with a time limit; sets
# `out` (stdout and stderr), `rc` and `what` (the command, for reports).
run_case() {
  local env=()
  while [[ $1 != -- ]]; do env+=("$1"); shift; done
  shift
  what="${env[*]} $*"
  out="$(env "${env[@]}" timeout "${ORBIS_GPU_TEST_TIMEOUT:-120}" "$dir/$1" "${@:2}" 2>&1)"
  rc=$?
  runs=$((runs + 1))
}
fail() {
  echo "FAIL (exit $rc$1): $what"
  echo "$out" | sed 's/^/  | /'
  failures=$((failures + 1))
}
# expect_ok ENV... -- PROGRAM ARGS...: exit 0, only `OK` lines.
expect_ok() {
  run_case "$@"
  if [[ $rc -ne 0 ]] || grep -qv '^OK' <<<"$out"; then
    fail ""
  else
    echo "ok: $what -> $(tr '\n' ' ' <<<"$out")"
  fi
}
# expect_error TEXT ENV... -- PROGRAM ARGS...: exit 1 with TEXT in stderr.
expect_error() {
  local text="$1"
  shift
  run_case "$@"
  if [[ $rc -ne 1 ]] || ! grep -qF "$text" <<<"$out"; then
    fail ", expected 1 and '$text'"
  else
    echo "ok: $what -> $(tail -1 <<<"$out")"
  fi
}
# expect_report TEXT ENV... -- PROGRAM ARGS...: TEXT in the output (what
# ORBIS_VERBOSE reports).
expect_report() {
  local text="$1"
  shift
  run_case "$@"
  if grep -qF "$text" <<<"$out"; then
    echo "ok: $what reports '$text'"
  else
    fail ", expected '$text'"
  fi
}

# Rows in lockstep (the default where the dependences allow it): strict in
# one warp (default tiles; 13 rows), and per row across warps (64 and 100
# rows, the last warp partial, wide enough column tiles); the copies of the
# pre/post-blocks where tiles are too narrow for the rows (64,1,1; 7,5,3)
# and with ORBIS_GPU_SCHEDULE=copies. Strict rows run two warps per 32
# rows where they fit (the default tiles, 40 and 13 rows), one otherwise
# (100 rows) and with ORBIS_GPU_ROW_WARPS=1.
for tiling in "" "OMP_BLOCK_SIZE=7,5,3" "OMP_BLOCK_SIZE=64,1,1" \
              "ORBIS_GPU_SUBTILE=2,3,2" "ORBIS_GPU_BLOCKS=1" \
              "ORBIS_GPU_BLOCKS=2 OMP_BLOCK_SIZE=3,17,5" \
              "OMP_BLOCK_SIZE=100,300" "OMP_BLOCK_SIZE=40,100" \
              "OMP_BLOCK_SIZE=13,40" "ORBIS_GPU_SCHEDULE=copies" \
              "ORBIS_GPU_ROW_WARPS=1" "ORBIS_GPU_ROW_WARPS=1 OMP_BLOCK_SIZE=40,100" \
              "ORBIS_GPU_SCHEDULE=copies OMP_BLOCK_SIZE=7,5,3"; do
  expect_ok $tiling -- gauss_seidel 257 3
  expect_ok $tiling -- gauss_seidel 1001 2
  expect_ok $tiling -- gauss_seidel_3d 37 41 45 2
  expect_ok $tiling -- gauss_seidel_3d 23 19 70 3
  expect_ok $tiling -- edit_distance 300 201
  expect_ok $tiling -- edit_distance 1000 777
  expect_ok $tiling -- pipeline_recurrence 301
  expect_ok $tiling -- matmul 123
  # block_local stages the tile: 100 x 300 doubles do not fit.
  [[ $tiling == *100,300* ]] || expect_ok $tiling -- block_local 301 2
  expect_ok $tiling -- cxx_plain 1001
  expect_ok $tiling -- cxx_names 1001
  expect_ok $tiling -- cxx_math 1001
  expect_ok $tiling -- reductions 100003
  expect_ok $tiling -- reductions 3
  expect_ok $tiling -- guarded_reads 301 2
  expect_ok $tiling -- row_types 301 2
  expect_ok $tiling -- clause_semantics 1001
  expect_ok $tiling -- c_keywords 1001
  expect_ok $tiling -- c_types 1001
  # row_lags waits for one column past its tile: in the copies that is a
  # column of the next inner tile, which the leader holds back (see
  # docs/user-guide.md, "Known limits"); rows in lockstep do not copy it.
  if [[ $tiling != *copies* ]]; then
    expect_ok $tiling -- row_lags 301 2
    expect_ok $tiling -- row_lags 1000 1
  fi
done
# The schedule each nest runs, as ORBIS_VERBOSE reports it.
expect_report "intra-tile schedule: rows in lockstep, lag 1 (distances (0, 1) (1, 0))" \
  ORBIS_VERBOSE=1 -- gauss_seidel 300 1
expect_report "copies of the pre/post-blocks on sub-tiles (ORBIS_GPU_SCHEDULE=copies" \
  ORBIS_VERBOSE=1 ORBIS_GPU_SCHEDULE=copies -- gauss_seidel 300 1
expect_error "ORBIS_GPU_SCHEDULE 'fast' must be 'rows' or 'copies'" \
  ORBIS_GPU_SCHEDULE=fast -- gauss_seidel 300 1
expect_report "two warps per 32 rows, taking alternate chunks" \
  ORBIS_VERBOSE=1 -- gauss_seidel 300 1
expect_report "32 columns, two chunks of the rows in lockstep" \
  ORBIS_VERBOSE=1 -- gauss_seidel 300 1
expect_report "16 columns, one chunk of the rows in lockstep" \
  ORBIS_VERBOSE=1 ORBIS_GPU_ROW_WARPS=1 -- gauss_seidel 300 1
expect_report "one warp per 32 rows (two would need more threads than a block of this kernel has)" \
  ORBIS_VERBOSE=1 OMP_BLOCK_SIZE=100,300 -- gauss_seidel 300 1
expect_report "one warp per 32 rows (two need inner tiles of at least 13 iterations, not 12)" \
  ORBIS_VERBOSE=1 OMP_BLOCK_SIZE=96,12 -- gauss_seidel 300 1
expect_report "one warp per 32 rows (ORBIS_GPU_ROW_WARPS=1)" \
  ORBIS_VERBOSE=1 ORBIS_GPU_ROW_WARPS=1 -- gauss_seidel 300 1
expect_error "ORBIS_GPU_ROW_WARPS '3' must be 1 or 2" \
  ORBIS_GPU_ROW_WARPS=3 -- gauss_seidel 300 1
# Thousands of row tiles, three resident blocks, rows in lockstep.
expect_ok OMP_BLOCK_SIZE=100,300 ORBIS_GPU_BLOCKS=3 -- gauss_seidel 4099 1
expect_ok ORBIS_GPU_BLOCKS=3 -- gauss_seidel 4099 1
# Tiles too narrow for the rows: the copies, and why.
expect_report "rows in lockstep need inner tiles of at least 12 iterations with these rows, not 11" \
  ORBIS_VERBOSE=1 OMP_BLOCK_SIZE=96,11 -- gauss_seidel 300 1
# A map section shorter than what the instruction block touches stops the
# launch, naming the access (guarded boundary reads are not held against it).
expect_ok -- map_sections 301
expect_ok OMP_BLOCK_SIZE=7,5 -- map_sections 301
expect_ok -- map_sections 301 0 300 data
expect_ok -- map_sections 301 1 299 data
expect_error "map_sections.c:24:23: error: 'A[x][y]' reaches element 300 of 'A', outside the section of the 'map' clause at" \
  -- map_sections 301 0 300
expect_error "map_sections.c:20:3 (elements 0 to 299): the GPU would use memory that was never copied" \
  -- map_sections 301 0 300
expect_error "map_sections.c:24:23: error: 'A[x][y]' reaches element 0 of 'A', outside the section of the 'map' clause at" \
  -- map_sections 301 1 301
expect_error "map_sections.c:20:3 (elements 1 to 301): the GPU would use memory that was never copied" \
  -- map_sections 301 1 301
# GPU nests launched from four host threads at once.
expect_ok OMP_NUM_THREADS=4 -- concurrent_calls
# Many more tiles than resident blocks: thousands of row tiles.
expect_ok OMP_BLOCK_SIZE=2,64 ORBIS_GPU_BLOCKS=3 -- gauss_seidel 4099 1
expect_ok OMP_BLOCK_SIZE=1,1 -- edit_distance 2000 1500
# A tile-local allocation larger than the arena stops with a message.
expect_error "does not fit in the tile's shared-memory arena" \
  ORBIS_GPU_ARENA=64 -- gauss_seidel 300 1
expect_error "more than 224 sub-tiles (this kernel's blocks have at most 256 threads" \
  OMP_BLOCK_SIZE=2000 -- gauss_seidel 3000 1

# ORBIS_TRACE: every outermost tile of every kernel, on one track per
# thread block (32-row tiles: 32 of them for 999 rows, 2 sweeps).
trace_dir="$(mktemp -d)"
expect_ok ORBIS_TRACE="$trace_dir/gpu.json" OMP_BLOCK_SIZE=32,16 -- gauss_seidel 1001 2
checked="$(python3 "$(dirname "${BASH_SOURCE[0]}")/check-gpu-trace.py" "$trace_dir/gpu.json" 32 2 2>&1)"
runs=$((runs + 1))
if [[ $checked == OK ]]; then
  echo "ok: the trace of gauss_seidel 1001 2 has its 64 GPU tiles"
else
  echo "FAIL: the trace of gauss_seidel 1001 2: $checked"
  failures=$((failures + 1))
fi
rm -rf "$trace_dir"

echo "$runs runs, $failures failed"
[[ $failures -eq 0 ]]
