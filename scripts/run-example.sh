#!/usr/bin/env bash
# Fresh machine to first answer: installs what is missing, builds the command-line tool alone
# (its libraries, with the CUDA kernels where nvcc is present; no tests, no benchmarks:
# run-tests.sh builds those) and solves a bundled instance (the 8-queens problem in XCSP3),
# printing the answer in the competition format.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh --target arcwave
build/cli/arcwave solve instances/xcsp3/queens-8.xml
