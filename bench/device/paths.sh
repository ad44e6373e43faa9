#!/usr/bin/env bash
# Issue 16 (path planning at the user's scale) on the GPU machine:
#   tests      the [gpu] differential tests of the new kernels (grid query batch and single-source
#              tile wave against A* / Dijkstra; the per-CTA Johnson against the CPU Johnson), the
#              CPU tests of the same code, and the apsp CLI tests;
#   sanitizers compute-sanitizer memcheck and racecheck on the small [sanitize] cases;
#   scen       `arcwave grid --scen` over every row of the 28 shared MovingAI maps in one process,
#              --check on, GPU then every CPU core (map read to last answer, CUDA start-up
#              included on the GPU);
#   bench      bench_grid_search (per-map scenario rates, weighted 10^4 x 10^4 single source) and
#              bench_apsp_file (APSP file to host memory on delaunay_n12, uk, luxembourg_osm),
#              then `arcwave apsp` writing a binary file on the GPU and the CPU.
# Usage: bench/device/paths.sh BUILD_DIR   (from the repository root; logs into $OUT)
# PATHS_PARTS (default "tests,sanitizers,scen,bench") picks parts. The shared data comes from
# ARCWAVE_SHARED_MAPS / ARCWAVE_SHARED_GRAPHS (bench/device/all.sh sets them to the packed
# copies), else ../shared/maps and ../shared/graphs.
# Expected time: tests ~2 min, sanitizers ~2 min, scen ~1 min (the CPU pass is the long one),
# bench ~3-5 min. Every log goes into $OUT/paths-logs.tar.gz; the summary is printed at the end.
set -uo pipefail
build=${1:?usage: paths.sh BUILD_DIR}
OUT=${OUT:-/tmp/arcwave-out}
mkdir -p "$OUT"
logs=$(mktemp -d)
# run NAME LOG COMMAND... and the summary array (bench/device/lib/steps.bash)
source "$(dirname "${BASH_SOURCE[0]}")/lib/steps.bash"

parts=${PATHS_PARTS:-tests,sanitizers,scen,bench}
want() { [[ ",$parts," == *",$1,"* ]]; }
maps=${ARCWAVE_SHARED_MAPS:-../shared/maps}
graphs=${ARCWAVE_SHARED_GRAPHS:-../shared/graphs}
export ARCWAVE_SHARED_MAPS=$maps ARCWAVE_SHARED_GRAPHS=$graphs
export ARCWAVE_BINARY_DIR=${ARCWAVE_BINARY_DIR:-$build}
t=$build/tests
cs="compute-sanitizer --error-exitcode 9"

if want tests; then
  run "test_grid_gpu [search]" "$logs/test-grid-gpu.log" "$t/graph/grid/test_grid_gpu" "[search]"
  run "test_grid_search (cpu)" "$logs/test-grid-search.log" "$t/graph/grid/test_grid_search"
  run "test_sssp_gpu [cta]" "$logs/test-sssp-gpu.log" "$t/graph/sssp/test_sssp_gpu" "[cta]"
  run "test_sssp_cpu [stream]" "$logs/test-sssp-cpu.log" "$t/graph/sssp/test_sssp_cpu" "[stream]"
  run "test_apsp_cli" "$logs/test-apsp-cli.log" "$t/graph/sssp/test_apsp_cli"
fi
if want sanitizers; then
  run "memcheck grid search" "$logs/memcheck-grid.log" \
    timeout 300 $cs --tool memcheck "$t/graph/grid/test_grid_gpu" "[search][sanitize]"
  run "racecheck grid search" "$logs/racecheck-grid.log" \
    timeout 300 $cs --tool racecheck "$t/graph/grid/test_grid_gpu" "[search][sanitize]"
  run "memcheck per-CTA Johnson" "$logs/memcheck-cta.log" \
    timeout 300 $cs --tool memcheck "$t/graph/sssp/test_sssp_gpu" "[cta][sanitize]"
  run "racecheck per-CTA Johnson" "$logs/racecheck-cta.log" \
    timeout 300 $cs --tool racecheck "$t/graph/sssp/test_sssp_gpu" "[cta][sanitize]"
fi
if want scen; then
  mapfile -t scen_files < <(find "$maps/movingai" -name '*.scen' | sort)
  run "scen: 28 maps on the GPU" "$logs/scen-gpu.log" "$build/cli/arcwave" grid \
    --scen "${scen_files[@]}" --check --backend gpu --out "$logs/scen-gpu.csv"
  run "scen: 28 maps on all CPU cores" "$logs/scen-cpu.log" "$build/cli/arcwave" grid \
    --scen "${scen_files[@]}" --check --backend cpu
fi
if want bench; then
  run "bench_grid_search" "$logs/bench-grid-search.log" "$build/bench/grid/bench_grid_search" \
    --benchmark_out="$logs/bench-grid-search.json" --benchmark_out_format=json
  run "bench_apsp_file" "$logs/bench-apsp-file.log" "$build/bench/sssp/bench_apsp_file" \
    --benchmark_out="$logs/bench-apsp-file.json" --benchmark_out_format=json
  for backend in gpu cpu; do
    run "apsp file delaunay_n12 $backend" "$logs/apsp-cli-$backend.log" "$build/cli/arcwave" apsp \
      "$graphs/delaunay_n12.mtx" --backend "$backend" --format bin --out "$logs/d12-$backend.bin"
  done
  cmp "$logs/d12-gpu.bin" "$logs/d12-cpu.bin" > "$logs/apsp-cli-cmp.log" 2>&1 &&
    summary+=("apsp bin files GPU = CPU: ok") || summary+=("apsp bin files GPU = CPU: DIFFER")
  rm -f "$logs"/d12-*.bin
fi

echo "--- paths summary ($(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null))"
printf '%s\n' "${summary[@]}"
for log in "$logs"/test-*.log; do
  printf '%-24s %s\n' "$(basename "$log")" "$(grep -E 'All tests passed|test cases:' "$log" | tail -1)"
done
grep -h "ERROR SUMMARY\|RACECHECK SUMMARY" "$logs"/*check-*.log 2>/dev/null
for log in "$logs"/scen-*.log; do
  [ -f "$log" ] && echo "== $(basename "$log")" && grep -E "^(backend|times|rows|rate|check|differs)" "$log"
done
[ -f "$logs/bench-grid-search.log" ] && sed -n '/^## Scenarios/,$p' "$logs/bench-grid-search.log"
[ -f "$logs/bench-apsp-file.log" ] && sed -n '/^## APSP/,$p' "$logs/bench-apsp-file.log"
grep -h "GPU method\|total" "$logs"/apsp-cli-*.log 2>/dev/null
tar -czf "$OUT/paths-logs.tar.gz" -C "$logs" . && rm -rf "$logs"
exit $status
