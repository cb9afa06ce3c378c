#!/usr/bin/env bash
# A/B of two libworld builds on a machine without the build: orbis-world of
# the bundle (scripts/gs2d-world-bundle.sh) with its own liborbis_world.so
# ("new") and with the one in DIR/old/ ("old", e.g. the previous commit's),
# interleaved. Prints one line per run.
# Usage: [TLS=shm] [KS="16 4": T = K P] [PS="2 4 8"] [REPS=2] [N=4096]
#        DIR/run-ab.sh
cd "$(dirname "$0")"
. ./bundle-env.sh
cores=$(nproc) n=${N:-4096}
for tls in ${TLS:-shm}; do
  for K in ${KS:-16 4}; do
    for p in ${PS:-2 4 8}; do
      t=$((cores / p)); [ $t -ge 1 ] || t=1
      for r in $(seq ${REPS:-2}); do
        for v in new old; do
          libs=$PWD:$pmix; [ $v = old ] && libs=$PWD/old:$PWD:$pmix
          res=$(timeout -s KILL 90 mpirun --oversubscribe --bind-to none \
            -x LD_LIBRARY_PATH=$libs -x UCX_MODULE_DIR -x UCX_TLS=$tls,self \
            -x OMP_NUM_THREADS=$t -np $p ./bench-gs2d-world $n $((K * p)) 2>&1 |
            grep -E "^orbis-world |rror" | head -2)
          echo "$tls K=$K P=$p T=$((K * p)) $v: $res"
        done
      done
    done
  done
done
