#!/usr/bin/env bash
# Fresh machine to test results: installs what is missing, builds, runs every test (ctest).
# Tests tagged [gpu] skip with a message where no GPU is usable.
#
# On a machine without a GPU the tests are built for the CPU only (ARCWAVE_CUDA=OFF): the
# [gpu] tests would only skip there, and compiling every kernel doubles the build time. The
# Thrust algorithms of the GPU paths still run, compiled for OpenMP. Set ARCWAVE_CUDA=ON (or
# AUTO) in the environment to build the kernels anyway; GPU machines build them by default.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cuda=${ARCWAVE_CUDA:-}
if [ -z "$cuda" ]; then
  if command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1; then
    cuda=AUTO
  else
    cuda=OFF
    echo "run-tests: no GPU found, building for the CPU only (ARCWAVE_CUDA=ON to build the kernels)"
  fi
fi
scripts/build.sh "-DARCWAVE_CUDA=$cuda"
cd build
ctest --output-on-failure -j "$(nproc)" --timeout 1500
