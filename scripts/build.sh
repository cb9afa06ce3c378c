#!/usr/bin/env bash
# Configures (once) and builds Orbis into build/ with Clang 19, Ninja and
# ccache. Usage: scripts/build.sh [extra cmake -D options]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${ORBIS_BUILD_DIR:-$root/build}"
"$root/scripts/install-deps.sh"
if [ ! -f "$build/build.ninja" ]; then
  cmake -S "$root" -B "$build" -G Ninja \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 "$@"
fi
cmake --build "$build" -j "$(nproc)"
