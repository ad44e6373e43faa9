#!/usr/bin/env bash
# XCSP parsing on all the GPU machine's cores (no GPU work): the tests of the parallel reading
# (the same model and errors as the sequential reading; malformed files under tiny parts), then
# bench/parse/run.sh with one thread, 2, 4, 8 and all side by side (MB/s and peak RSS) on the
# 68 MB RB network (plain and xz) and the ~100 MB random networks (XCSP3, XCSP 2.1).
# Usage: bench/device/parse.sh BUILD_DIR   (logs, JSON and the table into $OUT)
# Expected time: tests ~30 s, benchmark ~1-2 min (generating the files included).
set -uo pipefail
build=${1:?usage: parse.sh BUILD_DIR}
export OUT=${OUT:-/tmp/arcwave-out}
mkdir -p "$OUT"
export ARCWAVE_SOURCE_DIR=${ARCWAVE_SOURCE_DIR:-$(pwd)}
# run NAME LOG COMMAND... and the summary array (bench/device/lib/steps.bash)
source "$(dirname "${BASH_SOURCE[0]}")/lib/steps.bash"

t=$build/tests/parsers
run "test_xcsp_parallel" "$OUT/parse-test-parallel.log" "$t/xcsp_parallel/test_xcsp_parallel"
run "test_parsers_xcsp3" "$OUT/parse-test-xcsp3.log" "$t/xcsp3/test_parsers_xcsp3"
run "test_xcsp21_reader" "$OUT/parse-test-xcsp21.log" "$t/xcsp21/test_xcsp21_reader"
run "test_parsers_input" "$OUT/parse-test-input.log" "$build/tests/test_parsers_input"
PARSE_THREADS=${PARSE_THREADS:-1,2,4,8,all} run "bench/parse/run.sh" "$OUT/parse-bench-table.log" \
  bench/parse/run.sh "$build"

echo "--- parse summary"
printf '%s\n' "${summary[@]}"
grep -h "test cases\|All tests passed" "$OUT"/parse-test-*.log 2>/dev/null
cat "$OUT/parse-bench-table.log"
exit $status
