#!/usr/bin/env python3
"""Runs the mpirun command given (its path, then its arguments) and returns
its exit status; if mpirun is still running 15 s after the last of its
processes ended, stops it and returns 1.

Open MPI 4.1's mpirun sometimes hangs after it aborted a job in which two
processes exited non-zero at once (a world loop whose bounds differ stops
every process with an error): the processes are gone, mpirun waits on a
futex forever, and the test's timeout killed it, so `not` saw a signal and
the test failed although the program did what it should. Only that case is
handled here: a job whose processes are still running is never touched."""
import os
import signal
import subprocess
import sys
import time

GRACE_S = 15.0


def children(pid):
    found = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as f:
                found += [int(c) for c in f.read().split()]
    except OSError:
        pass
    return found


def main():
    job = subprocess.Popen(sys.argv[1:])
    had_children = False
    orphaned_since = None
    while True:
        try:
            return job.wait(timeout=0.2)
        except subprocess.TimeoutExpired:
            pass
        if children(job.pid):
            had_children = True
            orphaned_since = None
        elif had_children:
            orphaned_since = orphaned_since or time.monotonic()
            if time.monotonic() - orphaned_since > GRACE_S:
                sys.stderr.write(
                    "mpirun_watch: mpirun still running %.0f s after its "
                    "processes ended (Open MPI's abort hang); stopping it\n"
                    % GRACE_S)
                job.send_signal(signal.SIGKILL)
                job.wait()
                return 1


if __name__ == "__main__":
    sys.exit(main())
