#!/usr/bin/env bash
# Several GPUs (issue 17) on the device machine: the [gpu] tests of the device lists (batched
# search and APSP on {0}, {0,0}, every visible GPU, and with CUDA_VISIBLE_DEVICES=0), the host
# tests of the coordination, compute-sanitizer memcheck / racecheck on small cases that take the
# cross-device paths (`0,0`: two workers on one GPU), then timings of one device against the
# device list GPUS_LIST (default 0,0; on one GPU that proves the paths, it is no speed-up — on a
# 2-GPU machine set GPUS_LIST=0,1 for the speed-up) with the answers compared.
# Usage: bench/device/gpus.sh BUILD_DIR   (logs into $OUT; about 3-4 minutes)
# GPUS_PARTS picks parts (default "tests sanitizers solve apsp"; "shared" adds compare.py on
# GPUS_FILES, default the rlfap family of the shared binary instances, 5 s limit).
set -uo pipefail
build=$1
out=${OUT:-/tmp/arcwave-out}
mkdir -p "$out"
parts=${GPUS_PARTS:-tests sanitizers solve apsp}
list=${GPUS_LIST:-0,0}
here=$(cd "$(dirname "$0")/../.." && pwd)
shared=${ARCWAVE_SHARED_INSTANCES:-$here/../shared/instances}
graphs=${ARCWAVE_SHARED_GRAPHS:-$here/../shared/graphs}
source "$(dirname "$0")/lib/steps.bash"
has() { [[ " $parts " == *" $1 "* ]]; }
cli=$build/cli/arcwave
gen=$build/instances/tools/arcwave-gen
batch=$build/tests/solver/batch/test_batch_search
nvidia-smi -L > "$out/gpus-devices.log" 2>&1

if has tests; then
  run "core device lists" "$out/gpus-core.log" "$build/tests/test_core" "[gpus]"
  run "batch tests (host devices and [gpu] lists)" "$out/gpus-batch-tests.log" "$batch"
  run "batch [devices] with CUDA_VISIBLE_DEVICES=0" "$out/gpus-batch-visible0.log" \
    env CUDA_VISIBLE_DEVICES=0 "$batch" "[devices]"
  run "apsp over devices (CPU coordination)" "$out/gpus-sssp-cpu.log" \
    "$build/tests/graph/sssp/test_sssp_cpu" "[devices]"
  run "apsp gpu tests" "$out/gpus-sssp-gpu.log" "$build/tests/graph/sssp/test_sssp_gpu"
  run "apsp cli --gpus" "$out/gpus-apsp-cli.log" \
    env ARCWAVE_BINARY_DIR="$build" "$build/tests/graph/sssp/test_apsp_cli" "[apsp]"
fi

if has sanitizers; then
  run "batch memcheck (0,0 outbox)" "$out/gpus-batch-memcheck.log" \
    compute-sanitizer --tool memcheck --error-exitcode 9 "$batch" "[race]"
  run "batch racecheck (0,0 outbox)" "$out/gpus-batch-racecheck.log" \
    compute-sanitizer --tool racecheck --error-exitcode 9 "$batch" "[race]"
  small=$out/gpus-small.gr
  python3 - "$small" <<'PY'
import random, sys
random.seed(17)
n = 300
edges = set()
for v in range(1, n):
    edges.add((v, v + 1, random.randint(1, 9)))
for _ in range(900):
    a, b = random.randint(1, n), random.randint(1, n)
    if a != b:
        edges.add((a, b, random.randint(1, 9)))
with open(sys.argv[1], "w") as f:
    f.write(f"p sp {n} {len(edges)}\n")
    for a, b, w in sorted(edges):
        f.write(f"a {a} {b} {w}\n")
PY
  for method in cta batched; do
    extra=""
    [[ $method == cta ]] && extra="--paths $out/gpus-small-$method.pred"
    run "apsp $method memcheck --gpus 0,0" "$out/gpus-apsp-$method-memcheck.log" \
      compute-sanitizer --tool memcheck --error-exitcode 9 "$cli" apsp "$small" --backend gpu \
      --method "$method" --gpus 0,0 --batch 64 --format bin --values 64 \
      --out "$out/gpus-small-$method.bin" $extra
  done
fi

# Wall seconds of a command, its output in LOG.
timed() {
  local log=$1
  shift
  local t0=$EPOCHREALTIME
  "$@" > "$log" 2>&1
  local rc=$?
  echo "$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.3f", b - a }') $rc"
}

if has solve; then
  # UNSAT proofs (the whole tree) and counts (every subproblem searched exactly once; queens
  # 16 and 17: 14,772,512 and 95,815,104 solutions, OEIS A000170). Searches of one GPU under a
  # second are dominated by each device's fixed costs: the hardest shared B files (0.3-0.8 s on
  # one H100) and the queens counts (about 2 and 13 s, extrapolated from queens 14) show the trend.
  "$gen" -o "$out/gpus-rb-60-15-320.xml" rb --n 60 --d 15 --e 320 --tightness 0.40 --seed 5
  "$gen" -o "$out/gpus-queens-16.xml" queens 16
  "$gen" -o "$out/gpus-queens-17.xml" queens 17
  table=$out/gpus-solve.txt
  printf '| instance | devices | wall s | search s | answer | solutions | engine |\n| --- | --- | ---: | ---: | --- | ---: | --- |\n' > "$table"
  b=$shared/xcsp3-binary/B
  for path in "$out/gpus-rb-60-15-320.xml" "$b/rand-2-27-27-351-163-4.xml.lzma" \
              "$b/rand-2-27-27-351-163-8.xml.lzma" "$b/rand-2-26-26-325-155-0.xml.lzma" \
              "$out/gpus-queens-16.xml" "$out/gpus-queens-17.xml"; do
    f=$(basename "$path")
    f=${f%%.*}
    opts="--backend gpu -p 1 -t 120"
    [[ $f == gpus-queens-* ]] && opts="$opts -a"
    answers=()
    for devs in 0 "$list"; do
      log=$out/$f-${devs//,/_}.log  # no commas or pluses: the device tool drops such names
      read -r secs rc < <(timed "$log" "$cli" solve "$path" $opts --gpus "$devs")
      ans=$(grep -m1 '^s ' "$log" | cut -c3-)
      sols=$(grep -m1 '^c solutions ' "$log" | grep -o '[0-9]*' | head -1)
      search=$(grep -m1 '^c time' "$log" | grep -o 'search [0-9.]*' | cut -c8-)
      # The engine line's counters: searchers, the devices' making, busy searchers, kernels.
      eng=$(grep -m1 '^c engine' "$log" | grep -o -E '[0-9]+ searchers|[0-9.]+ s to make|busy [0-9]+%|[0-9]+ kernels, in kernels [0-9]+%|[0-9]+ open branches sent' | paste -sd ';' -)
      printf '| %s | %s | %.2f | %s | %s | %s | %s |\n' "$f" "$devs" "$secs" "$search" "$ans" "$sols" \
        "$eng" >> "$table"
      answers+=("$ans/$sols")
    done
    known=""
    [[ $f == gpus-queens-16 ]] && known=14772512
    [[ $f == gpus-queens-17 ]] && known=95815104
    if [[ -n $known && ${answers[0]} != "SATISFIABLE/$known" ]]; then
      summary+=("solve $f: ${answers[0]} is not the published count $known"); status=1
    fi
    if [[ ${answers[0]} == "${answers[1]}" ]]; then summary+=("solve $f: same answer on 0 and $list (${answers[0]})")
    else summary+=("solve $f: DIFFERENT answers ${answers[*]}"); status=1; fi
  done
  cat "$table"
fi

if has apsp; then
  table=$out/gpus-apsp.txt
  # The files on local storage: $OUT of the device tool was measured to take seconds to close
  # a few GB (a 3.6 GB file: 1.6 s in /tmp, 4-6 s in $OUT).
  bins=$(mktemp -d)
  printf '| graph | method | devices | wall s | log tail |\n| --- | --- | --- | ---: | --- |\n' > "$table"
  # The largest shared graph (luxembourg_osm, 114,599 vertices) with the first
  # GPUS_LUX_SOURCES sources: the whole APSP file would be 105 GB.
  for spec in "$graphs/delaunay_n12.mtx|all" "$graphs/uk.mtx|all" "$graphs/uspowergrid.edges|all" \
              "$graphs/luxembourg_osm.edges|${GPUS_LUX_SOURCES:-1-4096}"; do
    g=${spec%%|*}
    sources=${spec#*|}
    name=$(basename "$g")
    for method in cta batched; do
      for devs in 0 "$list"; do
        log=$out/gpus-apsp-$name-$method-${devs//,/_}.log
        read -r secs rc < <(timed "$log" "$cli" apsp "$g" --backend gpu --method "$method" \
          --sources "$sources" --gpus "$devs" --format bin --values 64 \
          --out "$bins/gpus-apsp-$devs.bin")
        printf '| %s | %s | %s | %.2f | %s |\n' "$name" "$method" "$devs" "$secs" \
          "$(grep -m1 'shortest paths' "$log" | cut -c1-120)" >> "$table"
      done
      if cmp -s "$bins/gpus-apsp-0.bin" "$bins/gpus-apsp-$list.bin"; then
        summary+=("apsp $name $method: identical files on 0 and $list")
      else
        summary+=("apsp $name $method: files DIFFER between 0 and $list"); status=1
      fi
    done
  done
  rm -rf "$bins"
  cat "$table"
fi

if has shared; then
  files=${GPUS_FILES:-$shared/xcsp3-binary/rlfap/**/*.xml.lzma}
  run "compare.py: gpu 0 vs $list" "$out/gpus-shared.log" \
    python3 "$here/bench/batch/compare.py" "$build" --files "$files" --limit 5 \
    --variant "gpu0=--backend gpu -p 1 --gpus 0" --variant "gpuN=--backend gpu -p 1 --gpus $list" \
    --answers "$shared/answers.txt" --json "$out/gpus-shared.json"
  tail -n 20 "$out/gpus-shared.log"
fi
printf '%s\n' "${summary[@]}"
exit $status
