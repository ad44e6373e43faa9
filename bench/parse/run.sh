#!/usr/bin/env bash
# bench/parse/run.sh [BUILD_DIR] — parse speed and peak memory of read_xcsp, on one thread and on
# all cores side by side, on generated extension instances: the RB network of issue 18 (100
# variables, domain 100, 2000 conflict tables, 68 MB; also xz-compressed when xz is installed) and
# the ~100 MB random network of issue 2 (300 variables, domain 100, 4000 binary constraints of
# 4000 support tuples) in XCSP3 and in XCSP 2.1. Needs bench_parse, arcwave-gen and arcwave built
# in BUILD_DIR (default: build). Targets: >= 500 MB/s on all cores (issue 18, 16 cores), peak
# memory <= 3x the file size. PARSE_THREADS (default "1,all") lists the thread counts measured.
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
threads=${PARSE_THREADS:-1,all}

files=()
rb="$work/rb-100-100-2000-0.5.xcsp3.xml"
"$gen" rb --n 100 --d 100 --e 2000 --tightness 0.5 --seed 1 -o "$rb" || exit 1
files+=("$rb")
if command -v xz > /dev/null; then
  xz -1 -T0 -k -c "$rb" > "$rb.xz" && files+=("$rb.xz")
fi
params=(random --n 300 --d 100 --arity 2 --constraints 4000 --tightness 0.6 --seed 1)
for format in xcsp3 xcsp21; do
  file="$work/rand-2-300-100-4000.$format.xml"
  "$gen" "${params[@]}" --format "$format" -o "$file" || exit 1
  files+=("$file")
done

"$bench" --threads="$threads" "${files[@]}" --benchmark_out="$out/parse-bench.json" \
  --benchmark_out_format=json > "$out/parse-bench.log" 2>&1 || {
  tail -20 "$out/parse-bench.log" >&2
  exit 1
}

# MB/s of FILE on THREADS (the median of the repetitions).
mbps() {
  jq -r --arg n "read_xcsp/$1/threads:$2/" '[.benchmarks[]
      | select((.run_name | startswith($n)) and .aggregate_name == "median")][0].MB_per_s
      // "nan"' "$out/parse-bench.json"
}
# Peak RSS in kB of `arcwave info FILE` with ARCWAVE_PARSE_THREADS=$2 (0: all cores).
peak_rss() {
  if ! ARCWAVE_PARSE_THREADS=$2 /usr/bin/time -v "$cli" info "$1" > "$work/info.txt" \
    2> "$work/time.txt"; then
    echo "arcwave info $(basename "$1") failed:" >&2
    tail -3 "$work/time.txt" >&2
    echo nan
    return
  fi
  sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time.txt"
}

cores=$(nproc)
IFS=, read -ra counts <<< "$threads"
printf '\n%d cores. MB/s = 10^6 bytes of (uncompressed) file per second, median of 3.\n' "$cores"
printf '%-36s %8s' file "size MB"
for t in "${counts[@]}"; do printf ' %10s' "MB/s p=$t"; done
printf ' %8s %12s %8s\n' speedup "peak RSS MB" RSS/size
for file in "${files[@]}"; do
  name=$(basename "$file")
  size=$(stat -c %s "$file")
  [[ "$file" == *.xz ]] && size=$(xz -dc "$file" | wc -c)
  printf '%-36s %8.1f' "$name" "$(echo "$size / 1000000" | bc -l)"
  first="" last=""
  for t in "${counts[@]}"; do
    m=$(mbps "$name" "$t")
    printf ' %10.1f' "$m"
    [[ -z "$first" ]] && first=$m
    last=$m
  done
  rss_kb=$(peak_rss "$file" 0)
  awk -v a="$first" -v b="$last" -v r="$rss_kb" -v s="$size" 'BEGIN {
    printf " %7.2fx %12.1f %8.2f\n", b / a, r * 1024 / 1e6, r * 1024 / s }'
done
