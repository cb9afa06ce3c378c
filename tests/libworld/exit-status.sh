#!/bin/sh
# Runs a command and prints its exit status with the process's rank: how a
# test sees what each process of an mpirun job returned when mpirun itself
# does not say (under --enable-recovery it exits 0 whatever they return).
"$@"
status=$?
echo "rank ${OMPI_COMM_WORLD_RANK:-?} exit status $status"
