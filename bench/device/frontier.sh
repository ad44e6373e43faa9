#!/usr/bin/env bash
# The frontier-loop drivers (core/frontier) on the GPU machine: the CPU and [gpu] tests, the
# [sanitize] cases under compute-sanitizer (memcheck, racecheck, synccheck), then bench_frontier
# (JSON) and its summary table, printed last.
# Usage: bench/device/frontier.sh BUILD_DIR   (logs and JSON into $OUT)
set -uo pipefail
build=${1:?usage: frontier.sh BUILD_DIR}
OUT=${OUT:-/tmp/arcwave-out}
mkdir -p "$OUT"
status=0
declare -A result

run() {  # run NAME LOG COMMAND...: records pass/fail and keeps going
  local name=$1 log=$2
  shift 2
  local start=$(date +%s)
  if "$@" > "$OUT/$log" 2>&1; then result[$name]="pass ($(( $(date +%s) - start )) s)"
  else result[$name]="FAIL rc=$? ($(( $(date +%s) - start )) s, see $log)"; status=1; fi
}

tests="$build/tests/core/frontier"
run "test_frontier_cpu" frontier-test-cpu.log "$tests/test_frontier_cpu"
run "test_frontier_gpu" frontier-test-gpu.log timeout 300 "$tests/test_frontier_gpu"
if grep -q "no usable GPU" "$OUT/frontier-test-gpu.log"; then
  result["test_frontier_gpu"]="SKIPPED: no usable GPU"
  status=1
fi

sanitizer=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2> /dev/null)
if [ -n "$sanitizer" ]; then
  for tool in memcheck racecheck synccheck; do
    run "$tool" "frontier-$tool.log" timeout 240 "$sanitizer" --error-exitcode 9 \
      --tool "$tool" "$tests/test_frontier_gpu" "[sanitize]"
  done
else
  result["compute-sanitizer"]="not found"
fi

run "bench_frontier" frontier-bench.log timeout 420 "$build/bench/frontier/bench_frontier" \
  --benchmark_out="$OUT/frontier-bench.json" --benchmark_out_format=json

# One line per step (the pass counts and sanitizer verdicts folded in), then the bench table:
# short enough for the 25 lines bench/device/all.sh shows.
note() {  # note NAME LOG PATTERN: appends the last line of LOG matching PATTERN to NAME's result
  [ -f "$OUT/$2" ] && result[$1]="${result[$1]:-} | $(grep -E "$3" "$OUT/$2" | tail -1)"
}
note test_frontier_cpu frontier-test-cpu.log 'All tests passed|test cases:'
note test_frontier_gpu frontier-test-gpu.log 'All tests passed|test cases:'
for tool in memcheck racecheck synccheck; do
  note "$tool" "frontier-$tool.log" 'ERROR SUMMARY|RACECHECK SUMMARY|SYNCCHECK SUMMARY'
done
echo "== frontier device summary"
for k in "${!result[@]}"; do printf '%-18s %s\n' "$k" "${result[$k]}"; done | sort
sed -n '/== frontier summary/,$p' "$OUT/frontier-bench.log"
exit $status
