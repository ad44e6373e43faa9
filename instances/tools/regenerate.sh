#!/usr/bin/env bash
# instances/tools/regenerate.sh [BUILD_DIR] — rewrites every bundled instance listed in
# instances/generated.txt, in both formats, with BUILD_DIR/instances/tools/arcwave-gen.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
gen="${1:-build}/instances/tools/arcwave-gen"
[[ -x "$gen" ]] || { echo "missing $gen (ninja arcwave-gen)" >&2; exit 2; }
grep -v '^#' "$here/generated.txt" | while IFS='|' read -r name args; do
  name=$(echo "$name" | xargs)
  [[ -n "$name" ]] || continue
  for format in xcsp3 xcsp21; do
    # shellcheck disable=SC2086  # the arguments are words
    "$gen" $args --format "$format" -o "$here/$format/$name"
  done
done
du -sh "$here/xcsp3" "$here/xcsp21"
