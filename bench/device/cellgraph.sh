#!/usr/bin/env bash
# Cell graphs on the GPU machine (issue 7), in under 6 minutes on an H100:
#  1. test_cellgraph_gpu: every GPU algorithm against the CPU ones and the brute-force
#     reference, GPU routes against CPU routes; test_cellgraph_cli (`arcwave cellgraph` end to
#     end, --backend gpu included); the CPU tests (test_cellgraph, test_vector_files);
#  2. compute-sanitizer memcheck and racecheck on the small [sanitize] case;
#  3. the CLI on a bundled sample with --backend gpu and a route;
#  4. bench_cellgraph (JSON) under the time left (--cells_budget_s), its table;
# then one summary line per step, and the benchmark's targets, printed last.
# Usage: bench/device/cellgraph.sh BUILD_DIR   (logs, JSON and table into $OUT)
# Paths are relative to BUILD_DIR (tests/graph/cellgraph/, tests/parsers/vectors/, cli/,
# bench/cellgraph/); the bundled sample comes from $ARCWAVE_SOURCE_DIR, else the checkout this
# script sits in (bench/device/ or .devbin/device-scripts/), else the current directory.
# CELLGRAPH_DEADLINE_S (default 320) is the wall time the whole script aims to stay within.
set -uo pipefail
build=${1:?usage: cellgraph.sh BUILD_DIR}
build=$(cd "$build" && pwd) || { echo "cellgraph.sh: no build folder $1" >&2; exit 2; }
OUT=${OUT:-/tmp/arcwave-out}
mkdir -p "$OUT"
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=${ARCWAVE_SOURCE_DIR:-}
for candidate in "$root" "$here/../.." "$(pwd)"; do
  if [ -n "$candidate" ] && [ -f "$candidate/instances/cells/plane-12.txt" ]; then
    root=$(cd "$candidate" && pwd)
    break
  fi
done
export ARCWAVE_SOURCE_DIR=$root
export ARCWAVE_BINARY_DIR=$build
# A packed build (scripts/device/pack.sh) keeps the shared libraries the machine lacks beside it.
if [ -d "$build/../lib" ]; then
  libs=$(cd "$build/../lib" && pwd)
  export LD_LIBRARY_PATH="$libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
fi
deadline=$((SECONDS + ${CELLGRAPH_DEADLINE_S:-320}))
status=0
declare -A result

left() { echo $((deadline - SECONDS)); }
# A step's time limit: its own cap, but never eating into the 100 s kept for the benchmark.
limit() {
  local cap=$1 spare=$(($(left) - 100))
  if [ "$spare" -lt "$cap" ]; then cap=$spare; fi
  if [ "$cap" -lt 10 ]; then cap=10; fi
  echo "$cap"
}
run() {  # run NAME LOG SECONDS COMMAND...: records pass/fail (with the time) and keeps going
  local name=$1 log=$2 seconds=$3
  shift 3
  local start=$SECONDS rc=0
  timeout --kill-after=10 "$seconds" "$@" > "$OUT/$log" 2>&1 || rc=$?
  if [ "$rc" -eq 0 ]; then
    result[$name]="pass ($((SECONDS - start)) s)"
  elif [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
    result[$name]="FAIL: timed out after $seconds s (see $log)"
    status=1
  else
    result[$name]="FAIL rc=$rc ($((SECONDS - start)) s, see $log)"
    status=1
  fi
}
note() {  # note NAME LOG PATTERN: appends LOG's last line matching PATTERN to NAME's result
  [ -f "$OUT/$2" ] && result[$1]="${result[$1]:-} | $(grep -E "$3" "$OUT/$2" | tail -1)"
}
skipped_gpu() {  # a [gpu] test that found no device passes vacuously: count it as a failure
  if grep -q "no usable GPU" "$OUT/$2"; then
    result[$1]="SKIPPED [gpu] cases: no usable GPU | ${result[$1]:-}"
    status=1
  fi
}

t=$build/tests
count='All tests passed|test cases:'

# 1. Tests.
run test_cellgraph_gpu cellgraph-test-gpu.log "$(limit 150)" "$t/graph/cellgraph/test_cellgraph_gpu"
note test_cellgraph_gpu cellgraph-test-gpu.log "$count"
skipped_gpu test_cellgraph_gpu cellgraph-test-gpu.log
run test_cellgraph_cli cellgraph-test-cli.log "$(limit 60)" "$t/graph/cellgraph/test_cellgraph_cli"
note test_cellgraph_cli cellgraph-test-cli.log "$count"
skipped_gpu test_cellgraph_cli cellgraph-test-cli.log
run test_cellgraph cellgraph-test-cpu.log "$(limit 60)" "$t/graph/cellgraph/test_cellgraph"
note test_cellgraph cellgraph-test-cpu.log "$count"
run test_vector_files cellgraph-test-vectors.log "$(limit 30)" "$t/parsers/vectors/test_vector_files"
note test_vector_files cellgraph-test-vectors.log "$count"

# 2. Sanitizers on the small case.
sanitizer=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2> /dev/null)
if [ -n "$sanitizer" ]; then
  for tool in memcheck racecheck; do
    run "$tool" "cellgraph-$tool.log" "$(limit 90)" "$sanitizer" --tool "$tool" --error-exitcode 9 \
      "$t/graph/cellgraph/test_cellgraph_gpu" "[sanitize]"
    note "$tool" "cellgraph-$tool.log" 'ERROR SUMMARY|RACECHECK SUMMARY'
    skipped_gpu "$tool" "cellgraph-$tool.log"
  done
else
  result[sanitizers]="FAIL: compute-sanitizer not found"
  status=1
fi

# 3. The CLI on a bundled sample, on the GPU: a route from the first sample's cell to the last's.
sample=$root/instances/cells/plane-12.txt
if [ -f "$sample" ]; then
  from=$(grep -v '^#' "$sample" | head -1)
  to=$(grep -v '^#' "$sample" | tail -1)
  run "cli --backend gpu" cellgraph-cli.log 30 "$build/cli/arcwave" cellgraph "$sample" \
    --backend gpu --from "$from" --to "$to" --out "$OUT/cellgraph-plane-12.edges"
  note "cli --backend gpu" cellgraph-cli.log '^(route) '
else
  result["cli --backend gpu"]="FAIL: sample $sample not found"
  status=1
fi

# 4. The benchmark, in the time left (its own budget, then a hard stop shortly after).
budget=$(($(left) - 25))
if [ "$budget" -lt 30 ]; then budget=30; fi
run bench_cellgraph cellgraph-bench.log $((budget + 20)) "$build/bench/cellgraph/bench_cellgraph" \
  --cells_budget_s="$budget" --benchmark_out="$OUT/cellgraph-bench.json" \
  --benchmark_out_format=json
sed -n '/== cellgraph summary/,$p' "$OUT/cellgraph-bench.log" > "$OUT/cellgraph-table.txt"
rows_run=$(grep -cE '^  (gpu|cpu)/[a-z-]+ +compute' "$OUT/cellgraph-table.txt")
rows_all=$(grep -cE '^  (gpu|cpu)/[a-z-]+ +(compute|skipped)' "$OUT/cellgraph-table.txt")
result[bench_cellgraph]="${result[bench_cellgraph]} | budget $budget s, $rows_run of $rows_all rows \
measured (cellgraph-table.txt)"

# The table first (long), then the short summary last.
cat "$OUT/cellgraph-table.txt"
echo "== cellgraph device summary ($SECONDS s)"
for k in "${!result[@]}"; do printf '%-20s %s\n' "$k" "${result[$k]}"; done | sort
sed -n '/== targets/,$p' "$OUT/cellgraph-table.txt"
exit $status
