#!/usr/bin/env bash
# Fresh machine to test results: installs what is missing, builds, runs every test (ctest).
# Tests tagged [gpu] skip with a message where no GPU is usable.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
cd build
ctest --output-on-failure -j "$(nproc)" --timeout 1500
