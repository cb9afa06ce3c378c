#!/usr/bin/env bash
# A process of another job connects to a world and sends it a store: the
# world rejects it (a warning), and the element stays free for its own store.
# Usage: intruder.sh MPIRUN WORLD_TEST INTRUDER WORKDIR
set -u
mpirun=$1 world_test=$2 intruder=$3 work=$4
rm -rf "$work" && mkdir -p "$work"
export ORBIS_WORLD_ADDRESS_FILE=$work/address ORBIS_INTRUDER_DONE=$work/done
$mpirun --allow-run-as-root --oversubscribe -x ORBIS_WORLD_ADDRESS_FILE \
  -x ORBIS_INTRUDER_DONE -np 2 "$world_test" intruder-target > "$work/out" 2>&1 &
job=$!
for _ in $(seq 100); do [ -s "$work/address" ] && break; sleep 0.1; done
"$intruder" "$work/address"
touch "$work/done"
wait $job
status=$?
cat "$work/out"
exit $status
