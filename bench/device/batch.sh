#!/usr/bin/env bash
# The batched MAC search on the device machine: its tests (host reference and [gpu]),
# compute-sanitizer on the small device cases, and `solve --backend gpu` against the CPU on the
# shared binary instances (one core per CPU run, 14 at once; the GPU runs one at a time; on 32
# cores or more the GPU and the 16-core CPU runs go side by side on disjoint cores).
# Usage: bench/device/batch.sh BUILD_DIR   (writes into $OUT)
# BATCH_PARTS picks parts (default "tests sanitizers shared"); BATCH_LIMIT the time limit (10 s);
# BATCH_FILES the instance glob (default: every shared binary instance); BATCH_GPUS the devices of
# the gpu variant (solve --gpus; default every visible GPU).
# Measurement switches the device search reads from the environment (solver/batch/
# batch_search_cuda.cu; docs/results/h100x2-2026-11-27-s8.md used them): ARCWAVE_BATCH_SEARCHERS=N
# (at most N blocks), ARCWAVE_BATCH_BACKOFF=NS (longest sleep of a waiting block, 131072),
# ARCWAVE_BATCH_POLL=MASK (flags and queue looked at every MASK+1 nodes, 3),
# ARCWAVE_BATCH_DONATE=N (give work away while fewer than N items are queued, the block count),
# ARCWAVE_BATCH_SMALL=0 (a lane per value instead of a lane per arc), ARCWAVE_BATCH_WEIGHT_COPY=0,
# ARCWAVE_BATCH_CARVEOUT=PERCENT, ARCWAVE_BATCH_REGISTERS=64; several devices (multi_device.cpp,
# docs/results/h100x2-2026-11-27-s9.md): ARCWAVE_BATCH_OUTBOX=N (outbox slots per device, one
# per searcher), ARCWAVE_BATCH_WANT=K (an idle device asks for searchers / K branches, 4).
set -uo pipefail
build=$1
out=${OUT:-/tmp/arcwave-out}
parts=${BATCH_PARTS:-tests sanitizers shared}
limit=${BATCH_LIMIT:-10}
here=$(cd "$(dirname "$0")/../.." && pwd)
shared=${ARCWAVE_SHARED_INSTANCES:-$here/../shared/instances}
files=${BATCH_FILES:-$shared/xcsp3-binary/**/*.xml.lzma}
source "$(dirname "$0")/lib/steps.bash"
has() { [[ " $parts " == *" $1 "* ]]; }
t=$build/tests/solver/batch/test_batch_search
if has tests; then
  run "batch tests" "$out/batch-tests.log" "$t"
fi
if has sanitizers; then
  run "batch memcheck" "$out/batch-memcheck.log" \
    compute-sanitizer --tool memcheck --error-exitcode 9 "$t" "[race]"
  run "batch racecheck" "$out/batch-racecheck.log" \
    compute-sanitizer --tool racecheck --error-exitcode 9 "$t" "[race]"
fi
if has shared; then
  # The first variant runs every file; the others only those it does not settle within
  # BATCH_RERUN_ABOVE seconds (1 s): files every solver settles at once are not worth the
  # device time (compare.py says how many were counted so).
  variants=(--variant "cpu1=--backend cpu -p 1" --variant "gpu=--backend gpu -p 1"
            --variant "cpu16=--backend cpu -p 16")
  # On a machine of 32 cores or more the GPU runs beside the 16-core CPU, each on its own cores
  # (the GPU's process needs one core for its 0.2 s CPU probe and to poll the device).
  if (( $(nproc) >= 32 )); then
    variants+=(--pin "cpu16=0-15" --pin "gpu=16-19" --together "gpu,cpu16")
  fi
  run "batch vs cpu on the shared binary instances" "$out/batch-shared.log" \
    python3 "$here/bench/batch/compare.py" "$build" --files "$files" --limit "$limit" \
    "${variants[@]}" --jobs cpu1=14 --rerun-above "${BATCH_RERUN_ABOVE:-1}" \
    --answers "$shared/answers.txt" --json "$out/batch-shared.json" \
    ${BATCH_GPUS:+--gpus "$BATCH_GPUS"}
  tail -n 25 "$out/batch-shared.log"
fi
printf '%s\n' "${summary[@]}"
exit $status
