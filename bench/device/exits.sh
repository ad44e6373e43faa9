#!/usr/bin/env bash
# Exit paths with a GPU present (issue 28), on the device machine: the [exit] CLI tests (bad
# files, signals while reading and searching, -t, other commands), then bench/device/exits.py —
# every malformed file of the test suite on every command and backend, signals at random
# moments on solve / ac / grid / apsp, random -t limits, and the ARCWAVE_CUDA_FAULT hooks
# (a failing launch or allocation) — and compute-sanitizer memcheck on a GPU solve stopped by a
# signal and on a failing allocation. Every run must end within 2 s of its cause with the
# documented code. Usage: bench/device/exits.sh BUILD_DIR   (logs into $OUT; about 3 minutes)
# EXITS_ROUNDS (default 12) runs per signal plan and -t; EXITS_PARTS as exits.py --parts.
set -uo pipefail
build=$1
out=${OUT:-/tmp/arcwave-out}
mkdir -p "$out"
here=$(cd "$(dirname "$0")/../.." && pwd)
source "$(dirname "$0")/lib/steps.bash"
cli=$build/cli/arcwave
nvidia-smi -L > "$out/exits-devices.log" 2>&1

run "[exit] CLI tests" "$out/exits-tests.log" \
  env ARCWAVE_BINARY_DIR="$build" ARCWAVE_SOURCE_DIR="$here" \
  "$build/tests/solver/cli/test_solve_cli" "[exit]"
work=${EXITS_WORK:-/tmp/arcwave-exits}
run "exits.py" "$out/exits-py.log" \
  python3 "$here/bench/device/exits.py" "$build" "$out" --work "$work" --rounds "${EXITS_ROUNDS:-12}" \
  --parts "${EXITS_PARTS:-bad signals limits faults}"
b=${ARCWAVE_SHARED_INSTANCES:-$here/../shared/instances}/xcsp3-binary/B/rand-2-27-27-351-163-0.xml.lzma
run "memcheck: solve --backend gpu stopped by SIGINT" "$out/exits-memcheck-signal.log" \
  bash -c "timeout -k 5 -s INT 3 compute-sanitizer --tool memcheck --error-exitcode 9 \
    '$cli' solve --backend gpu -a '$work/queens-17.xml'; rc=\$?; [ \$rc -ne 9 ]"
run "memcheck: a failing allocation mid-solve" "$out/exits-memcheck-alloc.log" \
  bash -c "ARCWAVE_CUDA_FAULT=alloc:3 timeout -k 5 60 compute-sanitizer --tool memcheck \
    --error-exitcode 9 '$cli' solve --backend gpu '$b'; rc=\$?; [ \$rc -ne 9 ] && [ \$rc -ne 124 ]"

printf '%s\n' "${summary[@]}" | tee "$out/exits-summary.txt"
tail -n 12 "$out/exits-py.log" | tee -a "$out/exits-summary.txt"
exit $status
