#!/usr/bin/env bash
# GS2D-W on a machine without the build (docs/benchmarks.md, the GPU
# machine's host): the binaries and libraries scripts/gs2d-world-bundle.sh
# gathered, the machine's own mpirun and PMIx. Prints one line per run.
# Usage: TLS="shm tcp" PS="2 4 8" [REPS=3] [N=4096] [K=4: T = K P] [LIMIT=60]
#        DIR/run-bundled.sh
cd "$(dirname "$0")"
. ./bundle-env.sh
libs=$PWD:$pmix
n=${N:-4096} cores=$(nproc)
for tls in $TLS; do
  for p in $PS; do
    t=$((cores / p)); [ $t -ge 1 ] || t=1
    for r in $(seq ${REPS:-1}); do
      for b in bench-gs2d-world bench-gs2d-mpi; do
        timeout -s KILL ${LIMIT:-60} mpirun --oversubscribe --bind-to none -x LD_LIBRARY_PATH=$libs -x UCX_MODULE_DIR \
          -x UCX_TLS=$tls,self -x OMP_NUM_THREADS=$t \
          -x OMPI_MCA_btl=self,$([ $tls = tcp ] && echo tcp || echo vader) \
          -np $p ./$b $n $((${K:-4} * p)) 2>&1 | grep -E "^(orbis-world|mpi-hand) |rror" | sed "s/^/$tls /" | head -3
      done
    done
  done
done
