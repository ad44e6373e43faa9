#!/usr/bin/env python3
"""Exit paths with a GPU present (issue 28): every command and backend, many runs each.

usage: exits.py BUILD_DIR OUT_DIR [--work DIR] [--rounds N] [--seed S]
                [--parts "bad signals limits faults"]

  bad      every malformed file of the test suite (tests/parsers/xcsp*/malformed) and bad maps,
           graphs, vector files and images, on every command that reads them, every backend:
           exit 2 or 3 within 2 s, a message on stderr.
  signals  SIGINT / SIGTERM at random moments (while the CUDA context is made, while the file
           is read, during the search, while output is written) on solve, ac, grid and apsp:
           solve ends within 2 s with one status line (exit 0, or 1 when it proved UNSAT);
           the others end within 2 s with 128 + the signal (or 0 when they had finished) and
           leave no unfinished output file.
  limits   solve -t T with T random: ends within T + 1 s.
  faults   ARCWAVE_CUDA_FAULT=launch:K / alloc:K (core/cuda/check.cuh): exit 4 or 5 with a
           message, or an exact answer (a documented CPU fallback), within 5 s; never an abort,
           a crash or a hang.

Writes OUT_DIR/exits.log (one line per run) and prints a summary; exit status 1 on any failure.
"""
import argparse
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[2]


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("build")
    p.add_argument("out")
    p.add_argument("--work", default="/tmp/arcwave-exits",
                   help="generated inputs (kept out of OUT_DIR, whose files travel back)")
    p.add_argument("--rounds", type=int, default=12)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--parts", default="bad signals limits faults")
    return p.parse_args()


class Runner:
    def __init__(self, build, out, work):
        self.cli = str(Path(build) / "cli" / "arcwave")
        self.gen = str(Path(build) / "instances" / "tools" / "arcwave-gen")
        self.out = Path(out)
        self.work = Path(work)
        self.work.mkdir(parents=True, exist_ok=True)
        self.log = open(self.out / "exits.log", "w")
        self.failures = []
        self.counts = {}

    def record(self, part, ok, line):
        self.counts.setdefault(part, [0, 0])
        self.counts[part][0 if ok else 1] += 1
        self.log.write(("ok   " if ok else "FAIL ") + part + " " + line + "\n")
        self.log.flush()
        if not ok:
            self.failures.append(part + " " + line)

    def start(self, args, env=None):
        e = dict(os.environ)
        if env:
            e.update(env)
        return subprocess.Popen([self.cli] + args, stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=e)

    def finish(self, proc, limit):
        """(code, stdout, stderr, seconds waited) — code None when killed after `limit`."""
        t0 = time.monotonic()
        try:
            out, err = proc.communicate(timeout=limit)
            return proc.returncode, out.decode(errors="replace"), err.decode(errors="replace"), \
                time.monotonic() - t0
        except subprocess.TimeoutExpired:
            proc.kill()
            out, err = proc.communicate()
            return None, out.decode(errors="replace"), err.decode(errors="replace"), \
                time.monotonic() - t0


def status_lines(text):
    return [l for l in text.splitlines() if l.startswith("s ")]


def write(path, text):
    Path(path).write_text(text)
    return str(path)


def bad_inputs(r):
    files = sorted((HERE / "tests/parsers/xcsp3/malformed").glob("*.xml"))
    files += sorted((HERE / "tests/parsers/xcsp21/malformed").glob("*.xml"))
    cases = []
    for f in files:
        for backend in ("auto", "gpu", "cpu"):
            cases.append(["solve", "--backend", backend, str(f)])
        cases.append(["ac", "--backend", "gpu", "--propagator", "ac4gpu+", str(f)])
        cases.append(["info", str(f)])
    d = r.work
    bad_map = write(d / "bad.map", "type octile\nheight 2\nwidth 3\nmap\n..\n")
    bad_gr = write(d / "bad.gr", "p sp 3 2\na 1 2 x\n")
    bad_vec = write(d / "bad.txt", "0101\n01x1\n")
    bad_img = write(d / "bad.png", "not a png")
    for backend in ("auto", "gpu"):
        cases.append(["grid", bad_map, "--backend", backend, "--from", "0,0", "--to", "1,1"])
        cases.append(["apsp", bad_gr, "--backend", backend])
        cases.append(["cellgraph", bad_vec, "--backend", backend])
        cases.append(["polyline", bad_img, "--backend", backend, "--from", "0,0", "--to", "1,1",
                      "--nodes", "2", "--points", "5", "--max-angle", "45"])
    for args in cases:
        code, out, err, secs = r.finish(r.start(args), 10)
        ok = code in (2, 3) and secs < 2.0 and "arcwave" in err
        r.record("bad", ok, f"exit {code} {secs:.2f}s {' '.join(args)} | {err.strip()[:160]}")


def prepare(r):
    """Inputs for the runs that get signals: a long search, a large file, a large map, a graph."""
    d = r.work
    files = {}
    subprocess.run([r.gen, "-o", str(d / "queens-17.xml"), "queens", "17"], check=True)
    files["queens"] = str(d / "queens-17.xml")
    # A network whose tables take about a second to read (34 M conflict tuples).
    subprocess.run([r.gen, "-o", str(d / "big-rb.xml"), "rb", "--n", "60", "--d", "200",
                    "--e", "1700", "--tightness", "0.5", "--seed", "3"], check=True)
    files["big"] = str(d / "big-rb.xml")
    subprocess.run([r.gen, "-o", str(d / "big.map"), "map", "--width", "8000", "--height",
                    "8000", "--blocked", "0.2", "--seed", "1"], check=True)
    files["map"] = str(d / "big.map")
    n = 300
    lines = [f"p sp {n * n} {4 * n * (n - 1)}"]
    for row in range(n):
        for col in range(n):
            v = row * n + col + 1
            if col + 1 < n:
                lines += [f"a {v} {v + 1} 1", f"a {v + 1} {v} 1"]
            if row + 1 < n:
                lines += [f"a {v} {v + n} 1", f"a {v + n} {v} 1"]
    files["graph"] = write(d / "grid-300.gr", "\n".join(lines) + "\n")
    shared = Path(os.environ.get("ARCWAVE_SHARED_INSTANCES", HERE.parent / "shared/instances"))
    files["B"] = str(shared / "xcsp3-binary/B/rand-2-27-27-351-163-0.xml.lzma")
    # A COP that auto gives to the device and the CPU workers at once (solve_hybrid).
    files["qap"] = str(shared / "xcsp3-real/basics/QuadraticAssignment-bur26a.xml.lzma")
    return files


def signals(r, files, rounds, rng):
    apsp_out = r.work / "apsp-stopped.bin"
    plans = [
        ("solve-gpu", ["solve", "--backend", "gpu", "-a", files["queens"]], 2.5),
        ("solve-auto", ["solve", "-a", files["queens"]], 2.5),
        # auto without -a: the device and the CPU workers together (a COP and a hard CSP).
        ("solve-hybrid", ["solve", files["qap"]], 2.5),
        ("solve-hybrid-csp", ["solve", files["B"]], 1.0),
        ("solve-read", ["solve", "--backend", "gpu", files["big"]], 2.0),
        ("ac-gpu", ["ac", "--backend", "gpu", "--propagator", "ac4gpu+", files["big"]], 2.0),
        ("grid-gpu", ["grid", files["map"], "--backend", "gpu", "--from", "0,0",
                      "--to", "7999,7999"], 2.0),
        ("apsp-gpu", ["apsp", files["graph"], "--backend", "gpu", "--format", "bin",
                      "--out", str(apsp_out)], 2.0),
    ]
    for name, args, span in plans:
        for k in range(rounds):
            sig = rng.choice([signal.SIGINT, signal.SIGTERM])
            delay = rng.uniform(0.0, span)
            if apsp_out.exists():
                apsp_out.unlink()
            p = r.start(args)
            time.sleep(delay)
            sent = p.poll() is None
            if sent:
                p.send_signal(sig)
            code, out, err, secs = r.finish(p, 10)
            s = status_lines(out)
            if name.startswith("solve"):
                ok = code in (0, 1) and len(s) == 1 and secs < 2.0
            else:
                ok = code in (0, 128 + sig) and secs < 2.0
            if name == "apsp-gpu":
                part = Path(str(apsp_out) + ".part")
                ok = ok and not part.exists() and (code == 0) == apsp_out.exists()
            r.record("signals", ok,
                     f"{name} sig {int(sig)} at {delay:.2f}s{'' if sent else ' (had ended)'}: "
                     f"exit {code} {secs:.2f}s after {s[:1]} | {err.strip()[-160:]}")


def limits(r, files, rounds, rng):
    for k in range(rounds):
        t = rng.uniform(0.2, 2.0)
        for backend in ("gpu", "auto"):
            args = ["solve", "--backend", backend, "-a", "-t", f"{t:.2f}", files["queens"]]
            code, out, err, secs = r.finish(r.start(args), 20)
            s = status_lines(out)
            ok = code == 0 and len(s) == 1 and secs < t + 1.0
            r.record("limits", ok, f"-t {t:.2f} {backend}: exit {code} {secs:.2f}s {s[:1]}")
        # The hybrid (auto on a COP): the device and the CPU workers both stop at the limit.
        args = ["solve", "-t", f"{t:.2f}", files["qap"]]
        code, out, err, secs = r.finish(r.start(args), 20)
        s = status_lines(out)
        ok = code == 0 and len(s) == 1 and secs < t + 1.0
        r.record("limits", ok, f"-t {t:.2f} hybrid: exit {code} {secs:.2f}s {s[:1]}")


def faults(r, files):
    apsp_out = r.work / "apsp-fault.bin"
    plans = [
        ("solve-gpu", ["solve", "--backend", "gpu", files["B"]]),
        # auto falls back to the CPU when the GPU search cannot start: 16 cores may not settle
        # this file in 3 s (UNKNOWN is then the right answer).
        ("solve-auto", ["solve", "-t", "3", files["B"]]),
        ("solve-queens", ["solve", "--backend", "gpu", "-a", "-t", "3", files["queens"]]),
        ("ac-gpu", ["ac", "--backend", "gpu", "--propagator", "ac4gpu+", files["big"]]),
        ("grid-gpu", ["grid", files["map"], "--backend", "gpu", "--from", "0,0",
                      "--to", "7999,7999"]),
        ("apsp-gpu", ["apsp", files["graph"], "--backend", "gpu", "--sources", "1-2000",
                      "--format", "bin", "--out", str(apsp_out)]),
    ]
    for name, args in plans:
        # The answer without a fault: a run the fault never reaches (fewer launches or
        # allocations than K), or a CPU fallback, must give the same one (or UNKNOWN).
        code0, out0, err0, _ = r.finish(r.start(args), 30)
        reference = status_lines(out0)
        r.record("faults", code0 in (0, 1), f"{name} no fault: exit {code0} {reference[:1]} | "
                 f"{backend_line(out0)} | {err0.strip()[-160:]}")
        for kind, ks in (("launch", range(1, 5)), ("alloc", range(1, 9))):
            for k in ks:
                spec = f"{kind}:{k}"
                code, out, err, secs = r.finish(r.start(args, {"ARCWAVE_CUDA_FAULT": spec}), 30)
                s = status_lines(out)
                if code in (4, 5):
                    ok = "arcwave" in err
                elif code in (0, 1):
                    ok = s in (reference, ["s UNKNOWN"])
                else:
                    ok = False
                ok = ok and secs < 5.0
                r.record("faults", ok, f"{name} {spec}: exit {code} {secs:.2f}s {s[:1]} | "
                         f"{backend_line(out)} | {err.strip()[-200:]}")


def backend_line(out):
    lines = [l for l in out.splitlines() if l.startswith("c backend:")]
    return lines[0][:140] if lines else ""


def main():
    a = parse_args()
    r = Runner(a.build, a.out, a.work)
    rng = random.Random(a.seed)
    parts = a.parts.split()
    if "bad" in parts:
        bad_inputs(r)
    files = prepare(r) if set(parts) & {"signals", "limits", "faults"} else {}
    if "signals" in parts:
        signals(r, files, a.rounds, rng)
    if "limits" in parts:
        limits(r, files, a.rounds, rng)
    if "faults" in parts:
        faults(r, files)
    for part, (good, bad) in r.counts.items():
        print(f"{part}: {good} ok, {bad} failed")
    for f in r.failures[:40]:
        print("FAIL", f)
    return 1 if r.failures else 0


if __name__ == "__main__":
    sys.exit(main())
