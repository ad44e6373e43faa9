#!/usr/bin/env bash
# GPU arc consistency on the device machine: [gpu] tests, sanitizers, `arcwave solve --backend
# gpu` against the CPU answers on the bundled instances, the AC and MAC benchmarks.
# Usage: bench/device/ac_gpu.sh BUILD_DIR   (writes into $OUT)
# AC_PARTS picks parts (default "tests sanitizers cli bench mac").
set -uo pipefail
build=$1
out=${OUT:-/tmp/arcwave-out}
parts=${AC_PARTS:-tests sanitizers cli bench mac}
t=$build/tests/propagation/gpu
status=0
has() { [[ " $parts " == *" $1 "* ]]; }
if has tests; then
  for test in test_ne_model_gpu test_device_ac test_ne_vs_ac4_gpu test_gpu_engine test_ne_model_omp \
    test_ne_vs_ac4_omp test_table_network test_compact_network; do
    [ -x "$t/$test" ] || { echo "$test: missing"; status=1; continue; }
    "$t/$test" > "$out/ac_gpu-$test.log" 2>&1 || status=1
    echo "$test: $(tail -n 3 "$out/ac_gpu-$test.log" | tr '\n' ' ')"
  done
fi
if has sanitizers; then
  cs() { compute-sanitizer --tool "$1" "${@:2}"; }
  cs memcheck "$t/test_device_ac" "device AC along random search paths with backtracking" > "$out/ac_gpu-memcheck.log" 2>&1 || status=1
  cs memcheck "$t/test_ne_model_gpu" "CUDA and OpenMP builds agree on larger networks" >> "$out/ac_gpu-memcheck.log" 2>&1 || status=1
  cs memcheck "$t/test_gpu_engine" "GPU engine: n-queens counts and solutions equal the CPU AC4 engine's" >> "$out/ac_gpu-memcheck.log" 2>&1 || status=1
  cs racecheck "$t/test_device_ac" "device AC root fixpoint equals the naive fixpoint" > "$out/ac_gpu-racecheck.log" 2>&1 || status=1
  cs racecheck "$t/test_ne_model_gpu" "AC4GPU+ on the frontier driver equals the naive fixpoint" >> "$out/ac_gpu-racecheck.log" 2>&1 || status=1
  cs racecheck "$t/test_gpu_engine" "GPU engine: n-queens counts and solutions equal the CPU AC4 engine's" >> "$out/ac_gpu-racecheck.log" 2>&1 || status=1
  grep -h "ERROR SUMMARY\|RACECHECK SUMMARY" "$out"/ac_gpu-memcheck.log "$out"/ac_gpu-racecheck.log
fi
if has cli; then
  # Every bundled binary instance: the GPU backend's answer (s line, solution count with -a on
  # the small ones) must equal the CPU backend's; each printed solution is checked by the solver.
  src=${ARCWAVE_SOURCE_DIR:-.}
  : > "$out/ac_gpu-cli.log"
  agree=0 differ=0
  for f in "$src"/instances/xcsp3/*.xml; do
    flags=""
    case $(basename "$f") in queens-4.xml|queens-8*.xml|langford-2-*.xml|rb-12-*) flags="-a" ;; esac
    c=$("$build/cli/arcwave" solve "$f" --backend cpu $flags -t 60 2>&1 | grep -oE "^s .*|solutions [0-9]+|^c backend.*")
    g=$("$build/cli/arcwave" solve "$f" --backend gpu $flags -t 60 2>&1 | grep -oE "^s .*|solutions [0-9]+|^c backend.*")
    printf '%s\n  cpu: %s\n  gpu: %s\n' "$f" "$(echo "$c" | tr '\n' ' ')" "$(echo "$g" | tr '\n' ' ')" >> "$out/ac_gpu-cli.log"
    if [ "$(echo "$c" | grep -v backend)" = "$(echo "$g" | grep -v backend)" ]; then agree=$((agree + 1)); else differ=$((differ + 1)); fi
  done
  echo "solve --backend gpu vs cpu on instances/xcsp3: $agree agree, $differ differ (GPU refusals print the CPU fallback; see ac_gpu-cli.log)"
fi
if has bench; then
  "$build/bench/ac_gpu/bench_ac_gpu" --benchmark_out="$out/ac_gpu-bench.json" --benchmark_out_format=json \
    > "$out/ac_gpu-bench.log" 2>&1 || status=1
  grep -E "manual_time|bandwidth" "$out/ac_gpu-bench.log" | sed -E 's/\/iterations:[0-9]+\/manual_time//' |
    awk '{printf "%-58s %10s %-3s", $1, $2, $3; for (i = 6; i <= NF; i++) if ($i ~ /^(init_ms|build_ms|build_[a-z-]+_ms|transfer_ms|propagate_ms|floor_ms|deleted|wiped|deleted_per_assign|restore_ms)=/) printf " %s", $i; print ""}'
fi
if has mac; then
  "$build/bench/mac_gpu/bench_mac_gpu" --benchmark_out="$out/mac_gpu-bench.json" --benchmark_out_format=json \
    > "$out/mac_gpu-bench.log" 2>&1 || status=1
  grep -E "manual_time" "$out/mac_gpu-bench.log" | sed -E 's/\/iterations:[0-9]+\/manual_time//' |
    awk '{printf "%-44s %10s %-3s", $1, $2, $3; for (i = 6; i <= NF; i++) if ($i ~ /^(nodes|nodes_per_s|root_ms|init_ms|finished|solved|propagations_per_node|removals_per_node)=/) printf " %s", $i; print ""}'
fi
exit $status
