#!/usr/bin/env bash
# bench/parse/run.sh [BUILD_DIR] — parse speed and peak memory of read_xcsp on a generated
# ~100 MB network (300 variables, domain 100, 4000 binary constraints of 4000 support tuples),
# in XCSP 2.1 and in XCSP3. Needs bench_parse, arcwave-gen and arcwave built in BUILD_DIR
# (default: build). Targets (issue 2 §8): >= 50 MB/s, peak memory <= 3x the file size.
# Results: bench_parse JSON in $OUT (default: a temp folder), and a table on standard output.
set -uo pipefail
build=${1:-build}
gen="$build/instances/tools/arcwave-gen"
bench="$build/bench/parse/bench_parse"
cli="$build/cli/arcwave"
for tool in "$gen" "$bench" "$cli"; do
  [[ -x "$tool" ]] || { echo "missing $tool (build it first)" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
out=${OUT:-$work}

params=(random --n 300 --d 100 --arity 2 --constraints 4000 --tightness 0.6 --seed 1)
files=()
for format in xcsp21 xcsp3; do
  file="$work/rand-2-300-100-4000.$format.xml"
  "$gen" "${params[@]}" --format "$format" -o "$file" || exit 1
  files+=("$file")
done

"$bench" "${files[@]}" --benchmark_out="$out/parse-bench.json" --benchmark_out_format=json

printf '\n%-34s %9s %9s %12s %8s\n' file "size MB" "MB/s" "peak RSS MB" "RSS/size"
for file in "${files[@]}"; do
  name=$(basename "$file")
  size=$(stat -c %s "$file")
  if ! /usr/bin/time -v "$cli" info "$file" > "$work/info.txt" 2> "$work/time.txt"; then
    echo "arcwave info $name failed:" >&2
    tail -3 "$work/time.txt" >&2
    continue
  fi
  rss_kb=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time.txt")
  # run_name carries the benchmark's options after the file name ("read_xcsp/F/iterations:1/...").
  mbps=$(jq -r --arg n "read_xcsp/$name/" '[.benchmarks[]
      | select((.run_name | startswith($n)) and .aggregate_name == "median")][0].MB_per_s' \
    "$out/parse-bench.json")
  awk -v n="$name" -v s="$size" -v m="$mbps" -v r="$rss_kb" 'BEGIN {
    printf "%-34s %9.1f %9.1f %12.1f %8.2f\n", n, s / 1e6, m, r * 1024 / 1e6, r * 1024 / s }'
done
