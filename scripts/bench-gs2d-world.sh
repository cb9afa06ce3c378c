#!/usr/bin/env bash
# GS2D-W (design/BENCHMARKS.md): `orbis-world` (bench/gs2d-world/orbis_world.c,
# Algorithm 2 through orbis-cc, staged tiles) against `mpi-hand`
# (bench/gs2d-world/mpi_hand.c) under mpirun, for each P and transport, the
# runs of the two alternating; prints GCUP/s medians (min-max) of REPS runs
# and the ratio orbis-world / mpi-hand. Each process gets
# max(1, cores / P) OpenMP threads. Every run must print OK (bit-identical to
# the sequential sweeps).
# Usage: scripts/bench-gs2d-world.sh [N (4096)] [REPS (3)] [P list ("2 4")]
#        [TLS list ("shm tcp")]; T = 4 * P.
# Environment: ORBIS_BUILD_DIR (default build/), ORBIS_SKIP_BUILD=1.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${ORBIS_BUILD_DIR:-$root/build}"
n=${1:-4096} reps=${2:-3} procs=${3:-"2 4"} tlss=${4:-"shm tcp"}
[ "${ORBIS_SKIP_BUILD:-0}" = 1 ] || "$root/scripts/build.sh" >/dev/null
mpirun=(timeout -s KILL 600 mpirun --oversubscribe --bind-to none)
[ "$(id -u)" -eq 0 ] && mpirun+=(--allow-run-as-root)
cores=$(nproc)

stats() {
  sort -g | awk '{v[NR] = $1} END {
    m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
    printf "%g %g %g\n", m, v[1], v[NR] }'
}
# run VARIANT-BINARY P TLS -> GCUP/s (exits when the result is not OK)
run() {
  local threads=$((cores / $2)) out
  [ "$threads" -ge 1 ] || threads=1
  out=$("${mpirun[@]}" -x UCX_TLS="$3,self" -x OMP_NUM_THREADS="$threads" \
        -x OMPI_MCA_btl="self,$([ "$3" = tcp ] && echo tcp || echo vader)" \
        -np "$2" "$1" "$n" $((4 * $2)) | grep -E '^(orbis-world|mpi-hand) ')
  [ "$(awk '{print $7}' <<<"$out")" = OK ] || { echo "$1: $out" >&2; exit 1; }
  awk '{print $6}' <<<"$out"
}

echo "GS2D-W, N = $n, T = 4P, $cores cores, medians of $reps runs (min-max), GCUP/s"
printf '%-5s %3s %3s %26s %26s %9s\n' UCX P T orbis-world mpi-hand ratio
for tls in $tlss; do
  for p in $procs; do
    o=() h=()
    for _ in $(seq "$reps"); do
      o+=("$(run "$build/bin/bench-gs2d-world" "$p" "$tls")")
      h+=("$(run "$build/bin/bench-gs2d-mpi" "$p" "$tls")")
    done
    read -r om olo ohi <<<"$(printf '%s\n' "${o[@]}" | stats)"
    read -r hm hlo hhi <<<"$(printf '%s\n' "${h[@]}" | stats)"
    printf '%-5s %3s %3s %9s %-16s %9s %-16s %8sx\n' "$tls" "$p" $((4 * p)) \
      "$om" "($olo-$ohi)" "$hm" "($hlo-$hhi)" \
      "$(awk -v a="$om" -v b="$hm" 'BEGIN {printf "%.2f", a / b}')"
  done
done
