#!/usr/bin/env bash
# Configures and builds arcwave into build/ (Release). `--target NAME` (repeatable) builds only
# those targets and what they need (run-example.sh builds the CLI alone); every other argument
# goes to cmake's configure step.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${CUDACXX:-}" ] && ! command -v nvcc >/dev/null && [ -x /usr/local/cuda/bin/nvcc ]; then
  export CUDACXX=/usr/local/cuda/bin/nvcc
fi
targets=()
configure=()
while (($#)); do
  if [ "$1" = --target ] && (($# >= 2)); then
    targets+=(--target "$2")
    shift 2
  else
    configure+=("$1")
    shift
  fi
done
jobs=$(nproc)
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release "${configure[@]}"
cmake --build build -j "$jobs" "${targets[@]}"
