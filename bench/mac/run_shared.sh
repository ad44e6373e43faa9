#!/usr/bin/env bash
# Runs `arcwave solve` on every shared benchmark instance (../shared/instances, or
# ARCWAVE_SHARED_INSTANCES) with a time limit, next to the answers and times another solver
# reported (answers.txt: FILE | STATUS | SECONDS), and prints one line per file and a summary.
#   bench/mac/run_shared.sh BUILD_DIR [LIMIT_SECONDS=10] [extra solve options...]
# Columns: file | reference status | reference s | our status | our wall s | our CPU s.
set -euo pipefail
build=${1:?usage: run_shared.sh BUILD_DIR [LIMIT] [options...]}
limit=${2:-10}
shift $(( $# >= 2 ? 2 : 1 ))
here=$(cd "$(dirname "$0")/../.." && pwd)
shared=${ARCWAVE_SHARED_INSTANCES:-$here/../shared/instances}
bin=$(cd "$build" && pwd)/cli/arcwave
[ -f "$shared/answers.txt" ] || { echo "no shared instances at $shared"; exit 0; }
out=$(mktemp)
trap 'rm -f "$out" "$out.t" "$out.all"' EXIT
printf '%-58s | %-13s | %6s | %-13s | %7s | %7s\n' file reference ref_s arcwave wall_s cpu_s
grep -v '^#' "$shared/answers.txt" | while IFS='|' read -r file status seconds; do
  file=$(echo $file); status=$(echo $status); seconds=$(echo $seconds)
  [ -n "$file" ] || continue
  start=$(date +%s.%N)
  /usr/bin/time -f '%U %S' -o "$out.t" "$bin" solve "$shared/$file" -t "$limit" "$@" \
    > "$out" 2>/dev/null || true
  end=$(date +%s.%N)
  ours=$(sed -n 's/^s //p' "$out" | head -1)
  cpu=$(tail -1 "$out.t" | awk '{print $1 + $2}')
  printf '%-58s | %-13s | %6s | %-13s | %7.2f | %7.2f\n' "$file" "$status" "$seconds" \
    "${ours:-ERROR}" "$(echo "$end - $start" | bc)" "$cpu"
done | tee "$out.all"
awk -F'|' '
  { gsub(/ /, "", $2); gsub(/ /, "", $4); gsub(/^ +| +$/, "", $5); gsub(/^ +| +$/, "", $6)
    ref[$2]++; if ($4 != "UNKNOWN" && $4 != "ERROR") solved++
    if ($2 != "UNKNOWN") { known++; if ($4 == $2) agree++ }
    if (($2 == "SATISFIABLE" && $4 == "UNSATISFIABLE") || ($2 == "UNSATISFIABLE" && $4 == "SATISFIABLE")) wrong++
    if ($2 == "UNKNOWN" && $4 != "UNKNOWN") extra++
    if ($2 != "UNKNOWN" && $4 == $2) { rs += $3; os += $6 } }
  END { printf "files %d; solved %d; reference answers %d, matched %d; contradicted %d; solved where the reference did not: %d\n", NR, solved, known, agree, wrong + 0, extra + 0
        printf "on the files both solved: reference %.2f s in all, arcwave %.2f s CPU\n", rs, os }' \
  "$out.all"
