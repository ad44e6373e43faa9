#!/usr/bin/env python3
"""Turns bench_grid's JSON (Google Benchmark) into the Lee wave report: a table of mean and
median wave times per beta class and variant for each grid size, the floor, the checks
(labels equal to the CPU BFS), the targets (fast < 0.4 s at n = 10^4 and < 2 ms at n = 10^3 in
every class; >= 20x over the CPU BFS on all cores at n = 10^4), and one PNG per size in the
style of the paper's figures 7-8 (time against the beta class, one line per variant, log
scale). Without matplotlib the PNGs are skipped and the table is still written.

Usage: report.py BENCH_JSON OUT_PREFIX   (writes OUT_PREFIX-table.md and OUT_PREFIX-n<N>.png)
"""
import json
import re
import statistics
import sys
from collections import defaultdict

CLASSES = ["0-5", "5-10", "10-15", "15-20", "20-25", "25-30", "30-35", "35-40", "40-45",
           "45-50", "50-100"]
ORDER = ["global", "texture", "shared", "frontier", "bitwave", "fast", "fast-stop",
         "fast-64x64", "fast-128x128", "fast-192x192", "cpu-1", "cpu-all", "cpu-bitwave-all",
         "path-device", "path-host"]
NAME = re.compile(r"grid/n:(\d+)/class:(\d+)/map:(\d+)/([a-z0-9x-]+)")


def load(path):
    with open(path) as f:
        data = json.load(f)
    rows = []
    for b in data.get("benchmarks", []):
        if b.get("run_type") == "aggregate" or b.get("error_occurred"):
            continue
        m = NAME.match(b["name"])
        if not m:
            continue
        scale = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}[b.get("time_unit", "ns")]
        rows.append({"n": int(m.group(1)), "class": int(m.group(2)), "map": int(m.group(3)),
                     "variant": m.group(4), "ms": b["real_time"] * scale,
                     "beta": b.get("beta"), "steps": b.get("steps"), "reached": b.get("reached"),
                     "floor_ms": b.get("floor_ms"), "labels_ok": b.get("labels_ok"),
                     "path_cells": b.get("path_cells")})
    return data.get("context", {}), rows


def fmt(ms):
    if ms is None:
        return "-"
    if ms >= 1000:
        return f"{ms / 1000:.2f} s"
    if ms >= 1:
        return f"{ms:.2f}"
    return f"{ms:.3f}"


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    context, rows = load(sys.argv[1])
    prefix = sys.argv[2]
    by = defaultdict(list)  # (n, variant, class) -> [ms per map]
    floors = defaultdict(list)
    bad_labels = []
    maps = defaultdict(set)
    for r in rows:
        by[(r["n"], r["variant"], r["class"])].append(r["ms"])
        maps[(r["n"], r["class"])].add(r["map"])
        if r["floor_ms"] is not None and r["variant"] == "fast":
            floors[(r["n"], r["class"])].append(r["floor_ms"])
        if r["labels_ok"] is not None and r["labels_ok"] < 1:
            bad_labels.append(f'n={r["n"]} class={CLASSES[r["class"]]} map={r["map"]} {r["variant"]}')
    sizes = sorted({r["n"] for r in rows})
    out = []
    out.append("# Lee wave benchmark (bench/grid/bench_grid)\n")
    out.append(f'GPU: {context.get("gpu", "?")}; measured copy bandwidth '
               f'{float(context.get("device_bandwidth_gbs", 0)):.0f} GB/s; CPU threads: '
               f'{context.get("omp_threads", "?")}; host: {context.get("host_name", "?")}\n')
    out.append("Times in ms (s where marked): mean / median over the maps of a class (each map's "
               "time is the mean of its timed iterations, after a warm-up run except for the "
               "one-iteration rows at n = 10^4). Floor: labels of the reached "
               "cells written once (4 B) + passability read once (2 bits per cell), over the "
               "measured bandwidth.\n")
    summary = []
    for n in sizes:
        variants = [v for v in ORDER if any((n, v, k) in by for k in range(11))]
        counts = sorted({len(maps[(n, k)]) for k in range(11) if (n, k) in maps})
        out.append(f"\n## n = {n} ({n * n:.0e} cells), maps per class: {counts}\n")
        out.append("| variant | " + " | ".join(CLASSES) + " |")
        out.append("|---" * (len(CLASSES) + 1) + "|")
        for v in variants:
            cells = []
            for k in range(11):
                t = by.get((n, v, k))
                cells.append("-" if not t else
                             f"{fmt(statistics.mean(t))} / {fmt(statistics.median(t))}")
            out.append(f"| {v} | " + " | ".join(cells) + " |")
        out.append("| floor | " + " | ".join(
            fmt(statistics.mean(floors[(n, k)])) if floors.get((n, k)) else "-"
            for k in range(11)) + " |")
        # Targets.
        fast = [max(by[(n, "fast", k)]) for k in range(11) if (n, "fast", k) in by]
        if fast:
            worst = max(fast)
            bound = 400.0 if n >= 10000 else 2.0 if n <= 1000 else None
            verdict = "" if bound is None else (" (target < %s ms: %s)" % (
                fmt(bound), "met" if worst < bound else "NOT met"))
            summary.append(f"n = {n}: slowest fast wave over all classes and maps {fmt(worst)} ms{verdict}")
        ratios = []
        for k in range(11):
            if (n, "fast", k) in by and (n, "cpu-all", k) in by:
                ratios.append((statistics.median(by[(n, "cpu-all", k)]) /
                               statistics.median(by[(n, "fast", k)]), k))
        if ratios:
            low = min(ratios)
            supercritical = [r for r in ratios if r[1] < 10]
            text = (f"n = {n}: fast over CPU BFS on all cores: {low[0]:.1f}x at least "
                    f"(class {CLASSES[low[1]]}%)")
            if supercritical:
                low_sc = min(supercritical)
                text += f", {low_sc[0]:.1f}x at least over the classes below 50%"
            if n >= 10000:
                text += " (target >= 20x: %s)" % ("met" if low[0] >= 20 else "NOT met")
            summary.append(text)
    out.append("\n## Targets and checks\n")
    out.extend(f"- {s}" for s in summary)
    out.append("- labels equal to the CPU BFS in every checked row" if not bad_labels else
               "- LABELS DIFFER: " + "; ".join(bad_labels))
    with open(prefix + "-table.md", "w") as f:
        f.write("\n".join(out) + "\n")
    print("\n".join(out))
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not available: no PNG written")
        return
    for n in sizes:
        fig, ax = plt.subplots(figsize=(10, 6))
        for v in ORDER:
            if v.startswith("path") or v.startswith("fast-") and v != "fast-stop":
                continue
            xs, ys = [], []
            for k in range(11):
                t = by.get((n, v, k))
                if t:
                    xs.append(k)
                    ys.append(statistics.mean(t))
            if xs:
                ax.plot(xs, ys, marker="o", label=v)
        fl = [(k, statistics.mean(floors[(n, k)])) for k in range(11) if floors.get((n, k))]
        if fl:
            ax.plot([k for k, _ in fl], [f for _, f in fl], "k--", label="floor (bandwidth)")
        if n >= 10000:
            ax.axhline(400, color="red", linestyle=":", label="0.4 s real-time bound")
        ax.set_yscale("log")
        ax.set_xticks(range(11))
        ax.set_xticklabels([c + "%" for c in CLASSES], rotation=30)
        ax.set_xlabel("impassability class (beta)")
        ax.set_ylabel("wave time, ms (mean over maps)")
        ax.set_title(f"Lee wave, n = {n} ({context.get('gpu', 'GPU')})")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8, ncol=2)
        fig.tight_layout()
        fig.savefig(f"{prefix}-n{n}.png", dpi=110)
        print(f"wrote {prefix}-n{n}.png")


if __name__ == "__main__":
    main()
