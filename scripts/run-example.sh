#!/usr/bin/env bash
# The main job: builds Orbis, then runs the proposal's Algorithm 1 (wavefront
# Gauss-Seidel compiled by orbis-cc) on all cores, checked bit for bit against
# the sequential sweep. Usage: scripts/run-example.sh [N] [sweeps]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${ORBIS_BUILD_DIR:-$root/build}"
"$root/scripts/build.sh" >/dev/null
export OMP_NUM_THREADS="${OMP_NUM_THREADS:-$(nproc)}"
exec "$build/bin/gauss_seidel" "${1:-4096}" "${2:-4}"
