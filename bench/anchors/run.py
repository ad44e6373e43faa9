#!/usr/bin/env python3
"""Runs arcwave beside the anchor solvers ACE and OR-Tools CP-SAT on the shared XCSP3 files
and says, per file that arcwave loses, why it looks lost.

    bench/anchors/setup.sh                       # once: ACE (pycsp3's jar), CPMpy + OR-Tools
    bench/anchors/run.py [--limit 30] [--jobs 2] [--out DIR] [--markdown FILE]
    bench/anchors/run.py --binary                # the 294 binary files (answers.txt: Cosoco)
    bench/anchors/run.py --solvers arcwave --variant geo="--restarts geometric" \
        --files basics/Langford-3-10.xml.lzma    # arcwave variants on some files

Every solver runs on one core (taskset, one per job slot; arcwave `solve -p 1`, ACE's default
single search thread, CP-SAT `num_workers=1` through CPMpy's XCSP3 runner), with the time limit
given to the solver itself and a hard stop (SIGTERM, then SIGKILL 2 s later) at limit + grace.
Recorded per solver and file: status, wall seconds, time to the first solution, the objective
trajectory (time of arrival of each `o` line), the final objective, arcwave's `c` statistics
and ACE's `d` lines. Every answer is checked against the known answer and against the other
solvers' answers; a contradiction is printed loudly and makes the exit code 1.

Standard library only (the solvers run in their own processes).
"""
import argparse
import csv
import datetime
import glob
import json
import lzma
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
ANSI = re.compile(r"\x1b\[[0-9;]*m")
SOLVER_NAMES = {"arcwave": "arcwave", "ace": "ACE", "cpsat": "CP-SAT", "cosoco": "Cosoco"}


# ------------------------------------------------------------------------------------ files --

def instances_root():
    env = os.environ.get("ARCWAVE_SHARED_INSTANCES")
    return env if env else os.path.join(ROOT, "..", "shared", "instances")


def read_real_answers(folder):
    """answers.txt of xcsp3-real: file|known|Cosoco status|Cosoco best|Cosoco seconds."""
    rows = {}
    with open(os.path.join(folder, "answers.txt")) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            file, known, c_status, c_best, c_seconds = [x.strip() for x in line.split("|")]
            rows[file] = dict(known=known, cosoco=dict(
                status=norm_status(c_status), objective=int(c_best) if c_best else None,
                seconds=float(c_seconds)))
    return rows


def read_binary_answers(root):
    """instances/answers.txt: xcsp3-binary/FILE | Cosoco status (10 s) | seconds."""
    rows = {}
    path = os.path.join(root, "answers.txt")
    if not os.path.exists(path):
        path = os.path.join(root, "xcsp3-binary", "answers.txt")
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            file, status, seconds = [x.strip() for x in line.split("|")]
            file = file.split("xcsp3-binary/", 1)[-1]
            s = norm_status(status)
            known = {"SAT": "SATISFIABLE", "UNSAT": "UNSATISFIABLE"}.get(s, "unknown")
            try:
                secs = float(seconds)
            except ValueError:
                secs = None
                if seconds == "not run":
                    s = "not run"
            rows[file] = dict(known=known, cosoco=dict(status=s, objective=None, seconds=secs))
    return rows


def list_files(folder):
    out = []
    for dirpath, _, names in os.walk(folder):
        for n in names:
            if n.endswith((".xml", ".xml.lzma", ".xml.xz", ".lzma", ".xz")):
                out.append(os.path.relpath(os.path.join(dirpath, n), folder))
    return sorted(out)


def objective_sense(path):
    """'min', 'max' or None (a CSP), from the file's text."""
    with open(path, "rb") as f:
        data = f.read()
    if path.endswith((".lzma", ".xz")):
        data = lzma.decompress(data)
    if b"<minimize" in data:
        return "min"
    if b"<maximize" in data:
        return "max"
    return None


# ---------------------------------------------------------------------------------- solvers --

def keep_lines(lines):
    """The lines of runs.jsonl: every s, o, c and d line, the first 300 others, no v line."""
    out, others = [], 0
    for t, l in lines:
        if l.startswith("v "):
            continue
        if not l.startswith(("s ", "o ", "c ", "d ")):
            others += 1
            if others > 300:
                continue
        out.append((round(t, 3), l))
    return out


def norm_status(text):
    t = (text or "").strip().upper()
    return {"SATISFIABLE": "SAT", "UNSATISFIABLE": "UNSAT", "OPTIMUM FOUND": "OPTIMUM",
            "OPTIMUM": "OPTIMUM", "UNSUPPORTED": "unsupported", "UNKNOWN": "unknown",
            "": "unknown"}.get(t, t.lower())


def find_ace_jar(venv):
    jars = sorted(glob.glob(os.path.join(venv, "lib", "python3*", "site-packages", "pycsp3",
                                         "solvers", "ace", "ACE-*.jar")))
    return jars[-1] if jars else None


def solver_command(name, path, limit, args):
    """The command line of one solver on one file (without taskset)."""
    base = name.split(":", 1)[0]
    if base == "arcwave":
        extra = args.variants.get(name, args.arcwave_args)
        return [args.arcwave, "solve", path, "-t", fmt_num(limit)] + extra.split()
    if base == "ace":
        return ["java", "-jar", args.ace_jar, path, f"-t={fmt_num(limit)}s"] + args.ace_args.split()
    if base == "cpsat":
        return [os.path.join(args.venv, "bin", "python"), "-m", "cpmpy.tools.xcsp3.xcsp3_cpmpy",
                path, "--solver", "ortools", "-c", "1", "-l", str(int(round(limit))),
                "--intermediate"] + args.cpsat_args.split()
    raise ValueError(name)


def fmt_num(x):
    return str(int(x)) if float(x).is_integer() else str(x)


def run_process(cmd, limit, grace, cpu, env):
    """Runs cmd, reading stdout line by line with each line's arrival time (seconds since the
    start). SIGTERM at limit + grace, SIGKILL 2 s later. Returns a dict."""
    if cpu is not None:
        cmd = ["taskset", "-c", str(cpu)] + cmd
    start = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                         start_new_session=True, text=True, errors="replace", bufsize=1)
    lines = []
    err = []

    def read_out():
        for line in p.stdout:
            lines.append((time.monotonic() - start, ANSI.sub("", line.rstrip("\r\n"))))

    def read_err():
        for line in p.stderr:
            if len(err) < 400:
                err.append(ANSI.sub("", line.rstrip("\r\n")))

    threads = [threading.Thread(target=read_out, daemon=True),
               threading.Thread(target=read_err, daemon=True)]
    for t in threads:
        t.start()
    killed = None
    try:
        p.wait(timeout=limit + grace)
    except subprocess.TimeoutExpired:
        killed = "SIGTERM"
        try:
            os.killpg(p.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            p.wait(timeout=2)
        except subprocess.TimeoutExpired:
            killed = "SIGKILL"
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            p.wait()
    wall = time.monotonic() - start
    for t in threads:
        t.join(timeout=5)
    return dict(cmd=cmd, exit=p.returncode, wall=wall, killed=killed, lines=lines, stderr=err)


INT = re.compile(r"-?\d+")
ARC_STATS = [
    (re.compile(r"^c nodes (\d+) fails (\d+) restarts (\d+) max depth (\d+)"),
     ("nodes", "fails", "restarts", "max_depth")),
    (re.compile(r"^c propagations (\d+) removals (\d+) solutions (\d+)"),
     ("propagations", "removals", "solutions")),
    (re.compile(r"^c nodes per second ([\d.]+)"), ("nodes_per_second",)),
    (re.compile(r"^c time parse ([\d.]+) s, model ([\d.]+) s, init ([\d.]+) s, propagate ([\d.]+) s,"
                r" search ([\d.]+) s"),
     ("parse_s", "model_s", "init_s", "propagate_s", "search_s")),
]


def parse_output(name, res, sense, cutoff):
    """Status, objective trajectory and statistics from a run's lines. Lines that arrived after
    `cutoff` seconds of wall time (the limit plus a second to print) do not count: every solver
    is judged on the same clock (ACE's own -t starts after the JVM has started and read the
    file); what came later is kept as late_status / late_objective."""
    base = name.split(":", 1)[0]
    late_status = None
    late_obj = None
    status_line = None
    status_time = None
    traj = []
    v_time = None
    v_cost = None
    stats = {}
    for t, line in res["lines"]:
        if t > cutoff and line.startswith(("s ", "o ", "v ")):
            if line.startswith("s "):
                late_status = norm_status(line[2:])
            elif line.startswith("o "):
                m = INT.search(line[2:])
                late_obj = int(m.group()) if m else late_obj
            continue
        if line.startswith("s "):
            status_line, status_time = line[2:].strip(), t
        elif line.startswith("o "):
            m = INT.search(line[2:])
            if m:
                traj.append([round(t, 3), int(m.group())])
        elif line.startswith("v "):
            if v_time is None:
                v_time = t
            m = re.search(r"cost=['\"](-?\d+)['\"]", line)
            if m:
                v_cost = int(m.group(1))
        elif base == "arcwave" and line.startswith("c "):
            for rx, keys in ARC_STATS:
                m = rx.match(line)
                if m:
                    for k, val in zip(keys, m.groups()):
                        stats[k] = float(val) if "." in val else int(val)
            if line.startswith("c backend:"):
                stats["backend"] = line[len("c backend:"):].strip()
            elif line.startswith("c engine "):
                stats["engine"] = line[len("c engine "):].strip()
            elif line.startswith("c search "):
                stats["search"] = line[len("c search "):].strip()
            elif line.startswith("c instance "):
                stats["instance"] = line[len("c instance "):].strip()
        elif base == "ace" and line.startswith("d "):
            parts = line[2:].split(None)
            # "d WRONG DECISIONS  42,732  (..)" -> key WRONG DECISIONS
            m = re.match(r"d ([A-Z][A-Z0-9 \-]*?)\s{2,}(.*)$", line)
            if m:
                stats[m.group(1).strip()] = m.group(2).strip()
            elif parts:
                stats[" ".join(parts)] = True
    status = norm_status(status_line) if status_line is not None else "unknown"
    final = traj[-1][1] if traj else None
    if final is None and v_cost is not None and sense is not None:
        final = v_cost
        traj.append([round(v_time, 3), v_cost])
    elif v_cost is not None and sense is not None and final is not None and v_cost != final:
        # the certificate's cost is the answer; a later, better o line would be odd
        stats["v_cost_differs"] = v_cost
    if sense is None:
        first = status_time if status in ("SAT",) else (v_time if v_time is not None else None)
    else:
        first = traj[0][0] if traj else None
    message = ""
    if base == "arcwave" and res["exit"] in (2, 3, 4, 5, 70):
        message = " ".join(res["stderr"][-3:])[:300]
        status = {2: "refused(2)", 3: "refused(3)", 4: "memory(4)", 5: "cuda(5)",
                  70: "internal(70)"}[res["exit"]]
    elif status in ("unknown", "unsupported") and res["stderr"]:
        message = " ".join(res["stderr"][-2:])[:300]
    if status in ("unknown", "unsupported") and base in ("cpsat", "ace") and late_status is None:
        # CPMpy prints its exception as comment lines, pycsp3's parser "EXIT because ...",
        # ACE a Java exception
        keys = ("got raised", "Error", "EXIT", "not implemented", "Exception", "rror")
        errs = [l for _, l in res["lines"] if any(k in l for k in keys)]
        errs += [l for l in res["stderr"] if any(k in l for k in keys)]
        if errs:
            message = " ".join(e.strip() for e in errs[:2])[:300]
    if sense is not None and status == "SAT" and final is None:
        status = "unknown"  # no objective: treat as no solution
    if sense is not None and status == "unknown" and final is not None and not message:
        status = "SAT"  # solutions in time, no answer line in time (late or killed)
    return dict(status=status, wall=round(res["wall"], 3), exit=res["exit"], killed=res["killed"],
                first=round(first, 3) if first is not None else None, final=final,
                trajectory=traj, stats=stats, message=message,
                status_time=round(status_time, 3) if status_time is not None else None,
                late_status=late_status, late_objective=late_obj)


# -------------------------------------------------------------------------------- judgement --

def settled(status, sense):
    if sense is None:
        return status in ("SAT", "UNSAT")
    return status in ("OPTIMUM", "UNSAT")


def better(a, b, sense):
    return a < b if sense == "min" else a > b


def has_solution(r, sense):
    return r["status"] in ("SAT", "OPTIMUM") or (sense is not None and r.get("final") is not None)


def check_known(known, r, sense):
    """Why an answer contradicts the known one, or ''."""
    if known == "unknown":
        return ""
    kind, _, value = known.partition(" ")
    sol = has_solution(r, sense)
    if kind == "UNSATISFIABLE":
        return "a solution on a known UNSAT instance" if sol else ""
    if r["status"] == "UNSAT":
        return "UNSAT where a solution is known"
    if kind in ("OPTIMUM", "BEST-KNOWN") and r.get("final") is not None:
        v, best = int(value), r["final"]
        if kind == "OPTIMUM" and r["status"] == "OPTIMUM" and best != v:
            return f"optimum {best}, the known optimum is {v}"
        if kind == "OPTIMUM" and better(best, v, sense):
            return f"objective {best} beats the proven optimum {v}"
        if kind == "BEST-KNOWN" and r["status"] == "OPTIMUM" and better(v, best, sense):
            return f"claims optimum {best}, {v} is known"
    return ""


def cross_check(results, sense):
    """Contradictions between solvers on one file."""
    out = []
    names = list(results)
    for a in names:
        ra = results[a]
        for b in names:
            if a == b:
                continue
            rb = results[b]
            if ra["status"] == "UNSAT" and has_solution(rb, sense):
                out.append(f"{a} says UNSAT, {b} has a solution")
            if sense is not None and ra["status"] == "OPTIMUM" and ra.get("final") is not None:
                if rb.get("final") is not None and better(rb["final"], ra["final"], sense):
                    out.append(f"{a} claims optimum {ra['final']}, {b} found {rb['final']}")
    return out


def reached_at(traj, value, sense):
    """First time a trajectory reaches an objective at least as good as value."""
    for t, v in traj:
        if v == value or better(v, value, sense):
            return t
    return None


def diagnose(file, sense, results, limit):
    """(is_lost, winners, causes, detail) for arcwave on one file."""
    a = results.get("arcwave")
    if a is None:
        return False, [], [], ""
    others = {k: v for k, v in results.items() if not k.startswith("arcwave")}
    a_settled = settled(a["status"], sense)
    winners = []
    for k, r in others.items():
        if settled(r["status"], sense) and not a_settled:
            winners.append(k)
        elif (sense is not None and r.get("final") is not None
              and (a.get("final") is None or better(r["final"], a["final"], sense))):
            winners.append(k)
    winners = sorted(set(winners))
    if not winners:
        return False, [], [], ""
    causes = []
    detail = []
    st = a.get("stats", {})
    if a["status"].startswith(("refused", "memory", "cuda", "internal")):
        causes.append(f"{a['status']}")
        detail.append(a.get("message", ""))
        return True, winners, causes, "; ".join(d for d in detail if d)
    # the best other: settled first, else best objective
    def key(k):
        r = others[k]
        s = settled(r["status"], sense)
        return (0 if s else 1, r.get("seconds", r.get("wall", limit)) or limit)
    best_other = sorted(winners, key=key)[0]
    bo = others[best_other]
    bo_first = bo.get("first")
    if sense is None:
        if a["status"] == "unknown":
            causes.append("no solution (CSP)")
            t = bo.get("wall", bo.get("seconds"))
            detail.append(f"{SOLVER_NAMES.get(best_other, best_other)} settles it in "
                          f"{t:.1f} s ({bo['status']})" if t is not None else "")
    else:
        if a.get("final") is None:
            causes.append("no first solution")
            if bo_first is not None:
                detail.append(f"{SOLVER_NAMES.get(best_other, best_other)}'s first solution at "
                              f"{bo_first:.1f} s")
        else:
            af = a.get("first")
            firsts = [r.get("first") for r in others.values() if r.get("first") is not None]
            if af is not None and firsts and af > max(1.0, 10 * min(firsts)):
                causes.append("slow first solution")
                detail.append(f"first solution at {af:.1f} s against {min(firsts):.2f} s")
            best_final = None
            for k in winners:
                f = others[k].get("final")
                if f is not None and (best_final is None or better(f, best_final, sense)):
                    best_final = f
            if best_final is not None and better(best_final, a["final"], sense):
                causes.append("weak objective trajectory")
                traj = a["trajectory"]
                gap = abs(a["final"] - best_final) / max(1, abs(best_final))
                ours = f"{len(traj)} solutions, {traj[0][1]}@{traj[0][0]:.1f}s -> " \
                       f"{traj[-1][1]}@{traj[-1][0]:.1f}s" if traj else ""
                who = [k for k in winners if others[k].get("final") == best_final]
                t_reach = [reached_at(others[k].get("trajectory") or [], a["final"], sense)
                           for k in who]
                t_reach = [t for t in t_reach if t is not None]
                detail.append(f"arcwave {ours}; best {best_final} ({', '.join(SOLVER_NAMES.get(k, k) for k in who)}), "
                              f"gap {100 * gap:.1f}%"
                              + (f"; they pass arcwave's final value at {min(t_reach):.1f} s"
                                 if t_reach else ""))
            elif not a_settled:
                causes.append("no optimality proof")
                proofs = [f"{SOLVER_NAMES.get(k, k)} {others[k].get('wall', others[k].get('seconds')):.1f} s"
                          for k in winners if settled(others[k]["status"], sense)]
                detail.append(f"same best objective {a['final']}; proved by " + ", ".join(proofs))
    nps = st.get("nodes_per_second")
    if nps is not None and nps < 1000:
        causes.append("nodes per second very low")
        detail.append(f"{nps:.0f} nodes/s")
    if st.get("nodes") is not None:
        detail.append(f"nodes {st['nodes']} fails {st.get('fails')} restarts {st.get('restarts')}"
                      f" depth {st.get('max_depth')}")
    return True, winners, causes, "; ".join(d for d in detail if d)


# --------------------------------------------------------------------------------- printing --

def short(r, sense):
    if r is None:
        return "-"
    s = r["status"]
    obj = "" if r.get("final") is None or sense is None else f" {r['final']}"
    secs = r.get("wall", r.get("seconds"))
    t = f" {secs:.1f}s" if secs is not None else ""
    late = f" (late {r['late_status']})" if r.get("late_status") and r.get("late_status") != s else ""
    return f"{s}{obj}{t}{late}"


def summarise(files, solvers, limit):
    """Counts per solver: settled, best objective per COP (ties count for each), seconds on
    the files every solver settles."""
    summary = {}
    cops = [f for f in files if f["sense"] is not None]
    all_settle = [f for f in files
                  if all(settled(f["results"].get(s, {"status": "?"})["status"], f["sense"])
                         for s in solvers)]
    for s in solvers:
        rs = [f["results"].get(s) for f in files]
        n_settled = sum(1 for f, r in zip(files, rs) if r and settled(r["status"], f["sense"]))
        best = 0
        nosol = 0
        for f in cops:
            finals = [f["results"][k].get("final") for k in solvers
                      if k in f["results"] and f["results"][k].get("final") is not None]
            r = f["results"].get(s)
            if r is None or r.get("final") is None:
                nosol += 1
                continue
            top = finals[0]
            for v in finals:
                if better(v, top, f["sense"]):
                    top = v
            if r["final"] == top:
                best += 1
        secs = sum((f["results"][s].get("wall") or f["results"][s].get("seconds") or 0)
                   for f in all_settle)
        contra = sum(1 for f in files if f["results"].get(s, {}).get("contradiction"))
        summary[s] = dict(settled=n_settled, best_objective=best, cops_without_solution=nosol,
                          seconds_on_all_settled=round(secs, 1), contradictions=contra)
    return summary, len(cops), len(all_settle)


def write_markdown(path, meta, files, solvers, summary, n_cops, n_all, lost):
    name = lambda s: SOLVER_NAMES.get(s, s)
    L = []
    L.append(f"# anchors: {meta['set']} files, {meta['limit']} s, one core each\n")
    L.append(f"Run `{meta['command']}` on {meta['date']} ({meta['host_cpus']} cores, "
             f"{meta['jobs']} runs at a time). Load at start: `{meta['uptime_start']}`; "
             f"at end: `{meta['uptime_end']}`.\n")
    L.append("| solver | settled (of %d) | best objective (of %d COPs, ties count for each) | "
             "COPs without a solution | seconds on the %d files all settle | contradictions |"
             % (len(files), n_cops, n_all))
    L.append("| --- | --- | --- | --- | --- | --- |")
    for s in solvers:
        m = summary[s]
        L.append(f"| {name(s)} | {m['settled']} | {m['best_objective']} | "
                 f"{m['cops_without_solution']} | {m['seconds_on_all_settled']} | "
                 f"{m['contradictions']} |")
    L.append("")
    L.append("## Per file\n")
    L.append("| file | known | " + " | ".join(name(s) for s in solvers) + " |")
    L.append("| --- | --- | " + " | ".join("---" for _ in solvers) + " |")
    for f in files:
        cells = [short(f["results"].get(s), f["sense"]) for s in solvers]
        L.append(f"| {f['file']} | {f['known']} | " + " | ".join(cells) + " |")
    L.append("")
    L.append("## Files arcwave loses\n")
    L.append("| file | won by | arcwave | first sol. | nodes/s | why it looks lost | evidence |")
    L.append("| --- | --- | --- | --- | --- | --- | --- |")
    for f in lost:
        a = f["results"]["arcwave"]
        st = a.get("stats", {})
        L.append(f"| {f['file']} | {', '.join(name(w) for w in f['winners'])} | "
                 f"{short(a, f['sense'])} | "
                 f"{'' if a.get('first') is None else '%.2f s' % a['first']} | "
                 f"{st.get('nodes_per_second', '')} | {'; '.join(f['causes'])} | "
                 f"{f['detail'].replace('|', '/')} |")
    L.append("")
    with open(path, "w") as out:
        out.write("\n".join(L))


# ------------------------------------------------------------------------------------- main --

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", action="store_true",
                    help="the xcsp3-binary set (answers: instances/answers.txt)")
    ap.add_argument("--folder", help="instance folder (default: shared xcsp3-real)")
    ap.add_argument("--files", nargs="*", help="files relative to the folder (default: all)")
    ap.add_argument("--match", help="only files whose path contains this text")
    ap.add_argument("--limit", type=float, default=30, help="seconds per run (30)")
    ap.add_argument("--grace", type=float, default=5,
                    help="seconds after the limit before the hard stop (5)")
    ap.add_argument("--tolerance", type=float, default=1,
                    help="answers count when they arrive within limit + this many seconds (1)")
    ap.add_argument("--jobs", type=int, default=2, help="runs at a time (2)")
    ap.add_argument("--no-pin", action="store_true", help="do not pin each run to one core")
    ap.add_argument("--solvers", default="arcwave,ace,cpsat",
                    help="comma list of arcwave, ace, cpsat (default all three)")
    ap.add_argument("--variant", action="append", default=[], metavar="NAME=ARGS",
                    help="an extra arcwave configuration, run as solver arcwave:NAME")
    ap.add_argument("--arcwave", default=os.path.join(ROOT, "build", "cli", "arcwave"))
    ap.add_argument("--arcwave-args", default="-p 1")
    ap.add_argument("--ace-args", default="")
    ap.add_argument("--cpsat-args", default="")
    ap.add_argument("--venv", default=os.path.join(HERE, ".venv"))
    ap.add_argument("--merge", help="results.json of an earlier run: its solvers' results "
                    "are kept for solvers not run now")
    ap.add_argument("--out", help="output folder (default bench/anchors/out/DATE-TIME)")
    ap.add_argument("--markdown", help="also write the tables as markdown to this file")
    args = ap.parse_args()

    root = instances_root()
    if args.binary:
        folder = args.folder or os.path.join(root, "xcsp3-binary")
        answers = read_binary_answers(root)
        set_name = "xcsp3-binary"
    else:
        folder = args.folder or os.path.join(root, "xcsp3-real")
        answers = read_real_answers(folder) if os.path.exists(
            os.path.join(folder, "answers.txt")) else {}
        set_name = os.path.basename(os.path.normpath(folder))
    folder = os.path.abspath(folder)
    names = args.files if args.files else list_files(folder)
    if args.match:
        names = [n for n in names if args.match in n]

    solvers = [s.strip() for s in args.solvers.split(",") if s.strip()]
    args.variants = {}
    for v in args.variant:
        k, _, val = v.partition("=")
        args.variants["arcwave:" + k] = val
        solvers.append("arcwave:" + k)
    if any(s.startswith("arcwave") for s in solvers) and not os.access(args.arcwave, os.X_OK):
        sys.exit(f"run.py: no arcwave binary at {args.arcwave} (--arcwave PATH)")
    args.ace_jar = find_ace_jar(args.venv)
    if "ace" in solvers and not args.ace_jar:
        sys.exit(f"run.py: ACE's jar not found in {args.venv}: run bench/anchors/setup.sh")
    if "cpsat" in solvers and not os.path.exists(os.path.join(args.venv, "bin", "python")):
        sys.exit(f"run.py: no venv at {args.venv}: run bench/anchors/setup.sh")

    stamp = datetime.datetime.now().strftime("%Y-%m-%d-%H%M%S")
    out = args.out or os.path.join(HERE, "out", stamp)
    os.makedirs(out, exist_ok=True)
    uptime_start = subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    cpus = sorted(os.sched_getaffinity(0))
    env = dict(os.environ, OMP_WAIT_POLICY="PASSIVE", OMP_NUM_THREADS="1",
               ARCWAVE_PARSE_THREADS="1")

    files = []
    for n in names:
        a = answers.get(n, dict(known="unknown", cosoco=None))
        path = os.path.join(folder, n)
        files.append(dict(file=n, path=path, known=a["known"], cosoco=a["cosoco"],
                          sense=objective_sense(path), results={}))

    merged = {}
    if args.merge:
        with open(args.merge) as f:
            for row in json.load(f)["files"]:
                merged[row["file"]] = row["results"]
    for f in files:
        for s, r in merged.get(f["file"], {}).items():
            if s not in solvers and s != "cosoco":
                f["results"][s] = r

    tasks = queue.Queue()
    for i, f in enumerate(files):
        for s in solvers:
            tasks.put((i, s))
    total = tasks.qsize()
    lock = threading.Lock()
    done = [0]
    raw = open(os.path.join(out, "runs.jsonl"), "w")

    def worker(slot):
        cpu = None if args.no_pin else cpus[slot % len(cpus)]
        while True:
            try:
                i, s = tasks.get_nowait()
            except queue.Empty:
                return
            f = files[i]
            cmd = solver_command(s, f["path"], args.limit, args)
            res = run_process(cmd, args.limit, args.grace, cpu, env)
            r = parse_output(s, res, f["sense"], args.limit + args.tolerance)
            r["cpu"] = cpu
            with lock:
                f["results"][s] = r
                done[0] += 1
                raw.write(json.dumps(dict(file=f["file"], solver=s, cmd=res["cmd"],
                                          exit=res["exit"], wall=res["wall"],
                                          killed=res["killed"],
                                          lines=keep_lines(res["lines"]),
                                          stderr=res["stderr"][-20:])) + "\n")
                raw.flush()
                print(f"[{done[0]:>4}/{total}] {SOLVER_NAMES.get(s, s):<8} {f['file']:<52} "
                      f"{short(r, f['sense'])}"
                      + (f"  first {r['first']:.2f}s" if r.get("first") is not None else "")
                      + (f"  [{r['message'][:80]}]" if r.get("message") else ""), flush=True)

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(max(1, args.jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    raw.close()
    uptime_end = subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()

    # Cosoco's column from answers.txt
    run_solvers = solvers + sorted({s for f in files for s in f["results"]} - set(solvers))
    all_solvers = run_solvers + (["cosoco"] if any(f["cosoco"] for f in files) else [])
    for f in files:
        if f["cosoco"]:
            c = dict(f["cosoco"])
            c["final"] = c.pop("objective")
            c["wall"] = c.pop("seconds")
            f["results"]["cosoco"] = c

    # checks
    n_contra = 0
    for f in files:
        for s, r in f["results"].items():
            r["contradiction"] = check_known(f["known"], r, f["sense"])
            if r["contradiction"]:
                n_contra += 1
                print(f"!!! CONTRADICTION {SOLVER_NAMES.get(s, s)} on {f['file']}: "
                      f"{r['contradiction']} (known {f['known']})", flush=True)
        f["cross"] = cross_check(f["results"], f["sense"])
        for c in f["cross"]:
            n_contra += 1
            print(f"!!! SOLVERS DISAGREE on {f['file']}: {c}", flush=True)

    # the main comparison counts arcwave (the first configuration), ACE, CP-SAT, Cosoco;
    # variants are shown per file only
    main_solvers = [s for s in all_solvers if not s.startswith("arcwave:")]
    summary, n_cops, n_all = summarise(files, main_solvers, args.limit)
    lost = []
    for f in files:
        res_main = {k: v for k, v in f["results"].items() if not k.startswith("arcwave:")}
        is_lost, winners, causes, detail = diagnose(f["file"], f["sense"], res_main, args.limit)
        f["lost"] = is_lost
        f["winners"], f["causes"], f["detail"] = winners, causes, detail
        if is_lost:
            lost.append(f)

    # tables
    w = max([len(f["file"]) for f in files] + [10])
    print()
    print(f"{'file':<{w}} {'known':<18} " + " ".join(f"{SOLVER_NAMES.get(s, s):<22}"
                                                    for s in all_solvers))
    for f in files:
        print(f"{f['file']:<{w}} {f['known']:<18} "
              + " ".join(f"{short(f['results'].get(s), f['sense']):<22}" for s in all_solvers))
    print()
    print(f"{len(files)} files, {n_cops} COPs, limit {args.limit:g} s, {args.jobs} at a time; "
          f"{n_all} files settled by all of {', '.join(SOLVER_NAMES.get(s, s) for s in main_solvers)}")
    print(f"{'solver':<10} {'settled':>8} {'best obj':>9} {'COPs no sol':>12} "
          f"{'s on all-settled':>17} {'contradictions':>15}")
    for s in main_solvers:
        m = summary[s]
        print(f"{SOLVER_NAMES.get(s, s):<10} {m['settled']:>8} {m['best_objective']:>9} "
              f"{m['cops_without_solution']:>12} {m['seconds_on_all_settled']:>17} "
              f"{m['contradictions']:>15}")
    if "cosoco" in main_solvers:
        print("(Cosoco: answers.txt, its own 2-core machine and runs)")
    if lost:
        print()
        print(f"files arcwave loses ({len(lost)}):")
        for f in lost:
            a = f["results"]["arcwave"]
            print(f"  {f['file']:<{w}} won by {','.join(SOLVER_NAMES.get(x, x) for x in f['winners']):<20} "
                  f"arcwave {short(a, f['sense'])}: {'; '.join(f['causes'])} -- {f['detail']}")
        counts = {}
        for f in lost:
            for c in f["causes"]:
                counts[c] = counts.get(c, 0) + 1
        print("causes: " + ", ".join(f"{c} {n}" for c, n in
                                      sorted(counts.items(), key=lambda x: -x[1])))
    if n_contra:
        print(f"\n!!! {n_contra} CONTRADICTIONS (see the lines starting with !!!)")

    meta = dict(set=set_name, folder=folder, limit=args.limit, grace=args.grace, jobs=args.jobs,
                pinned=not args.no_pin, solvers=solvers, variants=args.variants,
                arcwave=args.arcwave, arcwave_args=args.arcwave_args, ace_jar=args.ace_jar,
                command=" ".join([os.path.relpath(sys.argv[0], ROOT)] + sys.argv[1:]),
                date=stamp, host_cpus=len(cpus), uptime_start=uptime_start,
                uptime_end=uptime_end)
    for f in files:
        f.pop("path", None)
    with open(os.path.join(out, "results.json"), "w") as fo:
        json.dump(dict(meta=meta, summary=summary, cops=n_cops, all_settled=n_all,
                       files=files), fo, indent=1)
    with open(os.path.join(out, "results.csv"), "w", newline="") as fo:
        wr = csv.writer(fo)
        wr.writerow(["file", "sense", "known", "solver", "status", "final", "wall", "first",
                     "exit", "killed", "nodes", "fails", "restarts", "nodes_per_second",
                     "solutions", "trajectory", "contradiction", "message"])
        for f in files:
            for s in all_solvers:
                r = f["results"].get(s)
                if r is None:
                    continue
                st = r.get("stats", {})
                wr.writerow([f["file"], f["sense"] or "", f["known"], s, r["status"],
                             r.get("final"), r.get("wall"), r.get("first"), r.get("exit"),
                             r.get("killed"), st.get("nodes"), st.get("fails"),
                             st.get("restarts"), st.get("nodes_per_second"),
                             st.get("solutions"),
                             " ".join(f"{t}:{v}" for t, v in r.get("trajectory") or []),
                             r.get("contradiction", ""), r.get("message", "")])
    if args.markdown:
        write_markdown(args.markdown, meta, files, main_solvers, summary, n_cops, n_all, lost)
    print(f"\nwritten: {out}/results.json, results.csv, runs.jsonl"
          + (f", {args.markdown}" if args.markdown else ""))
    return 1 if n_contra else 0


if __name__ == "__main__":
    sys.exit(main())
