#!/usr/bin/env bash
# WLAT and WBW of libworld against ucx_perftest on the same transport, in one
# invocation: for UCX_TLS in shm and tcp, runs bench-world under mpirun with 2
# processes, then ucx_perftest's ucp_am_lat, ucp_put_lat and ucp_put_bw (server
# and client on this host), and prints the figures with their ratios.
# Usage: scripts/bench-world.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${ORBIS_BUILD_DIR:-$root/build}"
"$root/scripts/build.sh" >/dev/null
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

for tls in shm tcp; do
  export UCX_TLS="$tls,self"
  echo "== UCX_TLS=$UCX_TLS"
  out=$("${mpirun[@]}" -x UCX_TLS -x ORBIS_WORLD_DEADLOCK=0 -np 2 \
        "$build/bin/bench-world" 20000)
  wlat=$(awk '/^WLAT/ {print $2}' <<<"$out")     # median
  wlat_avg=$(awk '/^WLAT/ {print $3}' <<<"$out") # average
  am=$(perftest ucp_am_lat 8 20000)
  put=$(perftest ucp_put_lat 8 20000)
  printf '%-28s %10s %10s %8s\n' "figure" "orbis" "ucx" "ratio"
  echo "# latencies: medians (perftest's typical); orbis average: $wlat_avg us"
  printf '%-28s %10.3f %10.3f %7.2fx\n' "WLAT vs ucp_am_lat (us)" "$wlat" "$am" \
    "$(awk -v a="$wlat" -v b="$am" 'BEGIN {print a / b}')"
  printf '%-28s %10.3f %10.3f %7.2fx\n' "WLAT vs ucp_put_lat (us)" "$wlat" "$put" \
    "$(awk -v a="$wlat" -v b="$put" 'BEGIN {print a / b}')"
  # ucp_put_bw puts into the same buffer again and again (cache-resident);
  # world memory is written once, so WBW also shows its ratio to BOUND, a
  # memcpy into memory never written before (bench/world/world_bench.c).
  while read -r _ bytes mbs; do
    bw=$(perftest ucp_put_bw "$bytes" "$([ "$bytes" -ge 1048576 ] && echo 100 || echo 2000)")
    bound=$(awk -v b="$bytes" '$1 == "BOUND" && $2 == b {print $3}' <<<"$out")
    printf '%-28s %10.1f %10.1f %7.2fx   bound %8.1f %5.2fx\n' \
      "WBW $bytes B (MB/s)" "$mbs" "$bw" \
      "$(awk -v a="$mbs" -v b="$bw" 'BEGIN {print (b > 0 ? a / b : 0)}')" \
      "$bound" "$(awk -v a="$mbs" -v b="$bound" 'BEGIN {print (b > 0 ? a / b : 0)}')"
  done < <(grep '^WBW' <<<"$out")
done
