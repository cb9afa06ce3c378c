#!/usr/bin/env python3
"""Reads the Google Benchmark JSON of scripts/bench-tiles.sh and prints,
for each N and thread count, the automatic tiles' GCUP/s next to the best and
the worst fixed shape, the best omp-skewed shape and jacobi (medians of the repetitions).

Usage: scripts/bench-tiles-table.py FILE.json [FILE.json ...] [--all]
  --all: also every shape's GCUP/s, one column per variant and shape.
"""
import importlib.util
import pathlib
import statistics
import sys
from collections import defaultdict

# The JSON is read as bench-table.py reads it (its load(): per benchmark,
# the repetitions' GCUP/s and the label).
_spec = importlib.util.spec_from_file_location(
    "bench_table", pathlib.Path(__file__).with_name("bench-table.py"))
bench_table = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench_table)


def runs(path):
    """(variant, N, threads, label, GCUP/s) of every repetition that ran."""
    _, rows = bench_table.load(path)
    for (_, variant, n, threads, _), row in rows.items():
        for rate in row["gcups"]:
            yield variant, n, threads, row["label"], rate


def num(x):
    return "-" if x is None else f"{x:.3f}"


def shape_of(label):
    # "OMP_BLOCK_SIZE 48x256 (86x16 tiles)" or "auto 192x256 (..)": the RxC.
    for word in label.split():
        if "x" in word and word[0].isdigit():
            return word
    return label


def print_all(med, cases):
    columns = sorted({(k, s) for (_, _, k, s) in med if k != "auto"})
    names = [("skewed " if k == "omp-skewed" else "") + (s or k) for k, s in columns]
    print(f"{'N':>5} {'P':>3}  " + " ".join(f"{c:>10}" for c in names) + "  auto")
    for n, p in cases:
        cells = [med.get((n, p, k, s)) for k, s in columns]
        auto = [(r, s) for (n2, p2, k, s), r in med.items() if (n2, p2, k) == (n, p, "auto")]
        print(f"{n:>5} {p:>3}  " + " ".join(f"{num(c):>10}" for c in cells) +
              (f"  {auto[0][0]:.3f} {auto[0][1]}" if auto else ""))


def main(paths):
    show_all = "--all" in paths
    paths = [p for p in paths if p != "--all"]
    rates = defaultdict(list)  # (n, p, kind, shape) -> GCUP/s
    for path in paths:
        for variant, n, p, label, rate in runs(path):
            kind = {"orbis": "auto", "orbis-fixed": "fixed"}.get(variant, variant)
            shape = shape_of(label) if kind != "jacobi" else ""
            rates[(n, p, kind, shape)].append(rate)
    med = {k: statistics.median(v) for k, v in rates.items()}
    cases = sorted({(n, p) for n, p, _, _ in med})
    print(f"{'N':>5} {'P':>3}  {'auto':>16}  {'best fixed':>16}  {'worst fixed':>16}"
          f"  {'auto/best':>9}  {'skewed':>6}  {'auto/skewed':>11}  {'jacobi':>6}")
    for n, p in cases:
        auto = [(r, s) for (n2, p2, k, s), r in med.items() if (n2, p2, k) == (n, p, "auto")]
        fixed = sorted((r, s) for (n2, p2, k, s), r in med.items() if (n2, p2, k) == (n, p, "fixed"))
        # The best omp-skewed shape when several ran.
        sk = max((r for (n2, p2, k, s), r in med.items()
                  if (n2, p2, k) == (n, p, "omp-skewed")), default=None)
        ja = med.get((n, p, "jacobi", ""))
        a = auto[0] if auto else None
        best = fixed[-1] if fixed else None
        worst = fixed[0] if fixed else None
        fmt = lambda x: f"{x[0]:6.3f} {x[1]:>9}" if x else f"{'-':>16}"
        ratio = f"{a[0] / best[0]:8.2f}x" if a and best else f"{'-':>9}"
        vs_sk = f"{a[0] / sk:10.2f}x" if a and sk else f"{'-':>11}"
        print(f"{n:>5} {p:>3}  {fmt(a)}  {fmt(best)}  {fmt(worst)}  {ratio}  "
              f"{num(sk):>6}  {vs_sk}  {num(ja):>6}")


    if show_all:
        print()
        print_all(med, cases)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
