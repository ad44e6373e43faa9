#!/usr/bin/env python3
"""Runs `arcwave solve` with several option sets ("variants") over a set of instances and
compares them: per file the answer, wall time, search statistics and last objective; per family
(the folder of the file) the files settled, the time on the files every variant settles, and
nodes per second; how many runs the batched search made (the `c backend:` line); per
optimisation file the best objective of each variant and which found the best.

    bench/batch/compare.py BUILD_DIR --limit 10 --files 'DIR/**/*.xml.lzma' \
        --variant cpu1='--backend cpu -p 1' --variant gpu='--backend gpu' [--jobs cpu1=14] \
        [--json OUT.json] [--answers answers.txt] [--gpus 0,1]

Variants run one after another; within a variant, --jobs NAME=K runs K files at once (for
one-core runs on a many-core machine; the GPU variant must stay at 1). A file is settled when
the answer is SATISFIABLE or UNSATISFIABLE (or OPTIMUM FOUND). With --answers (FILE | STATUS
lines), an answer contradicting a known one is reported and makes the exit status 1. --gpus LIST
is added to every variant with `--backend gpu` that names no --gpus of its own (the devices the
batched search spreads over; `0,0` runs two workers on one GPU).
"""
import argparse
import concurrent.futures
import glob
import json
import math
import os
import re
import subprocess
import sys
import threading
import time

SETTLED = ("SATISFIABLE", "UNSATISFIABLE", "OPTIMUM FOUND")


def run(binary, path, limit, options, pin=None):
    start = time.monotonic()
    prefix = ["taskset", "-c", pin] if pin else []
    try:
        p = subprocess.run(prefix + [binary, "solve", path, "-t", str(limit)] + options.split(),
                           capture_output=True, text=True, timeout=limit * 4 + 60)
        out, code = p.stdout, p.returncode
    except subprocess.TimeoutExpired:
        out, code = "", -9
    wall = time.monotonic() - start
    status = "ERROR"
    for line in out.splitlines():
        if line.startswith("s "):
            status = line[2:].strip()
    nodes = re.search(r"^c nodes (\d+)", out, re.M)
    objectives = re.findall(r"^o (-?\d+)", out, re.M)
    sense = re.search(r"^c instance .*, (minimise|maximise)", out, re.M)
    search = re.search(r"search ([0-9.]+) s", out)
    backend = re.search(r"^c backend: (.*)$", out, re.M)
    return dict(status=status, exit=code, wall=wall,
                nodes=int(nodes.group(1)) if nodes else 0,
                search_seconds=float(search.group(1)) if search else 0.0,
                backend=backend.group(1) if backend else "",
                objective=int(objectives[-1]) if objectives else None,
                sense=sense.group(1) if sense else None)


def family(path, root):
    rel = os.path.relpath(path, root)
    return rel.split(os.sep)[0] if os.sep in rel else "."


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--files", required=True, help="glob (recursive **)")
    ap.add_argument("--limit", type=float, default=10)
    ap.add_argument("--variant", action="append", required=True, help="NAME=OPTIONS")
    ap.add_argument("--jobs", action="append", default=[], help="NAME=K")
    ap.add_argument("--answers", help="FILE | STATUS lines (paths relative to the glob's root)")
    ap.add_argument("--json")
    ap.add_argument("--gpus", help="device list for the --backend gpu variants (solve --gpus)")
    ap.add_argument("--rerun-above", type=float, default=-1,
                    help="later variants only on the files the first variant did not settle "
                         "within this many seconds (the others count as settled by all, with "
                         "the first variant's time; said in the output)")
    ap.add_argument("--pin", action="append", default=[],
                    help="NAME=CPUS: run that variant's processes on these cores (taskset -c)")
    ap.add_argument("--together", action="append", default=[],
                    help="N1,N2,...: these later variants run at the same time (pin them to "
                         "disjoint cores), e.g. the GPU beside the 16-core CPU on a 32-core "
                         "machine")
    args = ap.parse_args()
    if args.gpus:
        args.variant = [v + f" --gpus {args.gpus}"
                        if "--backend gpu" in v and "--gpus" not in v else v
                        for v in args.variant]
    binary = os.path.join(os.path.abspath(args.build), "cli", "arcwave")
    files = sorted(glob.glob(args.files, recursive=True))
    root = os.path.commonpath(files) if len(files) > 1 else os.path.dirname(files[0])
    variants = [v.split("=", 1) for v in args.variant]
    jobs = {k: int(v) for k, v in (j.split("=", 1) for j in args.jobs)}
    known = {}
    if args.answers:
        base = os.path.dirname(os.path.abspath(args.answers))
        for line in open(args.answers):
            if line.startswith("#") or "|" not in line:
                continue
            f, s = [x.strip() for x in line.split("|")[:2]]
            known[os.path.normpath(os.path.join(base, f))] = s
    rows = {f: dict(file=os.path.relpath(f, root), family=family(f, root)) for f in files}
    pins = dict(p.split("=", 1) for p in args.pin)
    lock = threading.Lock()

    def run_variant(k, name, options):
        t0 = time.monotonic()
        todo = files
        if k > 0 and args.rerun_above >= 0:
            first = variants[0][0]
            todo = [f for f in files if rows[f][first]["status"] not in SETTLED or
                    rows[f][first]["wall"] >= args.rerun_above]
            for f in files:
                if f not in todo:
                    rows[f][name] = dict(rows[f][first], assumed=True)
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs.get(name, 1)) as pool:
            futures = {pool.submit(run, binary, f, args.limit, options, pins.get(name)): f
                       for f in todo}
            for fut in concurrent.futures.as_completed(futures):
                f, r = futures[fut], fut.result()
                with lock:
                    rows[f][name] = r
                    print(f"  {name} {os.path.relpath(f, root)} {r['status']} {r['wall']:.2f} s "
                          f"{r['nodes']} nodes", flush=True)
        with lock:
            if args.json:  # what is done so far survives a run cut short
                with open(args.json, "w") as out:
                    json.dump(dict(partial=True, rows=list(rows.values())), out, indent=1)
            print(f"variant {name} ({options}"
                  + (f", cores {pins[name]}" if name in pins else "")
                  + f"): {time.monotonic() - t0:.0f} s for {len(todo)} files"
                  + (f" ({len(files) - len(todo)} settled by {variants[0][0]} within "
                     f"{args.rerun_above} s count as settled)" if len(todo) < len(files) else ""),
                  flush=True)

    groups = [g.split(",") for g in args.together]
    done = set()
    for k, (name, options) in enumerate(variants):
        if name in done:
            continue
        group = next((g for g in groups if name in g and k > 0), [name])
        threads = [threading.Thread(target=run_variant, args=(i, n, o))
                   for i, (n, o) in enumerate(variants) if n in group]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        done.update(group)
    bad = []
    for f, row in rows.items():
        k = known.get(os.path.normpath(f))
        for name, _ in variants:
            s = row[name]["status"]
            if k in ("SATISFIABLE", "UNSATISFIABLE") and s in SETTLED and \
                    (s == "UNSATISFIABLE") != (k == "UNSATISFIABLE"):
                bad.append((row["file"], name, s, k))
        # Variants must not contradict each other either.
        answers = {row[n]["status"] for n, _ in variants if row[n]["status"] in SETTLED}
        if "UNSATISFIABLE" in answers and len(answers) > 1:
            bad.append((row["file"], "between variants", ",".join(sorted(answers)), k))
    families = sorted({r["family"] for r in rows.values()})
    summary = {}
    print(f"{'family':<10} {'files':>5} " + " ".join(
        f"{n + ' settled':>14} {n + ' s':>9} {n + ' nodes/s':>14}" for n, _ in variants))
    def batched(r):  # files counted as settled from the first variant's run are not counted
        return not r.get("assumed") and "batched MAC" in r.get("backend", "")

    for fam in families + ["ALL"]:
        fr = [r for r in rows.values() if fam == "ALL" or r["family"] == fam]
        common = [r for r in fr if all(r[n]["status"] in SETTLED for n, _ in variants)]
        entry = dict(files=len(fr), settled_by_all=len(common))
        line = f"{fam:<10} {len(fr):>5} "
        for n, _ in variants:
            settled = sum(r[n]["status"] in SETTLED for r in fr)
            secs = sum(r[n]["wall"] for r in common)
            nodes = sum(r[n]["nodes"] for r in fr)
            search = sum(r[n]["search_seconds"] for r in fr)
            nps = nodes / search if search > 0 else 0
            entry[n] = dict(settled=settled, seconds_on_common=secs, nodes_per_second=nps,
                            batched=sum(batched(r[n]) for r in fr))
            line += f"{settled:>14} {secs:>9.1f} {nps:>14.0f} "
        summary[fam] = entry
        print(line)
    print("runs of the batched search (the c backend line names it; of the files each variant "
          "ran): " + ", ".join(
              f"{n} {summary['ALL'][n]['batched']} of "
              f"{sum(not r[n].get('assumed') for r in rows.values())}" for n, _ in variants))
    # Optimisation files: each variant's best objective, and how often it is the best one found
    # (ties count for every variant that has it); an optimum one variant proves that another
    # beats is a contradiction.
    cops = [r for r in rows.values() if any(r[n].get("sense") for n, _ in variants)]
    best_count = {n: 0 for n, _ in variants}
    if cops:
        print("optimisation files: best objective per variant (* the best found, ! proved)")
        for r in cops:
            sense = next(r[n]["sense"] for n, _ in variants if r[n].get("sense"))
            found = [r[n]["objective"] for n, _ in variants if r[n].get("objective") is not None]
            top = (min(found) if sense == "minimise" else max(found)) if found else None
            cells = []
            for n, _ in variants:
                o = r[n].get("objective")
                mark = "*" if o is not None and o == top else ""
                mark += "!" if r[n]["status"] == "OPTIMUM FOUND" else ""
                best_count[n] += 1 if o is not None and o == top else 0
                cells.append(f"{n} {o if o is not None else '-'}{mark}")
                if r[n]["status"] == "OPTIMUM FOUND" and o is not None and top is not None and \
                        o != top:
                    bad.append((r["file"], n, f"optimum {o}", f"another variant found {top}"))
            print(f"  {r['file']:<50} " + "  ".join(cells))
        print(f"best objective on the {len(cops)} optimisation files: " +
              ", ".join(f"{n} {best_count[n]}" for n, _ in variants))
        summary["best_objective"] = dict(files=len(cops), **best_count)
    # Geometric mean of time ratios on the files every variant settles (first variant as base).
    base = variants[0][0]
    common = [r for r in rows.values() if all(r[n]["status"] in SETTLED for n, _ in variants)]
    for n, _ in variants[1:]:
        ratios = [r[base]["wall"] / max(r[n]["wall"], 1e-3) for r in common]
        if ratios:
            g = math.exp(sum(math.log(x) for x in ratios) / len(ratios))
            print(f"{base} time / {n} time on the {len(ratios)} files all settle: geometric mean "
                  f"{g:.2f}")
            summary[f"geomean_{base}_over_{n}"] = g
    for b in bad:
        print("CONTRADICTION", *b)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(dict(summary=summary, rows=list(rows.values()), contradictions=bad), f,
                      indent=1)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
