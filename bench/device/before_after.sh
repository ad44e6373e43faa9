#!/usr/bin/env bash
# Two builds of the CLI side by side on the bundled files (issue 30: a refactor must change no
# answer and no time): each command of the README's examples run ROUNDS times (default 7) by
# each binary in alternation; prints the median wall seconds per command and binary, and whether
# the two printed the same answer lines.
# Usage: bench/device/before_after.sh BEFORE_BIN AFTER_BIN [ROUNDS]   (from the repository root)
set -uo pipefail
before=$1 after=$2 rounds=${3:-7}
i=instances
commands=(
  "info $i/xcsp21/frb30-15-1.xml"
  "solve $i/xcsp3/queens-10-alldiff.xml -a -p 1"
  "solve $i/xcsp3/frb30-15-1.xml -p 1"
  "solve $i/xcsp3/langford-3-9.xml -p 1"
  "solve $i/xcsp3/qwh-10-0.42-1.xml -p 1"
  "ac $i/xcsp3/rb-12-6-30-0.5-1.xml --propagator ac4"
  "grid $i/maps/rooms-48x40.map --scen $i/maps/rooms-48x40.scen --check --backend cpu"
  "grid $i/maps/maze-41.map --from 1,1 --to 39,39 --backend cpu"
  "apsp $i/graphs/grid-8x8.gr --sources 1 --path 1 64 --backend cpu"
  "cellgraph $i/cells/plane-12.txt --backend cpu"
)
# The lines that carry an answer (solutions may differ where the search changed its heuristics:
# s, the count and the objective must not).
answer() {
  grep -E '^(s |c solutions|c removed|check|length|path [0-9]|cells|edges|variables)' |
    sed 's/ *(read in.*//' | md5sum | cut -c1-8
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
printf '| command | before s | after s | after/before | same answer |\n| --- | ---: | ---: | ---: | --- |\n'
for c in "${commands[@]}"; do
  tb=() ta=()
  for ((r = 0; r < rounds; ++r)); do
    for which in before after; do
      bin=${!which}
      s=$(date +%s.%N)
      out=$(timeout -k 5 120 $bin $c 2>&1)
      e=$(date +%s.%N)
      t=$(awk -v a="$s" -v b="$e" 'BEGIN {printf "%.6f", b - a}')
      if [ $which = before ]; then tb+=("$t"); hb=$(answer <<< "$out"); else ta+=("$t"); ha=$(answer <<< "$out"); fi
    done
  done
  mb=$(printf '%s\n' "${tb[@]}" | median) ma=$(printf '%s\n' "${ta[@]}" | median)
  printf '| `%s` | %.4f | %.4f | %.2f | %s |\n' "$c" "$mb" "$ma" "$(awk -v a="$ma" -v b="$mb" 'BEGIN {print a / b}')" \
    "$([ "$hb" = "$ha" ] && echo yes || echo "no ($hb / $ha)")"
done
