#!/usr/bin/env bash
# Issue 18, part 3: a 10^8-cell MovingAI map from file to path on the GPU machine (target: <= 0.4 s
# wall for `arcwave grid` on the GPU, against 4.7 s before). Generates the 10,000 x 10,000 map
# (arcwave-gen map, 20 % blocked, seed 1; outside $OUT: it is 100 MB), runs `arcwave grid` on the
# GPU three times (4 moves, the fast wave) and once with octile moves, and once on the CPU, each
# timed as a whole process (wall) beside its own `times` line; the GPU and CPU paths must be the
# same file. Then the [gpu] grid tests, compute-sanitizer on the [sanitize] cases, and
# bench_grid_read (read MB/s on 1 thread and all cores, upload, file to path beside the kernel).
# Usage: bench/device/grid_e2e.sh BUILD_DIR   (logs and JSON into $OUT; about 2-3 minutes)
# GRID_E2E_PARTS (default "e2e,tests,sanitizers,bench") picks parts; GRID_E2E_SIDE the map side.
set -uo pipefail
build=${1:?usage: grid_e2e.sh BUILD_DIR}
OUT=${OUT:-/tmp/arcwave-out}
mkdir -p "$OUT"
source "$(dirname "${BASH_SOURCE[0]}")/lib/steps.bash"
parts=${GRID_E2E_PARTS:-e2e,tests,sanitizers,bench}
want() { [[ ",$parts," == *",$1,"* ]]; }

side=${GRID_E2E_SIDE:-10000}
work=${TMPDIR:-/tmp}/arcwave-grid-e2e
mkdir -p "$work"
map=$work/random-$side.map
far=$((side - 1)),$((side - 1))
arcwave=$build/cli/arcwave
export TIMEFORMAT='process wall %R s (user %U s, sys %S s)'

# timed NAME LOG ARGS...: one `arcwave grid` process, its wall time appended to its log.
timed() {
  local name=$1 log=$2
  shift 2
  run "$name" "$log" bash -c 'time "$@"' _ "$arcwave" grid "$map" "$@"
}

if want e2e; then
  run "generate ${side}x${side} map" "$OUT/grid-e2e-gen.log" \
    "$build/instances/tools/arcwave-gen" map --width "$side" --height "$side" --blocked 0.2 \
    --seed 1 -o "$map"
  cat "$map" > /dev/null  # in the page cache, as for a map just written or read before
  for i in 1 2 3; do
    timed "gpu 4 moves, run $i" "$OUT/grid-e2e-gpu-$i.log" --from 0,0 --to "$far" --backend gpu \
      --path-out "$work/path-gpu.txt"
  done
  timed "gpu octile" "$OUT/grid-e2e-gpu-octile.log" --from 0,0 --to "$far" --backend gpu --moves \
    octile --path-out "$work/path-gpu-octile.txt"
  # The wave on the CPU too (auto would take A* there), so that both paths follow LURD.
  timed "cpu 4 moves" "$OUT/grid-e2e-cpu.log" --from 0,0 --to "$far" --backend cpu --engine wave \
    --path-out "$work/path-cpu.txt"
  run "gpu path == cpu path" "$OUT/grid-e2e-cmp.log" cmp "$work/path-gpu.txt" "$work/path-cpu.txt"
fi

t=$build/tests
if want tests; then
  run "test_grid_gpu" "$OUT/grid-e2e-test-gpu.log" "$t/graph/grid/test_grid_gpu"
  run "test_grid_files" "$OUT/grid-e2e-test-files.log" "$t/parsers/grid/test_grid_files"
  run "test_grid_cpu [planes]" "$OUT/grid-e2e-test-cpu.log" "$t/graph/grid/test_grid_cpu" "[planes]"
fi
if want sanitizers; then
  run "memcheck" "$OUT/grid-e2e-memcheck.log" compute-sanitizer --tool memcheck --error-exitcode 9 \
    "$t/graph/grid/test_grid_gpu" "[sanitize]"
  run "racecheck" "$OUT/grid-e2e-racecheck.log" compute-sanitizer --tool racecheck \
    --error-exitcode 9 "$t/graph/grid/test_grid_gpu" "[sanitize]"
fi
if want bench; then
  run "bench_grid_read" "$OUT/grid-e2e-bench.log" "$build/bench/grid/bench_grid_read" \
    --benchmark_out="$OUT/grid-e2e-bench.json" --benchmark_out_format=json
fi
rm -rf "$work"

echo "--- grid_e2e summary"
printf '%s\n' "${summary[@]}"
for log in "$OUT"/grid-e2e-gpu-*.log "$OUT/grid-e2e-cpu.log"; do
  [ -f "$log" ] || continue
  echo "$(basename "$log" .log):"
  grep -h "^backend\|^engine\|^times\|^length\|No path\|process wall" "$log" | sed 's/^/  /'
done
grep -h "test cases\|All tests passed" "$OUT"/grid-e2e-test-*.log 2>/dev/null
grep -h "ERROR SUMMARY\|RACECHECK SUMMARY" "$OUT"/grid-e2e-memcheck.log \
  "$OUT"/grid-e2e-racecheck.log 2>/dev/null
grep -E "^(read|unpack|gpu)/" "$OUT/grid-e2e-bench.log" 2>/dev/null
exit $status
