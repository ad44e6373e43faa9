#!/usr/bin/env bash
# The N-E model built on the device from the compact tables (issue 18, part 1), on the device
# machine: the [compact] tests on CUDA (N-E arrays equal the table path's, fixpoints equal serial
# AC4 and the OpenMP build, DeviceAc from both forms), compute-sanitizer on small cases, then
# `arcwave ac` end to end on generated networks of 10^6..10^8 allowed tuples (ac4gpu+ on the GPU
# beside ac4, ac3bit and ct on the CPU) and three runs of the 68 MB RB network of the issue.
# Usage: bench/device/ac_e2e.sh BUILD_DIR   (writes into $OUT; E2E_SIZES overrides the sizes)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib/steps.bash"
build=$1
out=${OUT:-/tmp/arcwave-out}
mkdir -p "$out"
export ARCWAVE_SOURCE_DIR=${ARCWAVE_SOURCE_DIR:-$(cd "$here/../.." && pwd)}
t=$build/tests/propagation/gpu
work=${TMPDIR:-/tmp}/arcwave-ac-e2e

run "compact tests (OpenMP)" "$out/e2e-test_compact_network.log" "$t/test_compact_network"
run "[compact] BuildNE arrays and fixpoints (CUDA)" "$out/e2e-test_ne_model_gpu.log" \
  "$t/test_ne_model_gpu" "[compact]"
run "[compact] DeviceAc from both forms" "$out/e2e-test_device_ac.log" "$t/test_device_ac" "[compact]"
run "AC4GPU+ / AC4GPU (CUDA, both forms) vs serial AC4" "$out/e2e-test_ne_vs_ac4_gpu.log" \
  "$t/test_ne_vs_ac4_gpu" "AC4GPU+ (CUDA) reaches serial AC4's fixpoint on random networks" \
  "AC4GPU and AC4GPU+ (CUDA) reach serial GAC4's fixpoint on random n-ary networks"
run "GPU engine (compact network)" "$out/e2e-test_gpu_engine.log" "$t/test_gpu_engine"
cs() { compute-sanitizer --error-exitcode 1 --tool "$@"; }
run "memcheck: compact arrays" "$out/e2e-memcheck-arrays.log" \
  cs memcheck "$t/test_ne_model_gpu" "[compact][small]"
run "memcheck: DeviceAc compact" "$out/e2e-memcheck-device.log" \
  cs memcheck "$t/test_device_ac" "[compact][small]"
run "racecheck: compact arrays" "$out/e2e-racecheck-arrays.log" \
  cs racecheck "$t/test_ne_model_gpu" "[compact][small]"

# End to end (one run of the whole program per line).
NE_BACKEND=gpu "$here/../ac_gpu/e2e.sh" "$build" "$work" "${E2E_SIZES:-1e6 1e7 1e8}" \
  > "$out/e2e-table.txt" 2>&1 || status=1
{
  echo "68 MB RB network of issue 18 (rb --n 100 --d 100 --e 2000 --tightness 0.5 --seed 1):"
  for i in 1 2 3; do
    start=$EPOCHREALTIME
    "$build/cli/arcwave" ac "$work/rb-1e7.xml" --propagator ac4gpu+ --backend gpu | grep -E "^c (time|build|input)"
    echo "  wall $(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.3f", b - a }') s"
  done
} > "$out/e2e-rb68.txt" 2>&1 || status=1

printf '%s\n' "${summary[@]}"
cat "$out/e2e-table.txt" "$out/e2e-rb68.txt"
exit $status
