#!/usr/bin/env python3
"""Prints the `gpu tile` events of an ORBIS_TRACE file per site: tile, start
relative to the site's first tile, duration, SM and block (for
trace-gpu-records.c), then the names of their tracks."""
import json
import sys

events = json.load(open(sys.argv[1]))["traceEvents"]
gpu = [e for e in events if e.get("cat") == "gpu tile"]
for site in sorted({e["args"]["site"] for e in gpu}):
    mine = sorted((e for e in gpu if e["args"]["site"] == site),
                  key=lambda e: e["args"]["tile"][0])
    first = min(e["ts"] for e in mine)
    print(site, " ".join(f"({e['args']['tile'][0]}, {e['ts'] - first:.3f}, "
                         f"{e['dur']:.3f}, {e['args']['sm']}, {e['args']['block']})"
                         for e in mine))
names = sorted({e["args"]["name"] for e in events if e.get("ph") == "M"
                and e["name"] == "thread_name" and e["tid"] in {g["tid"] for g in gpu}})
print("tracks", ", ".join(names))
