#!/usr/bin/env python3
"""MPI ranks against threads on one machine (parallel-search issue): for each instance,
`arcwave solve -p T` (threads) and `MPIRUN -np K arcwave solve -p T/K` (K ranks of T/K threads
each), --repeat times each, alternating; per instance the median wall and search times, the ratio
MPI / threads, and the communication overhead per subproblem: (MPI search time - threads search
time) / subproblems served. Answers must agree (a disagreement makes the exit status 1).

    bench/parallel/mpi_vs_threads.py --arcwave BUILD/cli/arcwave --mpirun "mpirun" \
        --ranks 2 --threads 16 --limit 60 --repeat 3 FILE...
"""
import argparse
import math
import re
import shlex
import statistics
import subprocess
import sys
import time


def solve(command, limit):
    start = time.monotonic()
    p = subprocess.run(command, capture_output=True, text=True, timeout=limit * 3 + 60)
    wall = time.monotonic() - start
    out = p.stdout
    status = next((l[2:].strip() for l in out.splitlines() if l.startswith("s ")), "ERROR")
    search = re.search(r"^c time .*search ([0-9.]+) s", out, re.M)
    subproblems = re.search(r"^c parallel: .*?(\d+) subproblems", out, re.M)
    splits = re.search(r"(\d+) splits", out)
    return {
        "status": status,
        "wall": wall,
        "search": float(search.group(1)) if search else math.nan,
        "subproblems": int(subproblems.group(1)) if subproblems else 0,
        "splits": int(splits.group(1)) if splits else 0,
        "code": p.returncode,
        "stderr": p.stderr[-400:],
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("files", nargs="+")
    ap.add_argument("--arcwave", required=True)
    ap.add_argument("--mpirun", default="mpirun", help="the mpirun command (with its options)")
    ap.add_argument("--ranks", type=int, default=2)
    ap.add_argument("--threads", type=int, default=16, help="threads in all (split over ranks)")
    ap.add_argument("--limit", type=float, default=60)
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    per_rank = max(1, a.threads // a.ranks)
    threads_cmd = lambda f: [a.arcwave, "solve", f, "-p", str(a.threads), "-t", str(a.limit)]
    mpi_cmd = lambda f: shlex.split(a.mpirun) + ["-np", str(a.ranks), a.arcwave, "solve", f, "-p",
                                                 str(per_rank), "-t", str(a.limit)]
    print(f"threads: -p {a.threads}; MPI: -np {a.ranks} x -p {per_rank}; median of {a.repeat}")
    print(f"{'instance':40} {'answer':14} {'wall thr':>9} {'wall mpi':>9} {'ratio':>6} "
          f"{'srch thr':>9} {'srch mpi':>9} {'subpr':>6} {'ovh/subpr ms':>12}")
    ratios_wall, ratios_search, disagreements = [], [], 0
    for f in a.files:
        runs = {"thr": [], "mpi": []}
        for _ in range(a.repeat):
            runs["thr"].append(solve(threads_cmd(f), a.limit))
            runs["mpi"].append(solve(mpi_cmd(f), a.limit))
        answers = {r["status"] for k in runs for r in runs[k]}
        if len(answers) != 1:
            disagreements += 1
        med = {k: {m: statistics.median(r[m] for r in runs[k]) for m in ("wall", "search")}
               for k in runs}
        sub = statistics.median(r["subproblems"] + r["splits"] for r in runs["mpi"])
        ratio_wall = med["mpi"]["wall"] / med["thr"]["wall"]
        ratio_search = med["mpi"]["search"] / max(med["thr"]["search"], 1e-6)
        ratios_wall.append(ratio_wall)
        ratios_search.append(ratio_search)
        overhead = (med["mpi"]["search"] - med["thr"]["search"]) / sub * 1e3 if sub else math.nan
        name = f.rsplit("/", 1)[-1][:40]
        print(f"{name:40} {'/'.join(sorted(answers))[:14]:14} {med['thr']['wall']:9.3f} "
              f"{med['mpi']['wall']:9.3f} {ratio_wall:6.2f} {med['thr']['search']:9.3f} "
              f"{med['mpi']['search']:9.3f} {sub:6.0f} {overhead:12.3f}")
        for k in runs:
            for r in runs[k]:
                if r["code"] not in (0, 10, 20, 30) and r["status"] == "ERROR":
                    print(f"  {k} run failed (exit {r['code']}): {r['stderr']}")
    gm = lambda xs: math.exp(sum(math.log(x) for x in xs) / len(xs))
    print(f"geometric mean MPI / threads: wall {gm(ratios_wall):.3f}, search "
          f"{gm(ratios_search):.3f} (target: within 1.10); disagreements {disagreements}")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
