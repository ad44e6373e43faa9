#!/usr/bin/env bash
# Shortest paths on the GPU machine: the [gpu] tests of graph/csr and graph/sssp (and the
# apsp CLI), compute-sanitizer memcheck and racecheck on small cases, then bench_sssp (JSON).
# Usage: bench/device/sssp.sh BUILD_DIR   (logs and JSON into $OUT)
set -uo pipefail
build=${1:?usage: sssp.sh BUILD_DIR}
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

csr_gpu="$build/tests/graph/csr/test_graph_csr_gpu"
sssp_gpu="$build/tests/graph/sssp/test_sssp_gpu"
cli="$build/tests/graph/sssp/test_apsp_cli"
run "test_graph_csr_gpu" sssp-test-csr-gpu.log "$csr_gpu"
run "test_sssp_gpu" sssp-test-gpu.log "$sssp_gpu"
run "test_apsp_cli" sssp-test-cli.log "$cli"
run "test_sssp_cpu" sssp-test-cpu.log "$build/tests/graph/sssp/test_sssp_cpu"

if command -v compute-sanitizer > /dev/null; then
  cs="compute-sanitizer --error-exitcode 9"
  # The [sanitize] cases are the small ones (seconds natively, about a minute under the tools).
  run "memcheck csr" sssp-memcheck-csr.log timeout 120 $cs --tool memcheck "$csr_gpu" "[sanitize]"
  run "memcheck sssp" sssp-memcheck-sssp.log timeout 180 $cs --tool memcheck "$sssp_gpu" "[sanitize]"
  run "racecheck csr" sssp-racecheck-csr.log timeout 120 $cs --tool racecheck "$csr_gpu" "[sanitize]"
  run "racecheck sssp" sssp-racecheck-sssp.log timeout 180 $cs --tool racecheck "$sssp_gpu" "[sanitize]"
else
  result["compute-sanitizer"]="not found"
fi

run "bench_sssp" sssp-bench.log timeout 420 "$build/bench/sssp/bench_sssp" \
  --benchmark_out="$OUT/sssp-bench.json" --benchmark_out_format=json

echo "== sssp device summary"
for k in "${!result[@]}"; do printf '%-22s %s\n' "$k" "${result[$k]}"; done | sort
for log in sssp-test-csr-gpu.log sssp-test-gpu.log sssp-test-cli.log sssp-test-cpu.log; do
  printf '%-24s %s\n' "$log" "$(grep -E 'All tests passed|test cases:' "$OUT/$log" | tail -1)"
done
sed -n '/== sssp summary/,$p' "$OUT/sssp-bench.log"
exit $status
