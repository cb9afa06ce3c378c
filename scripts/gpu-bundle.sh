#!/usr/bin/env bash
# Gathers what the GPU tests and benchmarks need on a GPU machine that has
# no compiler (ARCHITECTURE.md, "GPU machines"): the programs built by this
# build tree (tests/gpu, the GPU benchmark, and the CPU benchmark and
# Algorithm 1 for the machine's many-core host) and the shared libraries
# they load (libtile and its CUDA part, libomp, Google Benchmark), plus the
# test runner, into one directory. Usage: scripts/gpu-bundle.sh [DIR (gpurun)]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${ORBIS_BUILD_DIR:-$root/build}"
out="${1:-$root/gpurun}"
mkdir -p "$out"
cp "$build"/tests/gpu/bin/* "$out"/
[[ -d "$build/bench/gs2d-cuda" ]] && cp "$build"/bench/gs2d-cuda/* "$out"/ 2>/dev/null || true
# The CPU programs apart: tests/gpu has a gauss_seidel of its own.
mkdir -p "$out"/cpu
cp "$build"/bin/bench-gs2d "$build"/bin/gauss_seidel "$out"/cpu/
cp -L /usr/lib/x86_64-linux-gnu/libbenchmark.so.1debian "$out"/
cp "$build"/lib/liborbis_tile.so "$build"/lib/liborbis_tile_cuda.so "$out"/
cp "$(clang-19 -print-file-name=libomp.so.5 2>/dev/null || echo /usr/lib/llvm-19/lib/libomp.so.5)" "$out"/ 2>/dev/null ||
  cp /usr/lib/llvm-19/lib/libomp.so.5 "$out"/
cp "$root"/tests/gpu/run-gpu-tests.sh "$root"/tests/gpu/check-gpu-trace.py "$out"/
echo "$out: $(ls "$out" | wc -l) files; on the GPU machine: bash $(basename "$out")/run-gpu-tests.sh $(basename "$out")"
