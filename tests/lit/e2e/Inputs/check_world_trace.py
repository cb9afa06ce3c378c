#!/usr/bin/env python3
"""Checks the ORBIS_TRACE files of a world program's processes (one per rank,
FILE.RANK.json): each names its rank, holds tiles and the world loads and
stores of its staged tiles (cat "world", first/count arguments, a duration).
Prints one line per rank for FileCheck.

Usage: check_world_trace.py PREFIX RANKS   (files PREFIX.0.json ...)
"""
import json
import sys


def main():
    prefix, ranks = sys.argv[1], int(sys.argv[2])
    for r in range(ranks):
        with open(f"{prefix}.{r}.json") as f:
            events = json.load(f)["traceEvents"]
        name = [e["args"]["name"] for e in events
                if e["ph"] == "M" and e["name"] == "process_name"][0]
        tiles = [e for e in events if e["ph"] == "X" and e["cat"] == "tile"]
        world = [e for e in events if e["ph"] == "X" and e["cat"] == "world"]
        loads = [e for e in world if e["name"] != "world store"]
        stores = [e for e in world if e["name"] == "world store"]
        bad = [e for e in world
               if e["name"] not in ("world load", "world wait",
                                    "world store") or
               e["dur"] < 0 or e["args"]["count"] < 1 or
               e["args"]["first"] < 0]
        print(f"rank {r}: {name}; tiles {'yes' if tiles else 'none'}; "
              f"world loads {'yes' if loads else 'none'}; "
              f"world stores {'yes' if stores else 'none'}; "
              f"malformed {len(bad)}")


if __name__ == "__main__":
    main()
