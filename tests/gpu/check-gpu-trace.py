#!/usr/bin/env python3
"""Checks the GPU part of an ORBIS_TRACE file (run-gpu-tests.sh): a program
that ran SWEEPS kernels of TILES outermost tiles each must have one
`gpu tile` event per tile and kernel (tile numbers 0 .. TILES - 1, each
SWEEPS times), each on a named `GPU block` track, with a start and a
duration that fit the run, and its CPU side as before (a process name).

Usage: check-gpu-trace.py FILE TILES SWEEPS; prints OK or what is wrong.
"""
import collections
import json
import sys


def main(path, tiles, sweeps):
    with open(path) as f:
        trace = json.load(f)
    events = trace["traceEvents"]
    gpu = [e for e in events if e.get("cat") == "gpu tile"]
    names = {e["tid"]: e["args"]["name"] for e in events
             if e.get("ph") == "M" and e["name"] == "thread_name"}
    wrong = []
    counts = collections.Counter(e["args"]["tile"][0] for e in gpu)
    if sorted(counts) != list(range(tiles)) or set(counts.values()) != {sweeps}:
        wrong.append(f"tiles {sorted(counts.items())[:5]}..., expected 0..{tiles - 1} "
                     f"{sweeps} times each")
    for e in gpu:
        if e["ph"] != "X" or e["dur"] < 0 or e["ts"] < 0:
            wrong.append(f"bad times: {e}")
        if names.get(e["tid"]) != f"GPU block {e['args']['block']}":
            wrong.append(f"track {e['tid']} is not named for block {e['args']['block']}")
        if not e["args"]["site"].endswith(tuple("0123456789")):
            wrong.append(f"site {e['args']['site']}")
        if e["name"] != f"tile ({e['args']['tile'][0]})":
            wrong.append(f"name {e['name']}")
    if not any(e.get("name") == "process_name" for e in events):
        wrong.append("no process name")
    print("OK" if not wrong else "WRONG: " + "; ".join(wrong[:5]))


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
