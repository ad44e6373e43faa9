#!/usr/bin/env bash
# Polyline DP (issue 8) on the GPU machine: the [gpu] polyline tests (and the CPU and CLI
# tests), compute-sanitizer memcheck and racecheck on the small [sanitize] case, the CLI on a
# drawn road, then bench_polyline (JSON) and a summary table of the main figures.
# Usage: bench/device/polyline.sh BUILD_DIR   (logs and JSON into $OUT)
# Expected time: tests < 1 min, sanitizers ~1 min, benchmark ~3 min (the O(N^3 K) CPU DP at
# N = 4096 runs once for K = 8 and K = 16; the paper's scheme once per N = 4096 size).
set -uo pipefail
build=${1:?usage: polyline.sh BUILD_DIR}
OUT=${OUT:-/tmp/arcwave-out}
mkdir -p "$OUT"
# run NAME LOG COMMAND... and the summary array (bench/device/lib/steps.bash)
source "$(dirname "${BASH_SOURCE[0]}")/lib/steps.bash"

t=$build/tests/graph/polyline
export ARCWAVE_BINARY_DIR=${ARCWAVE_BINARY_DIR:-$build}
run "test_polyline_gpu" "$OUT/polyline-test-gpu.log" "$t/test_polyline_gpu"
run "test_polyline_step_gpu" "$OUT/polyline-test-step-gpu.log" "$t/test_polyline_step_gpu"
run "test_polyline_cpu" "$OUT/polyline-test-cpu.log" "$t/test_polyline_cpu"
run "test_polyline_cli" "$OUT/polyline-test-cli.log" "$t/test_polyline_cli"
run "memcheck" "$OUT/polyline-memcheck.log" timeout 300 \
  compute-sanitizer --tool memcheck --error-exitcode 9 "$t/test_polyline_gpu" "[sanitize]"
run "racecheck" "$OUT/polyline-racecheck.log" timeout 300 \
  compute-sanitizer --tool racecheck --error-exitcode 9 "$t/test_polyline_gpu" "[sanitize]"

# The CLI on a drawn road (written by the CLI test) at the paper's largest size, with a drawing.
road=$(ls -1 /tmp/arcwave_polyline_cli/road.pgm 2>/dev/null)
if [ -x "$build/cli/arcwave" ] && [ -n "$road" ]; then
  run "cli road (gpu)" "$OUT/polyline-cli.log" "$build/cli/arcwave" polyline "$road" \
    --from 20,80 --to 220,80 --nodes 7 --points 41 --max-angle 30 --backend gpu \
    --png "$OUT/polyline-road.png"
fi

run "bench_polyline" "$OUT/polyline-bench.log" timeout 480 "$build/bench/polyline/bench_polyline" \
  --benchmark_out="$OUT/polyline-bench.json" --benchmark_out_format=json

echo "--- polyline summary"
printf '%s\n' "${summary[@]}"
grep -h "test cases\|All tests passed" "$OUT"/polyline-test-*.log
grep -h "ERROR SUMMARY\|RACECHECK SUMMARY" "$OUT/polyline-memcheck.log" "$OUT/polyline-racecheck.log"
grep -h "^score\|^time\|no polyline" "$OUT/polyline-cli.log" 2>/dev/null
python3 - "$OUT/polyline-bench.json" <<'PY' || echo "(no summary: python3 or the JSON missing)"
import json, sys
rows = {}
for b in json.load(open(sys.argv[1]))["benchmarks"]:
    parts = b["name"].split("/")
    if not parts[0].startswith(("gpu_", "cpu_")) or "error_message" in b:
        if "error_message" in b:
            print("ERROR", b["name"], b["error_message"])
        continue
    key = (int(b["K"]), int(b["N"]), int(b["angle"]))
    rows.setdefault(key, {})[parts[0]] = b
print("K  N     angle | gpu_window gpu_tiled gpu_paper (ms, DP on device) | upload | paper+upload"
      " | cpu_window cpu_cubic (ms) | floor N^3(K-2) floor_allowed (ms)")
for key in sorted(rows):
    r = rows[key]
    def ms(name):
        return "%10.3f" % r[name]["real_time"] if name in r else "%10s" % "-"
    any_b = next(iter(r.values()))
    up = r.get("gpu_window", {}).get("upload_ms", float("nan"))
    paper_total = r.get("gpu_paper", {}).get("total_with_upload_ms", float("nan"))
    print("%-2d %-5d %5d | %s %s %s | %6.2f | %9.2f | %s %s | %8.3f %8.3f" % (
        key[0], key[1], key[2], ms("gpu_window"), ms("gpu_tiled"), ms("gpu_paper"), up,
        paper_total, ms("cpu_window"), ms("cpu_cubic"), any_b.get("floor_ms", float("nan")),
        any_b.get("floor_allowed_ms", float("nan"))))
for b in json.load(open(sys.argv[1]))["benchmarks"]:
    if b["name"].startswith("scores_"):
        print("%-24s %10.2f ms  links %.3g  upload %.2f ms" % (
            b["name"], b["real_time"], b.get("links", 0), b.get("upload_ms", 0)))
PY
exit $status
