#!/usr/bin/env python3
"""bench/parse/report.py JSON CLI FILE... — the table of bench/parse/run.sh: for each file, MB/s
of read_xcsp at every thread count bench_parse measured (median of the repetitions), the speed-up
of the last count over the first, and the peak resident memory of `arcwave info FILE` on all
cores against the size of the (decompressed) document. Only the standard library is used."""
import json
import lzma
import os
import subprocess
import sys


def medians(path):
    """{(file name, threads label): MB/s} from bench_parse's JSON."""
    out = {}
    with open(path) as f:
        for b in json.load(f)["benchmarks"]:
            if b.get("aggregate_name") != "median":
                continue
            parts = b["run_name"].split("/")  # read_xcsp/FILE/threads:N/...
            out[(parts[1], parts[2].split(":", 1)[1])] = b["MB_per_s"]
    return out


def document_size(path):
    if path.endswith((".xz", ".lzma")):
        with lzma.open(path) as f:
            return sum(len(chunk) for chunk in iter(lambda: f.read(1 << 20), b""))
    return os.path.getsize(path)


def peak_rss_bytes(cli, path):
    """Peak RSS of `arcwave info PATH` on all cores (None when it fails)."""
    env = dict(os.environ, ARCWAVE_PARSE_THREADS="0")
    proc = subprocess.Popen([cli, "info", path], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        sys.stderr.write(f"arcwave info {path} failed: {proc.stderr.read().decode()[-300:]}\n")
        return None
    return usage.ru_maxrss * 1024


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    json_path, cli, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    mbps = medians(json_path)
    labels = []
    for (_, label) in mbps:
        if label not in labels:
            labels.append(label)
    print(f"\n{os.cpu_count()} cores. MB/s = 10^6 bytes of the (decompressed) document per "
          "second, median of 3; RSS on all cores.")
    header = f"{'file':<36} {'size MB':>8}" + "".join(f" {'MB/s p=' + l:>11}" for l in labels)
    print(header + f" {'speedup':>8} {'peak RSS MB':>12} {'RSS/size':>8}")
    for path in files:
        name = os.path.basename(path)
        size = document_size(path)
        row = [mbps.get((name, l), float("nan")) for l in labels]
        rss = peak_rss_bytes(cli, path)
        line = f"{name:<36} {size / 1e6:>8.1f}" + "".join(f" {m:>11.1f}" for m in row)
        line += f" {row[-1] / row[0]:>7.2f}x"
        line += f" {rss / 1e6:>12.1f} {rss / size:>8.2f}" if rss else f" {'failed':>12} {'':>8}"
        print(line)


if __name__ == "__main__":
    main()
