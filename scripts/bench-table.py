#!/usr/bin/env python3
"""Prints the table of ratios of docs/benchmarks.md from the Google Benchmark
JSON of bench-gs2d (or any benchmark named BENCH/VARIANT/n:N/omp_threads:P/..
with a GCUP/s rate counter): per variant, N and thread count the median GCUP/s
with min-max over the repetitions, the ratios that BENCHMARKS.md asks for (to
the best hand-written peer, to omp-skewed, to jacobi, to seq), the parallel
efficiency, the disturbed runs and the tiles. A benchmark that failed (a grid
that is not bit-identical) is shown WRONG with its message.

Usage: scripts/bench-table.py RESULT.json [--csv]
"""
import json
import re
import statistics
import sys

# The peers each ratio is taken against, per benchmark family.
PEERS = {
    "gs2d": ["omp-doacross", "omp-wavefront"],
    "gs2d-cuda": ["cuda-hand"],
    "gs2d-world": ["mpi-hand"],
    "edit-distance": ["cpu"],
}
# Row order inside a group of one N and thread count; others after, by name.
ORDER = ["seq", "orbis", "orbis-fixed", "omp-doacross", "omp-wavefront",
         "omp-skewed", "jacobi", "cpu", "orbis-cuda", "orbis-copies",
         "orbis-cuda-bl", "cuda-band", "cuda-hand", "gpu", "orbis-world", "mpi-hand"]
NAME = re.compile(r"^(?P<bench>[^/]+)/(?P<variant>[^/]+)/n:(?P<n>\d+)"
                  r"/omp_threads:(?P<threads>\d+)"
                  r"(?P<rest>(?:/(?!iterations:|manual_time|real_time)[^/]+)*)")


def load(path):
    """Rows keyed by (bench, variant, n, threads, the rest of the name, e.g.
    "ranks:2/tls:shm"): the repetitions' GCUP/s,
    disturbed runs, label, error."""
    with open(path) as f:
        data = json.load(f)
    rows = {}
    for b in data["benchmarks"]:
        m = NAME.match(b["run_name"])
        if not m or b.get("run_type") == "aggregate":
            continue
        key = (m["bench"], m["variant"], int(m["n"]), int(m["threads"]),
               m["rest"].lstrip("/"))
        row = rows.setdefault(key, {"gcups": [], "disturbed": 0, "label": "",
                                    "sweeps": 0, "error": None})
        if b.get("error_occurred"):
            row["error"] = b.get("error_message", "failed")
            continue
        row["gcups"].append(b["GCUP/s"])
        row["disturbed"] += int(b.get("disturbed", 0))
        row["label"] = b.get("label", "")
        row["sweeps"] = int(b.get("sweeps", 0))
    return data.get("context", {}), rows


def shared(rest):
    """The part of a name's rest that peers share: without orbis-fixed's
    `tile:RxC` (bench-gs2d --orbis-tile), which only that variant has."""
    return "/".join(p for p in rest.split("/") if p and not p.startswith("tile:"))


def median_of(rows, key):
    row = rows.get(key)
    if not row or row["error"] or not row["gcups"]:
        return 0.0
    return statistics.median(row["gcups"])


def ratio(value, base):
    return f"{value / base:.2f}x" if base > 0 else "-"


def main():
    if len(sys.argv) < 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        sys.exit(2)
    csv = "--csv" in sys.argv[2:]
    context, rows = load(sys.argv[1])
    header = ["variant", "N", "T", "P", "GCUP/s", "min-max", "vs-peer",
              "vs-skewed", "vs-jacobi", "vs-seq", "eff", "dist", "tiles"]
    lines = []
    def order(k):
        rank = ORDER.index(k[1]) if k[1] in ORDER else len(ORDER)
        return (k[0], shared(k[4]), k[2], k[3], rank, k[1], k[4])

    for key in sorted(rows, key=order):
        bench, variant, n, threads, rest = key
        name = variant + (" " + rest if rest else "")
        row = rows[key]
        if row["error"]:
            lines.append([name, n, row["sweeps"] or "-", threads, "WRONG"] +
                         ["-"] * 7 + [row["error"]])
            continue
        med = median_of(rows, key)
        rest = shared(rest)
        peers = [median_of(rows, (bench, p, n, threads, rest))
                 for p in PEERS.get(bench, []) if p != variant]
        best = max(peers, default=0.0)
        # The best omp-skewed shape when several ran (--skewed-tile A,B).
        skewed = max((median_of(rows, k) for k in rows
                      if k[:4] == (bench, "omp-skewed", n, threads)
                      and shared(k[4]) == rest), default=0.0)
        jacobi = median_of(rows, (bench, "jacobi", n, threads, rest))
        seq = median_of(rows, (bench, "seq", n, 1, rest))
        lines.append([
            name, n, row["sweeps"], threads, f"{med:.3f}",
            f"{min(row['gcups']):.2f}-{max(row['gcups']):.2f}",
            ratio(med, best) if variant != "seq" else "-",
            ratio(med, skewed) if variant not in ("seq", "omp-skewed") else "-",
            ratio(med, jacobi) if variant not in ("seq", "jacobi") else "-",
            ratio(med, seq),
            f"{100 * med / seq / threads:.0f}%" if seq > 0 else "-",
            row["disturbed"], row["label"]])
    if csv:
        print(",".join(header))
        for line in lines:
            print(",".join(str(x) for x in line))
        return
    print(f"# {context.get('host_name', '?')}, {context.get('num_cpus', '?')} "
          f"CPUs, load average {context.get('load_average', '?')}, "
          f"OMP_BLOCK_SIZE {context.get('OMP_BLOCK_SIZE', '?')}; medians of "
          f"the repetitions")
    widths = [max(len(str(x)) for x in col) for col in
              zip(header, *lines)] if lines else [len(h) for h in header]
    for line in [header] + lines:
        cells = [str(x).ljust(w) if i in (0, len(header) - 1)
                 else str(x).rjust(w) for i, (x, w) in
                 enumerate(zip(line, widths))]
        print(" ".join(cells).rstrip())
    if any(r["error"] for r in rows.values()):
        sys.exit(1)


if __name__ == "__main__":
    main()
