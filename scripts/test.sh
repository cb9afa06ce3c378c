#!/usr/bin/env bash
# Builds Orbis and runs the whole test suite (unit, lit, end-to-end, fuzz,
# examples) through ctest. Usage: scripts/test.sh [ctest options]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${ORBIS_BUILD_DIR:-$root/build}"
"$root/scripts/build.sh"
ctest --test-dir "$build" --output-on-failure -j "$(nproc)" "$@"
