#!/usr/bin/env bash
# Issue 29 (grid planning at the level of the best planners) on the GPU machine:
#   tests      the [gpu] differential tests of the first-move database kernels (the GPU builder's
#              rows against the CPU builder's, the GPU queries against the CPU walk, the smallest
#              shared maps' rows), the [gpu] API cases (every engine on the GPU against Dijkstra),
#              the rest of test_grid_gpu, and the CPU grid tests of this build;
#   sanitizers compute-sanitizer memcheck and racecheck on the small [cpd][sanitize] cases;
#   scen       `arcwave grid --scen` over every row of the 28 shared MovingAI maps in one process,
#              --check on: auto (JPS / JPS+ on every core) and the batched GPU search (map read to
#              last answer), then one database written with --cpd and read back for GPU queries;
#   scen-cpd-FAMILY  the rows of one family (dao, rooms, random, starcraft) with first-move
#              databases built and queried on the GPU (preprocessing included), one process a
#              family, so that each fits one device call;
#   bench-cpu  bench_grid_engines' CPU rows: A*, JPS, JPS+ on one core and on every core, on the
#              shared maps and on maps made by `arcwave-gen map` (GRID_CPD_LARGE, default 2048 and
#              4096 a side, 20 % blocked);
#   bench-gpu  its GPU search rows (shared and large maps);
#   bench-cpd-FAMILY  its GPU database rows for one family (preprocessing time and memory per
#              map, queries/s end to end and once built: 200,000 random queries per map).
# Usage: bench/device/grid_cpd.sh BUILD_DIR   (from the repository root; logs into $OUT)
# GRID_CPD_PARTS picks parts (default: tests,sanitizers,scen, scen-cpd-dao, scen-cpd-rooms,
# scen-cpd-random, scen-cpd-starcraft, bench-cpu, bench-gpu, bench-cpd-dao, bench-cpd-rooms,
# bench-cpd-random, bench-cpd-starcraft).
# The shared maps come from ARCWAVE_SHARED_MAPS (bench/device/all.sh sets it to the packed
# copy), else ../shared/maps. Every step has a timeout below the device tool's 10 minutes;
# give parts their own calls (the database kernels have not run yet: their times are unknown;
# tests and sanitizers together should take 3-6 min, each scen part and bench part under 10).
set -uo pipefail
build=${1:?usage: grid_cpd.sh BUILD_DIR}
OUT=${OUT:-/tmp/arcwave-out}
mkdir -p "$OUT"
logs=$(mktemp -d)
# run NAME LOG COMMAND... and the summary array (bench/device/lib/steps.bash)
source "$(dirname "${BASH_SOURCE[0]}")/lib/steps.bash"

families="dao rooms random starcraft"
default_parts=tests,sanitizers,scen
for f in $families; do default_parts+=",scen-cpd-$f"; done
default_parts+=",bench-cpu,bench-gpu"
for f in $families; do default_parts+=",bench-cpd-$f"; done
parts=${GRID_CPD_PARTS:-$default_parts}
want() { [[ ",$parts," == *",$1,"* ]]; }
maps=${ARCWAVE_SHARED_MAPS:-../shared/maps}
export ARCWAVE_SHARED_MAPS=$maps
export ARCWAVE_BINARY_DIR=${ARCWAVE_BINARY_DIR:-$build}
export OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-PASSIVE}
t=$build/tests
cs="compute-sanitizer --error-exitcode 9"
arcwave=$build/cli/arcwave

if want tests; then
  run "test_grid_gpu [cpd]" "$logs/test-cpd-gpu.log" timeout 540 "$t/graph/grid/test_grid_gpu" "[cpd]"
  run "test_public_api [grid][gpu]" "$logs/test-api-gpu.log" \
    timeout 300 "$t/api/public/test_public_api" "[grid][gpu]"
  run "test_grid_gpu (all)" "$logs/test-grid-gpu.log" timeout 540 "$t/graph/grid/test_grid_gpu"
  run "test_grid_search (cpu)" "$logs/test-grid-search.log" \
    timeout 540 "$t/graph/grid/test_grid_search"
  run "test_public_api [grid]" "$logs/test-api.log" timeout 300 "$t/api/public/test_public_api" "[grid]"
fi
if want sanitizers; then
  run "memcheck cpd" "$logs/memcheck-cpd.log" \
    timeout 300 $cs --tool memcheck "$t/graph/grid/test_grid_gpu" "[cpd][sanitize]"
  run "racecheck cpd" "$logs/racecheck-cpd.log" \
    timeout 400 $cs --tool racecheck "$t/graph/grid/test_grid_gpu" "[cpd][sanitize]"
fi
mapfile -t scen_files < <(find "$maps/movingai" -name '*.scen' | sort)
if want scen; then
  run "scen: auto (every core)" "$logs/scen-auto.log" \
    timeout 300 "$arcwave" grid --scen "${scen_files[@]}" --check --backend cpu
  run "scen: GPU search" "$logs/scen-gpu-search.log" \
    timeout 300 "$arcwave" grid --scen "${scen_files[@]}" --check --backend gpu --engine astar
  one=$maps/movingai/dao/brc201d.map
  run "--cpd written" "$logs/cpd-write.log" timeout 300 "$arcwave" grid "$one" --scen "$one.scen" \
    --check --cpd "$logs/brc201d.cpd"
  run "--cpd read, GPU queries" "$logs/cpd-read.log" timeout 120 "$arcwave" grid "$one" \
    --scen "$one.scen" --check --cpd "$logs/brc201d.cpd" --backend gpu
  rm -f "$logs/brc201d.cpd"
fi
for f in $families; do
  if want "scen-cpd-$f"; then
    mapfile -t family < <(find "$maps/movingai" -path "*/$f*/*.scen" | sort)
    run "scen: GPU databases, $f" "$logs/scen-gpu-cpd-$f.log" \
      timeout 570 "$arcwave" grid --scen "${family[@]}" --check --backend gpu --engine cpd
  fi
done
large=()
if want bench-cpu || want bench-gpu; then  # the large maps
  for spec in ${GRID_CPD_LARGE:-2048 4096}; do
    map=$logs/random-$spec.map
    run "generate ${spec}x${spec}" "$logs/gen-$spec.log" "$build/instances/tools/arcwave-gen" map \
      --width "$spec" --height "$spec" --blocked 0.2 --seed 1 -o "$map"
    large+=("$map")
  done
fi
bench_part() {  # NAME FILTER [MAPS]
  run "bench_grid_engines $1" "$logs/bench-$1.log" \
    env ARCWAVE_BENCH_LARGE_MAPS="$(IFS=,; echo "${large[*]}")" ARCWAVE_BENCH_MAPS="${3:-}" \
    timeout 570 "$build/bench/grid/bench_grid_engines" --benchmark_filter="$2" \
    --benchmark_out="$logs/bench-$1.json" --benchmark_out_format=json
  cp "$logs/bench-$1.json" "$OUT/grid-cpd-bench-$1.json" 2>/dev/null
}
if want bench-cpu; then bench_part cpu '/(astar|jps|jps\+|cpu_cpd)/'; fi
if want bench-gpu; then bench_part gpu '/gpu_search/'; fi
for f in $families; do
  if want "bench-cpd-$f"; then bench_part "cpd-$f" 'shared/gpu_cpd/' "$f"; fi
done
rm -f "$logs"/random-*.map

echo "--- grid_cpd summary ($(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null))"
printf '%s\n' "${summary[@]}"
for log in "$logs"/test-*.log; do
  [ -f "$log" ] &&
    printf '%-24s %s\n' "$(basename "$log")" "$(grep -E 'All tests passed|test cases:' "$log" | tail -1)"
done
grep -h "ERROR SUMMARY\|RACECHECK SUMMARY" "$logs"/*check-*.log 2>/dev/null
for log in "$logs"/scen-*.log "$logs"/cpd-*.log; do
  [ -f "$log" ] && echo "== $(basename "$log")" &&
    grep -E "^(backend|engine|times|rows|rate|check|differs|cpd)" "$log"
done
for log in "$logs"/bench-*.log; do
  [ -f "$log" ] && sed -n '/^## Grid engines/,$p' "$log"
done
tar -czf "$OUT/grid-cpd-logs.tar.gz" -C "$logs" . && rm -rf "$logs"
exit $status
