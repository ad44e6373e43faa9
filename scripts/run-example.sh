#!/usr/bin/env bash
# Fresh machine to first answer: installs what is missing, builds, and solves a bundled
# instance (the 8-queens problem in XCSP3), printing the answer in the competition format.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
build/cli/arcwave solve instances/xcsp3/queens-8.xml
