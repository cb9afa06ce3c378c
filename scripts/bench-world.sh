#!/usr/bin/env bash
# WLAT and WBW of libworld against ucx_perftest on the same transport, in one
# invocation: for UCX_TLS in shm and tcp, runs bench-world under mpirun with 2
# processes, and ucx_perftest's ucp_am_lat, ucp_put_lat and ucp_put_bw (server
# and client on this host), each REPS times (default 3), and prints the
# medians (with min-max) and their ratios.
# Usage: scripts/bench-world.sh [REPS]
# Environment: ORBIS_BUILD_DIR (default build/), ORBIS_SKIP_BUILD=1.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${ORBIS_BUILD_DIR:-$root/build}"
reps=${1:-3}
# ORBIS_SKIP_BUILD=1: use the build in ORBIS_BUILD_DIR as it is (a machine
# without the compiler, e.g. a carried bundle; see docs/benchmarks.md).
[ "${ORBIS_SKIP_BUILD:-0}" = 1 ] || "$root/scripts/build.sh" >/dev/null
mpirun=(mpirun --oversubscribe)
[ "$(id -u)" -eq 0 ] && mpirun+=(--allow-run-as-root)
port=13400

# perftest TEST SIZE ITERS -> from the final line: the typical (median)
# one-way latency in microseconds (lat tests) or the average MB/s (bw tests).
perftest() {
  port=$((port + 1))
  ucx_perftest -t "$1" -s "$2" -n "$3" -p "$port" >/dev/null 2>&1 &
  local server=$!
  sleep 0.5
  local line
  line=$(ucx_perftest 127.0.0.1 -t "$1" -s "$2" -n "$3" -p "$port" 2>/dev/null |
         grep '^Final:' || true)
  wait "$server" 2>/dev/null || true
  case "$1" in
    *lat) awk '{print $3}' <<<"$line" ;;  # typical latency (usec)
    *bw)  awk '{print $6}' <<<"$line" ;;  # average bandwidth (MB/s)
  esac
}

# Numbers on stdin -> "median min max".
stats() {
  sort -g | awk '{v[NR] = $1} END {
    m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
    printf "%g %g %g\n", m, v[1], v[NR] }'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2fx", (b > 0 ? a / b : 0)}'; }
row() { # NAME "median min max" (orbis) "median min max" (peer) [bound stats]
  read -r om olo ohi <<<"$2"
  read -r pm plo phi <<<"$3"
  printf '%-24s %10s %-19s %10s %-19s %7s' "$1" "$om" "($olo-$ohi)" "$pm" \
    "($plo-$phi)" "$(ratio "$om" "$pm")"
  if [ -n "${4:-}" ]; then
    read -r bm _ _ <<<"$4"
    printf '   bound %8s %6s' "$bm" "$(ratio "$om" "$bm")"
  fi
  echo
}

sizes="8 64 512 4096 65536 262144 1048576 4194304"
for tls in shm tcp; do
  export UCX_TLS="$tls,self"
  echo "== UCX_TLS=$UCX_TLS, medians of $reps runs (min-max)"
  # The runs of orbis and of the perftest alternate, so that both see the
  # same conditions (on a VM, latency shifts between runs).
  outs=()
  am=() put=()
  declare -A bw=()
  for _ in $(seq "$reps"); do
    outs+=("$("${mpirun[@]}" -x UCX_TLS -x ORBIS_WORLD_DEADLOCK=0 -np 2 \
              "$build/bin/bench-world" 20000)")
    am+=("$(perftest ucp_am_lat 8 20000)")
    put+=("$(perftest ucp_put_lat 8 20000)")
    for bytes in $sizes; do
      iters=$([ "$bytes" -ge 1048576 ] && echo 100 || echo 2000)
      bw[$bytes]+="$(perftest ucp_put_bw "$bytes" "$iters") "
    done
  done
  field() { # PATTERN COLUMN [KEY]: that column of every run's matching line
    for out in "${outs[@]}"; do
      awk -v p="$1" -v c="$2" -v k="${3:-}" \
        '$1 == p && (k == "" || $2 == k) {print $c}' <<<"$out"
    done
  }
  lines() { tr ' ' '\n' <<<"$*" | grep -v '^$'; }
  printf '%-24s %30s %30s %7s\n' "figure" "orbis" "ucx_perftest" "ratio"
  wlat=$(field WLAT 2 | stats)
  row "WLAT/ucp_am_lat (us)" "$wlat" "$(lines "${am[@]}" | stats)"
  row "WLAT/ucp_put_lat (us)" "$wlat" "$(lines "${put[@]}" | stats)"
  echo "# WLAT of each run (us): $(field WLAT 2 | tr '\n' ' ')/ ucp_am_lat: ${am[*]}"
  echo "# WLAT averages (us): $(field WLAT 3 | stats)"
  # ucp_put_bw puts into the same buffer again and again (cache-resident);
  # world memory is written once, so WBW also shows its ratio to BOUND, a
  # memcpy into memory never written before (bench/world/world_bench.c).
  for bytes in $sizes; do
    row "WBW $bytes B (MB/s)" "$(field WBW 3 "$bytes" | stats)" \
      "$(lines "${bw[$bytes]}" | stats)" "$(field BOUND 3 "$bytes" | stats)"
  done
  unset bw
done

# The pipelined Gauss-Seidel at library level (bench/world/gs_pipeline.c,
# 1026 x 1024, 10 sweeps, 64-column chunks) with 1, 2, 3, 4 and 8
# processes over shm and tcp: what the runtime costs when processes
# outnumber this host's cores (issue 9, item 12). Seconds, medians of REPS
# runs, and the ratio to P = 2 (target: P = 8 at most 3x).
echo "== pipelined Gauss-Seidel (bench-world-gs), medians of $reps runs (min-max)"
printf '%-6s %4s %28s %9s\n' "UCX" "P" "seconds" "vs P=2"
for tls in shm tcp; do
  declare -A median=()
  for np in 1 2 3 4 8; do
    times=()
    for _ in $(seq "$reps"); do
      out=$("${mpirun[@]}" -x UCX_TLS="$tls,self" -x ORBIS_WORLD_DEADLOCK=0 \
            -np "$np" "$build/bin/bench-world-gs")
      grep -q '^OK' <<<"$out" || { echo "bench-world-gs: $out" >&2; exit 1; }
      times+=("$(awk '{print $2}' <<<"$out")")
    done
    read -r m lo hi <<<"$(printf '%s\n' "${times[@]}" | stats)"
    median[$np]=$m
    printf '%-6s %4s %10s %-17s %9s\n' "$tls" "$np" "$m" "($lo-$hi)" \
      "$(ratio "$m" "${median[2]:-$m}")"
  done
  unset median
done
