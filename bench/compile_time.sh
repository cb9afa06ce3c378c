#!/usr/bin/env bash
# Compile-time overhead of the Orbis drivers. For each example it times
#   orbis:    orbis-cc / orbis-c++ -O2 -c FILE   (analysis parse + lowering +
#             the final Clang compile of the lowered source)
#   baseline: clang-19 / clang++-19 -fopenmp -O2 -c LOWERED
# where LOWERED is the same file as lowered by `--emit-lowered`: the pragma-
# annotated file itself is not valid input for plain Clang, and compiling the
# lowered text is exactly the final step of the driver, so the ratio is the
# price of the source-to-source step. Median of 5 runs (hyperfine when
# installed, else a shell loop) after one warm-up run.
#
# Usage: bench/compile_time.sh [BUILD_DIR]   (default: build/ or $ORBIS_BUILD_DIR)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-${ORBIS_BUILD_DIR:-$root/build}}"
bin="$build/bin"
runs=5
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# median_seconds CMD...: the median wall time of $runs runs, in seconds.
median_seconds() {
  if command -v hyperfine >/dev/null; then
    # hyperfine's warnings (statistical outliers: other programs ran) become
    # a '*' after the time.
    hyperfine --style none --warmup 1 --runs "$runs" \
      --export-json "$tmp/h.json" "$(printf '%q ' "$@")" >/dev/null 2>>"$tmp/h.err"
    python3 -c 'import json,sys; print("%.4f" % json.load(open(sys.argv[1]))["results"][0]["median"])' "$tmp/h.json"
  else
    "$@"
    local times=() i t0 t1
    for ((i = 0; i < runs; i++)); do
      t0=$(date +%s.%N)
      "$@"
      t1=$(date +%s.%N)
      times+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')")
    done
    printf '%s\n' "${times[@]}" | sort -g | sed -n "$(((runs + 1) / 2))p"
  fi
}

printf '%-28s %10s %10s %7s\n' "file" "orbis (s)" "clang (s)" "ratio"
for entry in "examples/gauss_seidel.c:orbis-cc:clang-19" \
             "examples/lcs.cpp:orbis-c++:clang++-19"; do
  IFS=: read -r file driver plain <<<"$entry"
  src="$root/$file"
  lowered="$tmp/lowered.${file##*.}"
  "$bin/$driver" -O2 -c "$src" -o "$tmp/orbis.o" --emit-lowered="$lowered"
  orbis=$(median_seconds "$bin/$driver" -O2 -c "$src" -o "$tmp/orbis.o")
  clang=$(median_seconds "$plain" -fopenmp -O2 -c "$lowered" -o "$tmp/clang.o" \
    -I"$build/include" -iquote "$(dirname "$src")")
  printf '%-28s %10.3f %10.3f %6.2fx%s\n' "$file" "$orbis" "$clang" \
    "$(awk -v a="$orbis" -v b="$clang" 'BEGIN { print a / b }')" \
    "$(grep -qi outlier "$tmp/h.err" 2>/dev/null && echo ' *' || true)"
  rm -f "$tmp/h.err"
done
echo "(median of $runs runs; '*': hyperfine saw outliers, other programs were running)"
