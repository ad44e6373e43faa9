#!/usr/bin/env bash
# Shortest paths on the GPU machine: the [gpu] tests of graph/csr and graph/sssp (and the
# apsp CLI), compute-sanitizer memcheck and racecheck on small cases (the near-far kernel's
# among them), then bench_sssp (JSON) with its summary (the SSSP table: near-far, Bellman-Ford,
# CPU Dijkstra side by side, corner and centre sources).
# Usage: bench/device/sssp.sh BUILD_DIR   (logs and JSON into $OUT)
# Expected time: tests ~1 min, sanitizers ~2-3 min, benchmark ~6-7 min (BGL's Johnson alone
# ~100 s). SSSP_PARTS (default "tests,sanitizers,sanitizers-csr,bench") picks parts, so that one
# device call can run tests and another the benchmark; SSSP_SANITIZE_FILTER (default
# "[sanitize]") picks the sssp cases the sanitizers run, e.g. "[near-far][sanitize]" for the
# near-far kernel's; SSSP_BENCH_FILTER (a --benchmark_filter regex, default all rows), e.g.
# '^(sssp|apsp32)/' for the single-source table and the few-source APSP rows.
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

parts=${SSSP_PARTS:-tests,sanitizers,sanitizers-csr,bench}
sanitize=${SSSP_SANITIZE_FILTER:-[sanitize]}
want() { [[ ",$parts," == *",$1,"* ]]; }

csr_gpu="$build/tests/graph/csr/test_graph_csr_gpu"
sssp_gpu="$build/tests/graph/sssp/test_sssp_gpu"
cli="$build/tests/graph/sssp/test_apsp_cli"
logs=()
if want tests; then
  run "test_graph_csr_gpu" sssp-test-csr-gpu.log "$csr_gpu"
  run "test_sssp_gpu" sssp-test-gpu.log "$sssp_gpu"
  run "test_apsp_cli" sssp-test-cli.log env ARCWAVE_BINARY_DIR="${ARCWAVE_BINARY_DIR:-$build}" "$cli"
  run "test_sssp_cpu" sssp-test-cpu.log "$build/tests/graph/sssp/test_sssp_cpu"
  logs+=(sssp-test-csr-gpu.log sssp-test-gpu.log sssp-test-cli.log sssp-test-cpu.log)
fi

cs="compute-sanitizer --error-exitcode 9"
if want sanitizers || want sanitizers-csr; then
  command -v compute-sanitizer > /dev/null || result["compute-sanitizer"]="not found"
fi
# The [sanitize] cases are the small ones (seconds natively, about a minute under the tools).
if want sanitizers-csr && command -v compute-sanitizer > /dev/null; then
  run "memcheck csr" sssp-memcheck-csr.log timeout 120 $cs --tool memcheck "$csr_gpu" "[sanitize]"
  run "racecheck csr" sssp-racecheck-csr.log timeout 120 $cs --tool racecheck "$csr_gpu" "[sanitize]"
fi
if want sanitizers && command -v compute-sanitizer > /dev/null; then
  run "memcheck sssp" sssp-memcheck-sssp.log timeout 180 $cs --tool memcheck "$sssp_gpu" "$sanitize"
  run "racecheck sssp" sssp-racecheck-sssp.log timeout 180 $cs --tool racecheck "$sssp_gpu" "$sanitize"
fi

if want bench; then
  run "bench_sssp" sssp-bench.log timeout 420 "$build/bench/sssp/bench_sssp" \
    --benchmark_filter="${SSSP_BENCH_FILTER:-.}" \
    --benchmark_out="$OUT/sssp-bench.json" --benchmark_out_format=json
fi

echo "== sssp device summary"
for k in "${!result[@]}"; do printf '%-22s %s\n' "$k" "${result[$k]}"; done | sort
for log in "${logs[@]}"; do
  printf '%-24s %s\n' "$log" "$(grep -E 'All tests passed|test cases:' "$OUT/$log" | tail -1)"
done
for log in sssp-memcheck-csr.log sssp-racecheck-csr.log sssp-memcheck-sssp.log \
  sssp-racecheck-sssp.log; do
  [ -f "$OUT/$log" ] && printf '%-24s %s | %s\n' "$log" \
    "$(grep -E 'All tests passed|test cases:' "$OUT/$log" | tail -1)" \
    "$(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$OUT/$log" | tail -1)"
done
[ -f "$OUT/sssp-bench.log" ] && sed -n '/== sssp summary/,$p' "$OUT/sssp-bench.log"
exit $status
