#!/usr/bin/env python3
"""Second phase of scripts/bench-tiles.sh: is the automatic tile policy as
good as the best fixed shape, measured without selection bias?

The best of many noisy medians is biased upwards (on the 16-core Xeon two
copies of one shape differ by up to 28%), so the shape that won each case
(N, threads) of a bench-tiles run is measured again against the automatic
tiles in a fresh bench-gs2d process, 7 repetitions interleaved at random.
Cases where the winner is the automatic shape itself show the noise.

Usage: scripts/bench-tiles-confirm.py TILES.json [BIN (build/bin/bench-gs2d)]
Knobs: TILE_NS / TILE_SWEEPS as for bench-tiles.sh, CONFIRM_REPS (7).
"""
import importlib.util
import math
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
from collections import defaultdict

here = pathlib.Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("bench_table", here / "bench-table.py")
bench_table = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench_table)


def shape_of(label):
    return next((w for w in label.split() if "x" in w and w[0].isdigit()), label)


def medians(path):
    """(N, threads) -> {(variant, shape): median GCUP/s} of orbis and orbis-fixed."""
    _, rows = bench_table.load(path)
    out = defaultdict(dict)
    for (_, variant, n, threads, _), row in rows.items():
        if variant in ("orbis", "orbis-fixed") and row["gcups"]:
            out[(n, threads)][(variant, shape_of(row["label"]))] = statistics.median(row["gcups"])
    return out


def main(argv):
    if not argv:
        sys.exit(__doc__)
    binary = argv[1] if len(argv) > 1 else str(here.parent / "build/bin/bench-gs2d")
    ns = os.environ.get("TILE_NS", "1024,2048,4096,4104,8192,8200").split(",")
    sweeps = dict(zip(map(int, ns), os.environ.get("TILE_SWEEPS", "60,30,12,12,4,4").split(",")))
    reps = os.environ.get("CONFIRM_REPS", "7")
    env = dict(os.environ, OMP_BLOCK_SIZE="")
    print(f"{'N':>5} {'P':>3}  {'auto':>16}  {'best fixed':>16}  {'ratio':>6}  |"
          f"  {'again: auto':>11}  {'best':>6}  {'ratio':>6}")
    ratios = []
    for (n, threads), d in sorted(medians(argv[0]).items()):
        auto = next((r, s) for (v, s), r in d.items() if v == "orbis")
        best = max((r, s) for (v, s), r in d.items() if v == "orbis-fixed")
        with tempfile.NamedTemporaryFile(suffix=".json") as f:
            subprocess.run([binary, "--n", str(n), "--sweeps", sweeps[n], "--threads", str(threads),
                            "--orbis-tile", best[1], f"--benchmark_repetitions={reps}",
                            "--benchmark_enable_random_interleaving=true",
                            "--benchmark_filter=gs2d/(orbis|orbis-fixed)/",
                            f"--benchmark_out={f.name}", "--benchmark_out_format=json"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True)
            again = {v: r for (v, _), r in medians(f.name)[(n, threads)].items()}
        ratio = again["orbis"] / again["orbis-fixed"]
        ratios.append(ratio)
        same = " (same shape)" if auto[1] == best[1] else ""
        print(f"{n:>5} {threads:>3}  {auto[0]:6.3f} {auto[1]:>9}  {best[0]:6.3f} {best[1]:>9}"
              f"  {auto[0] / best[0]:5.2f}x  |  {again['orbis']:11.3f}  {again['orbis-fixed']:6.3f}"
              f"  {ratio:5.2f}x{same}", flush=True)
    mean = math.exp(sum(map(math.log, ratios)) / len(ratios))
    print(f"again: geometric mean {mean:.3f}x, min {min(ratios):.2f}x, max {max(ratios):.2f}x")


if __name__ == "__main__":
    main(sys.argv[1:])
