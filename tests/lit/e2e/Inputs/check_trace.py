#!/usr/bin/env python3
"""Checks an ORBIS_TRACE file of tests/lit/e2e/trace.c: valid JSON in the
Chrome trace-event format, one complete event per tile with its coordinates,
inner tiles inside their outer tile on the same thread, wait events inside a
tile whose wait_us is their sum, every thread named. Prints what it counted
for FileCheck.

Usage: check_trace.py TRACE.json
"""
import json
import sys
from collections import Counter


def fail(msg):
    print("BAD TRACE: " + msg)
    sys.exit(1)


def main():
    with open(sys.argv[1]) as f:
        data = json.load(f)
    events = data["traceEvents"]
    named = {e["tid"] for e in events
             if e["ph"] == "M" and e["name"] == "thread_name"}
    if not any(e["ph"] == "M" and e["name"] == "process_name" for e in events):
        fail("no process_name")
    tiles = [e for e in events if e["ph"] == "X" and e["cat"] == "tile"]
    waits = [e for e in events if e["ph"] == "X" and e["cat"] == "wait"]
    for e in tiles + waits:
        if e["tid"] not in named:
            fail(f"thread {e['tid']} has no name")
        if e["dur"] < 0 or e["ts"] < 0:
            fail(f"negative time in {e}")

    def inside(inner, outer, slack=0.0015):
        return (inner["tid"] == outer["tid"] and
                outer["ts"] - slack <= inner["ts"] and
                inner["ts"] + inner["dur"] <= outer["ts"] + outer["dur"] + slack)

    levels = Counter(e["args"]["level"] for e in tiles)
    outer = {tuple(e["args"]["tile"]): e for e in tiles
             if e["args"]["level"] == 0}
    for e in tiles:
        coords = tuple(e["args"]["tile"])
        if e["name"] != "tile (" + ", ".join(map(str, coords)) + ")":
            fail(f"name {e['name']} for {coords}")
        if e["args"]["level"] == 1 and not inside(e, outer[coords[:1]]):
            fail(f"tile {coords} outside its outer tile")
        mine = [w for w in waits if inside(w, e)]
        if e["args"]["level"] == 1:
            total = sum(w["dur"] for w in mine)
            if abs(total - e["args"]["wait_us"]) > 0.01 * len(mine) + 0.002:
                fail(f"tile {coords}: wait_us {e['args']['wait_us']} but "
                     f"waits {total}")
    for w in waits:
        if not any(inside(w, e) for e in tiles if e["args"]["level"] == 1):
            fail(f"wait at {w['ts']} outside every inner tile")
    coords = sorted(tuple(e["args"]["tile"]) for e in tiles)
    print("levels", dict(sorted(levels.items())))
    print("tiles", " ".join("(" + ",".join(map(str, c)) + ")" for c in coords))
    sites = sorted({e["args"]["site"] for e in tiles})
    print("sites", " ".join(sites))
    long_waits = sorted(tuple(e["args"]["tile"]) for e in tiles
                        if e["args"]["wait_us"] >= 10000)
    print("waited 10 ms or more in", long_waits)
    print("dropped", data["otherData"]["dropped_events"])


if __name__ == "__main__":
    main()
