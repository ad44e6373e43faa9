#!/usr/bin/env bash
# Runs on the GPU machine, from the repository root, after scripts/device/pack.sh here:
# every topic script of bench/device/ against the packed build, logs and JSON into $OUT.
# Usage: bench/device/all.sh [TOPIC...]   (default: every topic)
set -uo pipefail
root=$(pwd)
export LD_LIBRARY_PATH="$root/.devbin/lib:${LD_LIBRARY_PATH:-}"
export ARCWAVE_SOURCE_DIR="$root"
export ARCWAVE_BINARY_DIR="$root/.devbin/build"
export ARCWAVE_SHARED_INSTANCES="$root/.devbin/shared-instances"
export ARCWAVE_SHARED_MAPS="$root/.devbin/shared-maps"
export ARCWAVE_SHARED_GRAPHS="$root/.devbin/shared-graphs"
export OUT=${OUT:-/tmp/arcwave-out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,memory.total,clocks.max.sm --format=csv,noheader | tee "$OUT/device.txt"
topics=("$@")
if [ ${#topics[@]} -eq 0 ]; then
  for s in bench/device/*.sh; do
    t=$(basename "$s" .sh)
    [ "$t" = all ] || topics+=("$t")
  done
fi
for t in "${topics[@]}"; do
  echo "=== $t"
  start=$(date +%s)
  bash "bench/device/$t.sh" "$root/.devbin/build" > "$OUT/$t-run.log" 2>&1
  echo "exit $? after $(( $(date +%s) - start )) s" | tee -a "$OUT/$t-run.log"
  tail -n 25 "$OUT/$t-run.log"
done
