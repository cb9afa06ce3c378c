#!/usr/bin/env bash
# Runs libworld's scenarios under Slurm's `srun --mpi=pmix` on this host: a
# private one-node Slurm (its own munged, slurmctld and slurmd, with their
# files, sockets and ports in a temporary directory) is started, used and
# stopped; a deadlock is reported as under mpirun. Exits 77 (skipped) when
# Slurm or munge is not installed.
# Usage: srun.sh LIBWORLD_TEST SCENARIO...
set -euo pipefail
test_bin=$1
shift
for tool in srun slurmctld slurmd sinfo munged; do
  if ! command -v "$tool" >/dev/null; then
    echo "srun.sh: $tool is not installed: skipped"
    exit 77
  fi
done
[ -r /etc/munge/munge.key ] || { echo "srun.sh: no munge key: skipped"; exit 77; }

# Processes of a private Slurm made by this script: the daemons name its
# directory on their command line or in SLURM_CONF, and the step daemons
# (slurmstepd) and tasks inherit SLURM_CONF. Only those programs: the
# script's own helpers (tr, grep) carry SLURM_CONF too.
instance_pids() { # PATTERN
  local p
  for p in /proc/[0-9]*; do
    case $(cat "$p/comm" 2>/dev/null) in
    slurmd | slurmctld | slurmscriptd | slurmstepd | munged | srun | libworld_test) ;;
    *) continue ;;
    esac
    if { tr '\0' '\n' <"$p/cmdline" | grep -q "$1"; } 2>/dev/null ||
      { tr '\0' '\n' <"$p/environ" | grep -q "^SLURM_CONF=$1"; } 2>/dev/null; then
      echo "${p#/proc/}"
    fi
  done
}
stop_instance() { # PATTERN
  local pids
  pids=$(instance_pids "$1")
  [ -n "$pids" ] && kill $pids 2>/dev/null
  sleep 0.5
  pids=$(instance_pids "$1")
  [ -n "$pids" ] && kill -9 $pids 2>/dev/null
  return 0
}

# What an earlier run left (one killed by a test timeout does not clean up:
# its slurmstepd processes made later steps abort "before step completely
# launched"): stopped first, with its directories.
stop_instance '/tmp/orbis-slurm\.'
rm -rf /tmp/orbis-slurm.*

dir=$(mktemp -d /tmp/orbis-slurm.XXXXXX)
cleanup() {
  stop_instance "$dir"
  rm -rf "$dir"
}
trap cleanup EXIT

# Ports of this instance, away from Slurm's defaults (6817/6818).
port=$((20000 + $$ % 20000))
host=$(hostname -s)
cat >"$dir/slurm.conf" <<CONF
ClusterName=orbis-test
FirstJobId=$((1000 + RANDOM % 100000))
SlurmctldHost=$host
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge.socket
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
StateSaveLocation=$dir/ctld
SlurmdSpoolDir=$dir/slurmd
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP OverSubscribe=YES
CONF
mkdir -p "$dir/ctld" "$dir/slurmd"
export SLURM_CONF=$dir/slurm.conf

munged --force --foreground --socket="$dir/munge.socket" \
  --pid-file="$dir/munged.pid" --log-file="$dir/munged.log" \
  --seed-file="$dir/munged.seed" >"$dir/munged.out" 2>&1 &
slurmctld -D -f "$SLURM_CONF" >"$dir/slurmctld.out" 2>&1 &
slurmd -D -f "$SLURM_CONF" >"$dir/slurmd.out" 2>&1 &

for _ in $(seq 100); do
  state=$(sinfo -h -o %t 2>/dev/null || true)
  [ "$state" = idle ] && break
  sleep 0.2
done
if [ "$state" != idle ]; then
  echo "srun.sh: the test Slurm did not come up (node state: '$state')"
  tail -5 "$dir"/*.log "$dir"/*.out
  exit 1
fi

# More tasks than CPUs: -O (overcommit).
for tls in shm tcp; do
  for n in 1 2 3; do
    echo "== srun --mpi=pmix -O -n $n, UCX_TLS=$tls,self"
    UCX_TLS=$tls,self timeout 120 srun --mpi=pmix -O -n "$n" "$test_bin" "$@"
  done
done

# The deadlock report comes out the same way under srun.
echo "== srun --mpi=pmix -O -n 3 deadlock"
out=$(timeout 120 srun --mpi=pmix -O -n 3 "$test_bin" deadlock 2>&1 || true)
echo "$out"
grep -q "orbis: deadlock: rank 2: world load at [^ ]*world_test.c:[0-9]* waits for element 5 of allocation 2 owned by rank 0" <<<"$out"
