#!/usr/bin/env bash
# Cell graphs on the GPU machine (issue 7): the [gpu] tests of graph/cellgraph (every GPU
# algorithm against the CPU ones and the brute-force reference, GPU routes against CPU routes),
# the CPU tests, compute-sanitizer memcheck and racecheck on the small [sanitize] cases, a CLI
# run on the GPU, then bench_cellgraph (JSON) with its summary table.
# Usage: bench/device/cellgraph.sh BUILD_DIR   (logs and JSON into $OUT)
set -uo pipefail
build=${1:?usage: cellgraph.sh BUILD_DIR}
OUT=${OUT:-/tmp/arcwave-out}
mkdir -p "$OUT"
export ARCWAVE_SOURCE_DIR=${ARCWAVE_SOURCE_DIR:-$(pwd)}
status=0
declare -A result

run() {  # run NAME LOG COMMAND...: records pass/fail and keeps going
  local name=$1 log=$2
  shift 2
  local start=$(date +%s)
  if "$@" > "$OUT/$log" 2>&1; then result[$name]="pass ($(( $(date +%s) - start )) s)"
  else result[$name]="FAIL rc=$? ($(( $(date +%s) - start )) s, see $log)"; status=1; fi
}

gpu_tests="$build/tests/graph/cellgraph/test_cellgraph_gpu"
run "test_cellgraph_gpu" cellgraph-test-gpu.log timeout 300 "$gpu_tests"
run "test_cellgraph" cellgraph-test-cpu.log timeout 300 "$build/tests/graph/cellgraph/test_cellgraph"
run "test_vector_files" cellgraph-test-vectors.log timeout 60 \
  "$build/tests/parsers/vectors/test_vector_files"

if command -v compute-sanitizer > /dev/null; then
  cs="compute-sanitizer --error-exitcode 9"
  run "memcheck" cellgraph-memcheck.log timeout 240 $cs --tool memcheck "$gpu_tests" "[sanitize]"
  run "racecheck" cellgraph-racecheck.log timeout 240 $cs --tool racecheck "$gpu_tests" "[sanitize]"
else
  result["compute-sanitizer"]="not found"
fi

# The CLI on a bundled sample, on the GPU: a route between the first and the last cell.
sample=instances/cells/plane-12.txt
from=$(grep -v '^#' "$sample" | head -1)
to=$(grep -v '^#' "$sample" | tail -1)
run "cli cellgraph --backend gpu" cellgraph-cli.log "$build/cli/arcwave" cellgraph "$sample" \
  --backend gpu --from "$from" --to "$to" --out "$OUT/cellgraph-plane-12.edges"

run "bench_cellgraph" cellgraph-bench.log timeout 480 "$build/bench/cellgraph/bench_cellgraph" \
  --benchmark_out="$OUT/cellgraph-bench.json" --benchmark_out_format=json

echo "== cellgraph device summary"
for k in "${!result[@]}"; do printf '%-30s %s\n' "$k" "${result[$k]}"; done | sort
for log in cellgraph-test-gpu.log cellgraph-test-cpu.log cellgraph-test-vectors.log; do
  printf '%-28s %s\n' "$log" "$(grep -E 'All tests passed|test cases:' "$OUT/$log" | tail -1)"
done
grep -E '^(route|algorithm|cells|edges) ' "$OUT/cellgraph-cli.log"
sed -n '/== cellgraph summary/,$p' "$OUT/cellgraph-bench.log"
exit $status
