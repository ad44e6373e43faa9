#!/usr/bin/env python3
"""Solves every real XCSP3 instance of the shared set with a time limit and compares the answers
with the known ones and with Cosoco's (answers.txt beside the files).

    bench/xcsp3_real/run.py BUILD_DIR [--limit 30] [--jobs 1] [--json OUT.json] \
        [--extra "solve options"]

One line per file: known answer, Cosoco's status / objective / seconds, arcwave's status /
objective / wall seconds. The summary counts the files read (exit 0 of `info`), the files
settled (SAT/UNSAT on a CSP, a proven optimum on a COP) by each solver, the answers that
contradict a known one, and the total time of each solver on the files both settle.
"""
import argparse
import concurrent.futures
import json
import lzma
import os
import subprocess
import sys
import time


def shared_dir():
    env = os.environ.get("ARCWAVE_SHARED_INSTANCES")
    here = os.path.dirname(os.path.abspath(__file__))
    root = env if env else os.path.join(here, "..", "..", "..", "shared", "instances")
    return os.path.join(root, "xcsp3-real")


def read_answers(folder):
    rows = []
    with open(os.path.join(folder, "answers.txt")) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            file, known, c_status, c_best, c_seconds = [x.strip() for x in line.split("|")]
            rows.append(dict(file=file, known=known, cosoco=c_status,
                             cosoco_best=int(c_best) if c_best else None,
                             cosoco_seconds=float(c_seconds)))
    return rows


def objective_sense(path):
    """'min', 'max' or None (a CSP), from the file's text."""
    with open(path, "rb") as f:
        data = f.read()
    text = lzma.decompress(data) if path.endswith(".lzma") or path.endswith(".xz") else data
    if b"<minimize" in text:
        return "min"
    if b"<maximize" in text:
        return "max"
    return None


def run_one(binary, path, limit, extra):
    info = subprocess.run([binary, "info", path], capture_output=True, text=True)
    row = dict(read=info.returncode == 0, read_error=info.stderr.strip()[:200])
    start = time.monotonic()
    p = subprocess.run([binary, "solve", path, "-t", str(limit)] + extra,
                       capture_output=True, text=True, timeout=limit * 3 + 60)
    row["seconds"] = time.monotonic() - start
    row["exit"] = p.returncode
    status, best = None, None
    for line in p.stdout.splitlines():
        if line.startswith("s "):
            status = line[2:].strip()
        elif line.startswith("o "):
            best = int(line[2:].strip())
    row["status"] = status or ("ERROR" if p.returncode not in (0, 1) else "UNKNOWN")
    row["best"] = best
    row["error"] = p.stderr.strip()[:200] if row["status"] == "ERROR" else ""
    return row


def settled(status, sense):
    if sense is None:
        return status in ("SATISFIABLE", "UNSATISFIABLE")
    return status in ("OPTIMUM FOUND", "UNSATISFIABLE")


def better(a, b, sense):
    return a < b if sense == "min" else a > b


def contradiction(known, status, best, sense):
    """Why arcwave's answer contradicts the known one, or ''."""
    if known == "unknown" or status in ("UNKNOWN", "ERROR"):
        return ""
    kind, _, value = known.partition(" ")
    if kind == "UNSATISFIABLE":
        return "" if status == "UNSATISFIABLE" else "solution on a known UNSAT instance"
    if status == "UNSATISFIABLE":
        return "UNSAT where a solution is known"
    if kind in ("OPTIMUM", "BEST-KNOWN") and best is not None:
        v = int(value)
        if kind == "OPTIMUM" and status == "OPTIMUM FOUND" and best != v:
            return f"optimum {best}, known {v}"
        if kind == "OPTIMUM" and better(best, v, sense):
            return f"objective {best} beats the proven optimum {v}"
        if kind == "BEST-KNOWN" and status == "OPTIMUM FOUND" and better(v, best, sense):
            return f"claims optimum {best}, {v} is known"
    return ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--limit", type=float, default=30)
    ap.add_argument("--jobs", type=int, default=1, help="files solved at once")
    ap.add_argument("--json")
    ap.add_argument("--extra", default="", help="more `arcwave solve` options, e.g. '-p 1'")
    args = ap.parse_args()
    binary = os.path.join(os.path.abspath(args.build), "cli", "arcwave")
    folder = shared_dir()
    rows = read_answers(folder)
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(run_one, binary, os.path.join(folder, r["file"]), args.limit,
                               args.extra.split()) for r in rows]
        for r, f in zip(rows, futures):
            r.update(f.result())
            r["sense"] = objective_sense(os.path.join(folder, r["file"]))
            r["contradiction"] = contradiction(r["known"], r["status"], r["best"], r["sense"])
            print(f'{r["file"]:<52} {r["known"]:<20} cosoco {r["cosoco"]:<14} '
                  f'{str(r["cosoco_best"] or ""):>9} {r["cosoco_seconds"]:6.1f}s | arcwave '
                  f'{r["status"]:<14} {str(r["best"] if r["best"] is not None else ""):>9} '
                  f'{r["seconds"]:6.1f}s {r["contradiction"] or r["error"]}', flush=True)
    read = sum(r["read"] for r in rows)
    ours = [r for r in rows if settled(r["status"], r["sense"])]
    theirs = [r for r in rows if settled(r["cosoco"], r["sense"])]
    both = [r for r in rows if r in ours and r in theirs]
    bad = [r for r in rows if r["contradiction"]]
    summary = dict(files=len(rows), read=read, settled_arcwave=len(ours),
                   settled_cosoco=len(theirs), settled_both=len(both),
                   contradictions=len(bad), limit_seconds=args.limit,
                   both_seconds_arcwave=sum(r["seconds"] for r in both),
                   both_seconds_cosoco=sum(r["cosoco_seconds"] for r in both),
                   only_arcwave=[r["file"] for r in ours if r not in theirs],
                   only_cosoco=[r["file"] for r in theirs if r not in ours])
    print(f'files {len(rows)}; read {read}; settled: arcwave {len(ours)}, Cosoco {len(theirs)} '
          f'(both {len(both)}); contradictions {len(bad)}')
    print(f'on the files both settle: arcwave {summary["both_seconds_arcwave"]:.1f} s, '
          f'Cosoco {summary["both_seconds_cosoco"]:.1f} s (its 2-core machine, its runs)')
    print("settled by arcwave only:", ", ".join(summary["only_arcwave"]) or "-")
    print("settled by Cosoco only:", ", ".join(summary["only_cosoco"]) or "-")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(dict(summary=summary, rows=rows), f, indent=1)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
