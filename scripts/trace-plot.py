#!/usr/bin/python3
"""Draws an ORBIS_TRACE file (docs/trace.md) as a picture: one lane per
thread (or GPU thread block), time across, each tile of the innermost traced
level (on a GPU, each outermost tile) a bar coloured
by its outermost coordinate (the tile row of a wavefront), the spin-waits in
red on top. Perfetto (ui.perfetto.dev) shows the same file interactively;
this is for documents. Debian's python3-matplotlib, hence /usr/bin/python3.

Usage: scripts/trace-plot.py TRACE.json OUT.png [FROM_MS TO_MS]
"""
import json
import sys

import matplotlib

matplotlib.use("Agg")  # files only, no display
import matplotlib.pyplot as plt  # noqa: E402


def main():
    if len(sys.argv) not in (3, 5):
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        sys.exit(2)
    with open(sys.argv[1]) as f:
        events = json.load(f)["traceEvents"]
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
             if e["ph"] == "M" and e["name"] == "thread_name"}
    tiles = [e for e in events if e["ph"] == "X"
             and e["cat"] in ("tile", "gpu tile")]
    waits = [e for e in events if e["ph"] == "X" and e["cat"] == "wait"]
    if not tiles:
        sys.exit("trace-plot: no tiles in " + sys.argv[1])
    inner = max(e["args"]["level"] for e in tiles)
    # GPU tiles (one lane per thread block) are outermost tiles: all kept.
    tiles = [e for e in tiles
             if e["cat"] == "gpu tile" or e["args"]["level"] == inner]
    lanes = sorted({(e["pid"], e["tid"]) for e in tiles + waits})
    lane = {key: i for i, key in enumerate(lanes)}
    start = min(e["ts"] for e in tiles)
    lo, hi = (float(sys.argv[3]), float(sys.argv[4])) if len(sys.argv) == 5 \
        else (0.0, max(e["ts"] + e["dur"] for e in tiles) / 1000 - start / 1000)

    def visible(e):
        t0 = (e["ts"] - start) / 1000
        return t0 + e["dur"] / 1000 >= lo and t0 <= hi

    rows = sorted({e["args"]["tile"][0] for e in tiles})
    cmap = plt.get_cmap("tab20")
    fig, ax = plt.subplots(figsize=(10, 0.6 + 0.55 * len(lanes)), dpi=110)
    for e in filter(visible, tiles):
        colour = cmap(rows.index(e["args"]["tile"][0]) % 20)
        ax.broken_barh([((e["ts"] - start) / 1000, e["dur"] / 1000)],
                       (lane[(e["pid"], e["tid"])] - 0.4, 0.8),
                       facecolors=colour, edgecolor="white", linewidth=0.2)
    for e in filter(visible, waits):
        ax.broken_barh([((e["ts"] - start) / 1000, e["dur"] / 1000)],
                       (lane[(e["pid"], e["tid"])] - 0.15, 0.3),
                       facecolors="red")
    ax.set_yticks(range(len(lanes)))
    ax.set_yticklabels([names.get(k, f"tid {k[1]}") for k in lanes],
                       fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(lo, hi)
    ax.set_xlabel("ms since the first tile (bars: tiles coloured by tile "
                  "row; red: spin-waits)")
    fig.tight_layout()
    fig.savefig(sys.argv[2])
    print(sys.argv[2])


if __name__ == "__main__":
    main()
