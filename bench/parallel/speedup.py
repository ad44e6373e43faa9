#!/usr/bin/env python3
"""Speed-ups of `arcwave solve -p N` over `-p 1` on the shared instances.

One command (bench/parallel/run.sh wraps it):
    bench/parallel/speedup.py --build build --out "$OUT"

1. Selection: every instance of the shared sets (xcsp3-binary and xcsp3-real, as listed in
   their answers.txt) runs once with -p 1 under --select-limit seconds, several at a time
   (--select-jobs); those that finish (a proved answer) with a search of at least
   --min-seconds are kept, at most --max-instances of them, the longest first.
2. Measurement: each kept instance runs alone with -p 1 (again: the baseline), then with each
   of --threads, --repeat times, under --limit seconds each (the run prints its answer so far
   at the limit and counts as a timeout).
3. Report, under --out: runs.csv (every run), speedups.csv (per instance and worker count:
   the median search time and the speed-up over -p 1), summary.json (per worker count: the
   geometric mean of the speed-ups over all instances and over SATISFIABLE, UNSATISFIABLE and
   OPTIMUM FOUND instances apart, timeouts, disagreements) and summary.txt (the same as a
   table). A run whose answer contradicts the baseline's (SAT against UNSAT, another optimum)
   is a disagreement: it is reported, never averaged.

Speed-ups are taken on the search time the solver reports (`c time ... search S s`), which
leaves out reading the file (the same for every worker count); runs.csv has wall times too.
"""
import argparse
import csv
import json
import math
import os
import re
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

PROVED = {"SATISFIABLE", "UNSATISFIABLE", "OPTIMUM FOUND"}


def shared_dir(repo: Path) -> Path:
    env = os.environ.get("ARCWAVE_SHARED_INSTANCES")
    if env:
        return Path(env)
    for p in (repo.parent / "shared" / "instances", Path("/work/shared/instances")):
        if p.is_dir():
            return p
    sys.exit("no shared instances: set ARCWAVE_SHARED_INSTANCES")


def candidates(shared: Path, sets):
    out = []
    for s in sets:
        answers = shared / s / "answers.txt"
        if answers.is_file():
            for line in answers.read_text().splitlines():
                if line.startswith("#") or "|" not in line:
                    continue
                f = line.split("|")[0].strip()
                if f and (shared / s / f).is_file():
                    out.append(shared / s / f)
        else:
            out += sorted(p for p in (shared / s).rglob("*.xml*"))
    return out


def run(binary: Path, instance: Path, threads: int, limit: float, extra):
    """One solve; returns a dict of what it printed."""
    cmd = [str(binary), "solve", str(instance), "-p", str(threads), "-t", str(limit)] + extra
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=limit + 60)
        out, code = p.stdout, p.returncode
    except subprocess.TimeoutExpired as e:
        out, code = (e.stdout or b"").decode() if isinstance(e.stdout, bytes) else (e.stdout or ""), -9
    wall = time.monotonic() - start
    status = re.search(r"^s (.+)$", out, re.M)
    search = re.search(r"^c time .* search ([0-9.]+) s", out, re.M)
    nodes = re.search(r"^c nodes (\d+)", out, re.M)
    bounds = re.findall(r"^o (-?\d+)$", out, re.M)
    status = status.group(1).strip() if status else "ERROR"
    interrupted = "c interrupted" in out
    return {
        "instance": str(instance),
        "threads": threads,
        "exit": code,
        "status": status,
        "proved": status in PROVED and not interrupted,
        "objective": bounds[-1] if bounds else "",
        "search_s": float(search.group(1)) if search else wall,
        "wall_s": wall,
        "nodes": int(nodes.group(1)) if nodes else 0,
    }


def geomean(xs):
    xs = [x for x in xs if x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def main():
    repo = Path(__file__).resolve().parents[2]
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=str(repo / "build"), help="build folder (cli/arcwave in it)")
    ap.add_argument("--out", default=os.environ.get("OUT", "bench-parallel-out"))
    ap.add_argument("--threads", default="2,4,8,16", help="worker counts to compare with -p 1")
    ap.add_argument("--sets", default="xcsp3-binary,xcsp3-real")
    ap.add_argument("--instances", nargs="*", help="these files instead of the selection")
    ap.add_argument("--min-seconds", type=float, default=2.0)
    ap.add_argument("--select-limit", type=float, default=60.0)
    ap.add_argument("--select-jobs", type=int, default=max(1, (os.cpu_count() or 2) // 2))
    ap.add_argument("--max-instances", type=int, default=40)
    ap.add_argument("--limit", type=float, default=300.0, help="seconds per measured run")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--extra", default="", help="more solve options for every run (e.g. --portfolio)")
    a = ap.parse_args()
    binary = Path(a.build) / "cli" / "arcwave"
    if not binary.is_file():
        sys.exit(f"no {binary}: build first (scripts/build.sh) or give --build")
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    extra = a.extra.split()
    threads = [int(t) for t in a.threads.split(",") if t.strip()]

    # 1. selection
    if a.instances:
        chosen = [Path(p) for p in a.instances]
        print(f"{len(chosen)} instances given", flush=True)
    else:
        pool = candidates(shared_dir(repo), a.sets.split(","))
        print(f"selection: {len(pool)} candidates, -p 1 under {a.select_limit:.0f} s, "
              f"{a.select_jobs} at a time", flush=True)
        with ThreadPoolExecutor(a.select_jobs) as ex:
            first = list(ex.map(lambda f: run(binary, f, 1, a.select_limit, extra), pool))
        with open(out / "selection.csv", "w", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=list(first[0].keys()) if first else ["instance"])
            w.writeheader()
            w.writerows(first)
        kept = [r for r in first if r["proved"] and r["search_s"] >= a.min_seconds]
        kept.sort(key=lambda r: -r["search_s"])
        chosen = [Path(r["instance"]) for r in kept[: a.max_instances]]
        print(f"selected {len(chosen)} instances (proved, search >= {a.min_seconds} s)", flush=True)

    # 2. measurement, one run at a time
    runs = []
    for f in chosen:
        for t in [1] + threads:
            for _ in range(a.repeat):
                r = run(binary, f, t, a.limit, extra)
                runs.append(r)
                print(f"{f.name:60s} -p {t:3d}  {r['status']:15s} {r['search_s']:9.3f} s", flush=True)
    fields = ["instance", "threads", "exit", "status", "proved", "objective", "search_s", "wall_s", "nodes"]
    with open(out / "runs.csv", "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=fields)
        w.writeheader()
        w.writerows(runs)

    # 3. report
    rows, summary = [], {"machine": {"cpus": os.cpu_count(), "uname": " ".join(os.uname())},
                         "options": vars(a), "by_threads": {}}
    by = {}
    for r in runs:
        by.setdefault((r["instance"], r["threads"]), []).append(r)
    for f in chosen:
        base = by.get((str(f), 1), [])
        if not base or not all(r["proved"] for r in base):
            continue
        t1 = statistics.median(r["search_s"] for r in base)
        kind = base[0]["status"]
        for t in threads:
            rs = by.get((str(f), t), [])
            if not rs:
                continue
            tn = statistics.median(r["search_s"] for r in rs)
            timeout = not all(r["proved"] for r in rs)
            disagree = any(r["proved"] and (r["status"] != kind or (kind == "OPTIMUM FOUND" and r["objective"] != base[0]["objective"])) for r in rs)
            rows.append({"instance": str(f), "answer": kind, "threads": t, "seconds_p1": round(t1, 4),
                         "seconds": round(tn, 4), "speedup": round(t1 / tn, 3) if tn > 0 and not timeout else "",
                         "timeout": timeout, "disagree": disagree})
    with open(out / "speedups.csv", "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["instance", "answer", "threads", "seconds_p1", "seconds", "speedup", "timeout", "disagree"])
        w.writeheader()
        w.writerows(rows)
    lines = [f"{'workers':>7} {'all':>8} {'SAT':>8} {'UNSAT':>8} {'OPT':>8} {'n':>4} {'timeouts':>8} {'disagree':>8}"]
    for t in threads:
        sel = [r for r in rows if r["threads"] == t]
        good = [r for r in sel if r["speedup"] != "" and not r["disagree"]]
        g = {k: geomean([r["speedup"] for r in good if k is None or r["answer"] == k])
             for k in (None, "SATISFIABLE", "UNSATISFIABLE", "OPTIMUM FOUND")}
        summary["by_threads"][t] = {
            "geomean_all": g[None], "geomean_sat": g["SATISFIABLE"], "geomean_unsat": g["UNSATISFIABLE"],
            "geomean_optimum": g["OPTIMUM FOUND"], "instances": len(sel),
            "timeouts": sum(r["timeout"] for r in sel), "disagreements": sum(r["disagree"] for r in sel)}
        fmt = lambda x: f"{x:8.2f}" if x else f"{'-':>8}"
        s = summary["by_threads"][t]
        lines.append(f"{t:>7} {fmt(g[None])} {fmt(g['SATISFIABLE'])} {fmt(g['UNSATISFIABLE'])} "
                     f"{fmt(g['OPTIMUM FOUND'])} {s['instances']:>4} {s['timeouts']:>8} {s['disagreements']:>8}")
    (out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    (out / "summary.txt").write_text("geometric mean of the speed-ups over -p 1 (search time)\n" + "\n".join(lines) + "\n")
    print("\n".join(lines))
    print(f"written: {out}/runs.csv speedups.csv summary.json summary.txt")


if __name__ == "__main__":
    main()
