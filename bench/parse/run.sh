#!/usr/bin/env bash
# bench/parse/run.sh [BUILD_DIR] — parse speed and peak memory of read_xcsp, on one thread and on
# all cores side by side, on generated extension instances: the RB network of issue 18 (100
# variables, domain 100, 2000 conflict tables, 68 MB, also xz-compressed) and
# the ~100 MB random network of issue 2 (300 variables, domain 100, 4000 binary constraints of
# 4000 support tuples) in XCSP3 and in XCSP 2.1. Needs bench_parse, arcwave-gen and arcwave built
# in BUILD_DIR (default: build). Targets: >= 500 MB/s on all cores (issue 18, 16 cores), peak
# memory <= 3x the file size. PARSE_THREADS (default "1,all") lists the thread counts measured.
# Results: bench_parse JSON and log in $OUT (default: a temp folder), and the table of report.py
# on standard output (needs python3 only).
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
  xz -1 -T0 -k -c "$rb" > "$rb.xz"
else
  python3 -c 'import lzma, sys; lzma.open(sys.argv[2], "wb", preset=1).write(open(sys.argv[1], "rb").read())' "$rb" "$rb.xz"
fi
files+=("$rb.xz")
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

python3 "$(dirname "$0")/report.py" "$out/parse-bench.json" "$cli" "${files[@]}"
