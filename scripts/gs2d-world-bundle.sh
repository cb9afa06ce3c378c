#!/usr/bin/env bash
# Gathers GS2D-W (bench-gs2d-world, bench-gs2d-mpi) with the shared
# libraries they load that a bare Ubuntu machine with Open MPI lacks
# (libtile, libworld, libomp, UCX and its transport modules, libmunge,
# libevent; our libpmix only as a fallback: the machine's mpirun wants its
# own) into one directory, with its runner. Usage: scripts/gs2d-world-bundle.sh
# [DIR (gpurun)]; there: TLS="shm tcp" PS="2 4 8" REPS=3 DIR/run-bundled.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${ORBIS_BUILD_DIR:-$root/build}"
out="${1:-$root/gpurun}"
lib=/usr/lib/x86_64-linux-gnu
mkdir -p "$out/ucx"
cp "$build"/bin/bench-gs2d-world "$build"/bin/bench-gs2d-mpi "$out"/
cp "$build"/lib/liborbis_tile.so "$build"/lib/liborbis_world.so \
   /usr/lib/llvm-19/lib/libomp.so.5 "$out"/
for l in libucp.so.0 libuct.so.0 libucs.so.0 libucm.so.0 libmunge.so.2 \
         libevent_core-2.1.so.7 libevent_pthreads-2.1.so.7 libnuma.so.1; do
  cp -L "$lib/$l" "$out"/
done
cp -L "$lib/pmix2/lib/libpmix.so.2" "$out/libpmix.so.2.debian"
# Shared memory through CMA; the other UCX modules need drivers.
cp -L "$lib/ucx/libuct_cma.so.0" "$out/ucx/libuct_cma.so"
cp "$root/bench/gs2d-world/run-bundled.sh" "$root/bench/gs2d-world/run-ab.sh" \
   "$root/bench/gs2d-world/bundle-env.sh" "$out"/
echo "$out: on the other machine: TLS=\"shm tcp\" PS=\"2 4 8\" $(basename "$out")/run-bundled.sh"
