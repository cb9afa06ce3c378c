#!/usr/bin/env bash
# The main job: builds Orbis, then runs the proposal's Algorithm 1 (wavefront
# Gauss-Seidel compiled by orbis-cc) on all cores, checked bit for bit against
# the sequential sweep; then the same source compiled with --offload=cuda on
# the GPU, when there is one (it says so when there is none).
# Usage: scripts/run-example.sh [N] [sweeps]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${ORBIS_BUILD_DIR:-$root/build}"
"$root/scripts/build.sh" >/dev/null
export OMP_NUM_THREADS="${OMP_NUM_THREADS:-$(nproc)}"
"$build/bin/gauss_seidel" "${1:-4096}" "${2:-4}"
gpu="$build/tests/gpu/bin/gauss_seidel"
if [[ ! -x "$gpu" ]]; then
  echo "GPU: not run (this build has no CUDA toolkit, so no --offload=cuda)"
  exit 0
fi
if ! out="$("$gpu" "${1:-4096}" "${2:-4}" 2>&1)"; then
  if grep -q "cannot run on the GPU" <<<"$out"; then
    echo "GPU: not run (no usable GPU: ${out##*error: })"
    exit 0
  fi
  echo "$out"
  exit 1
fi
echo "GPU: $out"
