#!/usr/bin/env bash
# End to end `arcwave ac` on generated networks of growing size: the N-E propagator (ac4gpu+,
# on the device with NE_BACKEND=gpu, on the CPU cores through OpenMP with cpu) beside the CPU
# propagators ac4, ac3bit and ct, each one run of the whole program (parse, model, GPU context,
# upload, build, propagate), its wall time and its `c time` line.
# Usage: bench/ac_gpu/e2e.sh BUILD_DIR WORK_DIR [SIZES]
#   SIZES: which networks, by allowed tuples ("1e6 1e7 1e8", default "1e6 1e7").
#   NE_BACKEND: gpu (default) or cpu. Prints a table; the networks are written to WORK_DIR.
set -uo pipefail
build=$1
work=$2
sizes=${3:-1e6 1e7}
backend=${NE_BACKEND:-gpu}
gen=$build/instances/tools/arcwave-gen
arcwave=$build/cli/arcwave
mkdir -p "$work"

# name|arcwave-gen arguments; allowed tuples = constraints x product x (1 - tightness).
networks() {
  case $1 in
    1e6) echo "rb-1e6|rb --n 100 --d 100 --e 200 --tightness 0.5 --seed 1"
         echo "rand3-1e6|random --n 100 --d 20 --arity 3 --constraints 250 --tightness 0.5 --seed 1" ;;
    1e7) echo "rb-1e7|rb --n 100 --d 100 --e 2000 --tightness 0.5 --seed 1"
         echo "rb-sup-1e7|rb --n 100 --d 100 --e 2000 --tightness 0.5 --seed 1 --supports"
         echo "rand2-1e7|random --n 100 --d 100 --arity 2 --constraints 2000 --tightness 0.5 --seed 1"
         echo "rand3-1e7|random --n 100 --d 20 --arity 3 --constraints 2500 --tightness 0.5 --seed 1"
         echo "rand4-1e7|random --n 60 --d 10 --arity 4 --constraints 2000 --tightness 0.5 --seed 1" ;;
    3e7) echo "rb-3e7|rb --n 200 --d 100 --e 6000 --tightness 0.5 --seed 1"
         echo "rand3-3e7|random --n 150 --d 20 --arity 3 --constraints 7500 --tightness 0.5 --seed 1" ;;
    1e8) echo "rb-1e8|rb --n 300 --d 100 --e 20000 --tightness 0.5 --seed 1" ;;
  esac
}

now() { echo "$EPOCHREALTIME"; }
printf '%-11s %7s  %-8s %8s  %s\n' network MB propagator wall_s "phases (c time line)"
for size in $sizes; do
  while IFS='|' read -r name args; do
    file=$work/$name.xml
    [ -s "$file" ] || $gen $args -o "$file" > /dev/null || { echo "$name: generation failed"; continue; }
    mb=$(( $(stat -c %s "$file") / 1000000 ))
    for p in ac4gpu+ ac4 ac3bit ct; do
      b=cpu
      [ "$p" = ac4gpu+ ] && b=$backend
      start=$(now)
      out=$("$arcwave" ac "$file" --propagator "$p" --backend "$b" 2>&1)
      rc=$?
      wall=$(awk -v a="$start" -v b="$(now)" 'BEGIN { printf "%.3f", b - a }')
      times=$(echo "$out" | grep -E "^c time" | sed 's/^c time //')
      [ $rc -le 1 ] || times="FAILED (exit $rc): $(echo "$out" | tail -n 1)"
      printf '%-11s %7s  %-8s %8.3f  %s\n' "$name" "$mb" "$p" "$wall" "$times"
    done
  done < <(networks "$size")
done
