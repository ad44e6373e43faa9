#!/usr/bin/env bash
# GPU arc consistency on the device machine: [gpu] tests, sanitizers, the AC benchmark.
# Usage: bench/device/ac_gpu.sh BUILD_DIR   (writes into $OUT)
set -uo pipefail
build=$1
out=${OUT:-/tmp/arcwave-out}
t=$build/tests/propagation/gpu
status=0
for test in test_ne_model_gpu test_device_ac test_ne_model_omp test_table_network; do
  "$t/$test" > "$out/ac_gpu-$test.log" 2>&1 || status=1
  echo "$test: $(tail -n 2 "$out/ac_gpu-$test.log" | tr '\n' ' ')"
done
compute-sanitizer --tool memcheck "$t/test_device_ac" "device AC along random search paths with backtracking" > "$out/ac_gpu-memcheck.log" 2>&1 || status=1
compute-sanitizer --tool memcheck "$t/test_ne_model_gpu" "CUDA and OpenMP builds agree on larger networks" >> "$out/ac_gpu-memcheck.log" 2>&1 || status=1
compute-sanitizer --tool racecheck "$t/test_device_ac" "device AC root fixpoint equals the naive fixpoint" > "$out/ac_gpu-racecheck.log" 2>&1 || status=1
compute-sanitizer --tool racecheck "$t/test_ne_model_gpu" "AC4GPU+ on the frontier driver equals the naive fixpoint" >> "$out/ac_gpu-racecheck.log" 2>&1 || status=1
grep -h "ERROR SUMMARY\|RACECHECK SUMMARY" "$out"/ac_gpu-memcheck.log "$out"/ac_gpu-racecheck.log
"$build/bench/ac_gpu/bench_ac_gpu" --benchmark_out="$out/ac_gpu-bench.json" --benchmark_out_format=json \
  > "$out/ac_gpu-bench.log" 2>&1 || status=1
grep -E "manual_time|bandwidth" "$out/ac_gpu-bench.log" | sed -E 's/\/iterations:[0-9]+\/manual_time//' |
  awk '{printf "%-58s %10s %-3s", $1, $2, $3; for (i = 6; i <= NF; i++) if ($i ~ /^(propagate_ms|floor_ms|deleted|wiped|deleted_per_assign|restore_ms)=/) printf " %s", $i; print ""}'
exit $status
