#!/usr/bin/python3
"""Draws the plots of docs/benchmarks.md from a Google Benchmark JSON of
bench-gs2d (names BENCH/VARIANT/n:N/omp_threads:P/..., a GCUP/s counter):

  BENCH-threads-nN.png  GCUP/s against OpenMP threads, one line per variant,
                        for each N measured at more than one thread count;
  BENCH-sizes-pP.png    GCUP/s against N, one line per variant, for each
                        thread count measured at more than one N.

Points are the medians of the repetitions, bars their min-max. A failed
(not bit-identical) benchmark has no point. Debian's python3-matplotlib
(scripts/install-deps.sh), hence /usr/bin/python3.

Usage: scripts/bench-plot.py RESULT.json OUT_DIR
"""
import json
import os
import re
import statistics
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")  # files only, no display
import matplotlib.pyplot as plt  # noqa: E402

NAME = re.compile(r"^(?P<bench>[^/]+)/(?P<variant>[^/]+)/n:(?P<n>\d+)"
                  r"/omp_threads:(?P<threads>\d+)"
                  r"(?P<rest>(?:/(?!iterations:|manual_time|real_time)[^/]+)*)")


def load(path):
    """{(bench, variant, n, threads): [GCUP/s of each repetition]}."""
    with open(path) as f:
        data = json.load(f)
    runs = defaultdict(list)
    failed = set()
    for b in data["benchmarks"]:
        m = NAME.match(b["run_name"])
        if not m or b.get("run_type") == "aggregate":
            continue
        # The rest of the name (e.g. ranks:2/tls:shm) tells lines apart.
        variant = m["variant"] + (" " + m["rest"].lstrip("/")
                                  if m["rest"] else "")
        key = (m["bench"], variant, int(m["n"]), int(m["threads"]))
        if b.get("error_occurred"):
            failed.add(key)
        else:
            runs[key].append(b["GCUP/s"])
    return data.get("context", {}), {k: v for k, v in runs.items()
                                     if k not in failed and v}


def plot(lines, xlabel, title, path, log_x):
    """lines: {variant: [(x, [values])]}."""
    fig, ax = plt.subplots(figsize=(7, 4.2), dpi=110)
    for variant in sorted(lines):
        pts = sorted(lines[variant])
        xs = [x for x, _ in pts]
        med = [statistics.median(v) for _, v in pts]
        lo = [m - min(v) for m, (_, v) in zip(med, pts)]
        hi = [max(v) - m for m, (_, v) in zip(med, pts)]
        style = "-" if variant.startswith("orbis") else "--"
        ax.errorbar(xs, med, yerr=[lo, hi], label=variant, marker="o",
                    linestyle=style, capsize=3)
    if log_x:
        ax.set_xscale("log", base=2)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("GCUP/s (median, min-max)")
    ax.set_title(title, fontsize=10)
    ax.set_ylim(bottom=0)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    print(path)


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        sys.exit(2)
    context, runs = load(sys.argv[1])
    out = sys.argv[2]
    os.makedirs(out, exist_ok=True)
    machine = f"{context.get('host_name', '?')}, {context.get('num_cpus', '?')} CPUs"
    benches = {k[0] for k in runs}
    for bench in sorted(benches):
        keys = [k for k in runs if k[0] == bench]
        # seq runs on one thread: it joins every plot as a flat reference.
        for n in sorted({k[2] for k in keys}):
            threads = {k[3] for k in keys if k[2] == n and k[1] != "seq"}
            if len(threads) < 2:
                continue
            lines = defaultdict(list)
            for (_, variant, kn, p) in keys:
                if kn != n:
                    continue
                for q in (sorted(threads) if variant == "seq" else [p]):
                    lines[variant].append((q, runs[(bench, variant, kn, p)]))
            plot(lines, "OpenMP threads", f"{bench}, N = {n} ({machine})",
                 os.path.join(out, f"{bench}-threads-n{n}.png"), True)
        for p in sorted({k[3] for k in keys if k[1] != "seq"}):
            sizes = {k[2] for k in keys if k[3] == p}
            if len(sizes) < 2:
                continue
            lines = defaultdict(list)
            for (_, variant, n, q) in keys:
                if q == p or (variant == "seq" and n in sizes):
                    lines[variant].append((n, runs[(bench, variant, n, q)]))
            plot(lines, "N (grid of N x N doubles)",
                 f"{bench}, {p} threads ({machine})",
                 os.path.join(out, f"{bench}-sizes-p{p}.png"), True)


if __name__ == "__main__":
    main()
