#!/usr/bin/env bash
# One command for the parallel-search benchmark (see speedup.py for what it does and writes):
#   bench/parallel/run.sh [BUILD_DIR] [more speedup.py options...]
# Builds BUILD_DIR (default build, made by scripts/build.sh when missing) and writes the
# results under $OUT (default bench-parallel-out). On a 16-core machine the defaults compare
# -p 2, 4, 8, 16 with -p 1 on up to 40 shared instances whose sequential search takes 2 s or
# more; expect one to three hours.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$here/build}
shift $(( $# > 0 ? 1 : 0 ))
if [ ! -x "$build/cli/arcwave" ]; then
  if [ "$build" = "$here/build" ]; then "$here/scripts/build.sh"; else
    echo "no $build/cli/arcwave: build it first"; exit 2; fi
fi
exec python3 "$here/bench/parallel/speedup.py" --build "$build" --out "${OUT:-bench-parallel-out}" "$@"
