#!/usr/bin/env bash
# Lee wave on the GPU machine: the [gpu] grid tests (and the CPU grid, image and grid-file
# tests), compute-sanitizer memcheck and racecheck on the small [sanitize] cases, the CLI on a
# bundled map (with a drawing), then bench_grid (JSON) and its report (table + PNG plots).
# Usage: bench/device/grid.sh BUILD_DIR   (logs, JSON, table and PNGs into $OUT)
# Expected time: tests ~1-2 min, sanitizers ~1-2 min, benchmark ~4-5 min. GRID_PARTS (default
# "tests,sanitizers,cli,bench") picks parts, so that one device call can run tests and another
# the benchmark; ARCWAVE_GRID_SIZES / ARCWAVE_GRID_MAPS_SMALL / ARCWAVE_GRID_MAPS_LARGE shape the
# benchmark (see bench/grid/bench_grid.cpp).
set -uo pipefail
build=${1:?usage: grid.sh BUILD_DIR}
OUT=${OUT:-/tmp/arcwave-out}
mkdir -p "$OUT"
# run NAME LOG COMMAND... and the summary array (bench/device/lib/steps.bash)
source "$(dirname "${BASH_SOURCE[0]}")/lib/steps.bash"

parts=${GRID_PARTS:-tests,sanitizers,cli,bench}
want() { [[ ",$parts," == *",$1,"* ]]; }

t=$build/tests
if want tests; then
  run "test_grid_gpu" "$OUT/grid-test-gpu.log" "$t/graph/grid/test_grid_gpu"
  run "test_grid_cpu" "$OUT/grid-test-cpu.log" "$t/graph/grid/test_grid_cpu"
  run "test_grid_files" "$OUT/grid-test-files.log" "$t/parsers/grid/test_grid_files"
  run "test_image" "$OUT/grid-test-image.log" "$t/parsers/image/test_image"
fi
if want sanitizers; then
  run "memcheck" "$OUT/grid-memcheck.log" \
    compute-sanitizer --tool memcheck --error-exitcode 9 "$t/graph/grid/test_grid_gpu" "[sanitize]"
  run "racecheck" "$OUT/grid-racecheck.log" \
    compute-sanitizer --tool racecheck --error-exitcode 9 "$t/graph/grid/test_grid_gpu" "[sanitize]"
fi
if want cli && [ -x "$build/cli/arcwave" ]; then
  run "cli rooms (octile)" "$OUT/grid-cli.log" "$build/cli/arcwave" grid \
    instances/maps/rooms-48x40.map --from 1,1 --to 46,38 --moore --png "$OUT/grid-rooms.png"
  run "cli hills (height map)" "$OUT/grid-cli-hills.log" "$build/cli/arcwave" grid \
    instances/maps/hills-48x32.pgm --threshold 12 --from 0,16 --to 47,16 --png "$OUT/grid-hills.png"
fi

if want bench; then
  run "bench_grid" "$OUT/grid-bench.log" "$build/bench/grid/bench_grid" \
    --benchmark_out="$OUT/grid-bench.json" --benchmark_out_format=json
  python3 bench/grid/report.py "$OUT/grid-bench.json" "$OUT/grid" > "$OUT/grid-report.log" 2>&1 ||
    summary+=("report.py: FAILED (see grid-report.log)")
fi

echo "--- grid summary"
printf '%s\n' "${summary[@]}"
grep -h "test cases\|All tests passed" "$OUT"/grid-test-*.log 2>/dev/null
grep -h "ERROR SUMMARY\|RACECHECK SUMMARY" "$OUT/grid-memcheck.log" "$OUT/grid-racecheck.log" 2>/dev/null
grep -h "^length\|No path" "$OUT"/grid-cli*.log 2>/dev/null
sed -n '/## Targets/,$p' "$OUT/grid-table.md" 2>/dev/null
grep -A14 "^## n = 10000" "$OUT/grid-table.md" 2>/dev/null | grep -E "^\| (fast|cpu-all|global|shared|floor) "
exit $status
