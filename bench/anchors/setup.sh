#!/usr/bin/env bash
# Installs the anchor solvers that bench/anchors/run.py measures arcwave against, in a virtual
# environment outside git:
#   ACE 2.6      — the jar shipped inside PyPI's pycsp3, run with Debian's Java
#   CP-SAT       — OR-Tools from PyPI, driven by CPMpy's XCSP3 runner
#                  (python -m cpmpy.tools.xcsp3.xcsp3_cpmpy FILE --solver ortools)
# These are measuring tools only, never dependencies of arcwave.
#
#   bench/anchors/setup.sh [VENV]      (default bench/anchors/.venv, ignored by git)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
venv=${1:-$here/.venv}

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if ! command -v java >/dev/null 2>&1; then
  echo "setup: installing Debian's Java (default-jre-headless) for ACE"
  as_root apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q default-jre-headless
fi
if ! command -v taskset >/dev/null 2>&1; then
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q util-linux
fi
if ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
  as_root apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q python3-venv
fi

if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
"$venv/bin/pip" install -q --disable-pip-version-check -r "$here/requirements.txt"

jar=$(ls "$venv"/lib/python3*/site-packages/pycsp3/solvers/ace/ACE-*.jar | head -1)
[ -f "$jar" ] || { echo "setup: ACE's jar not found in pycsp3's package" >&2; exit 1; }
echo "setup: venv $venv"
echo "setup: ACE   $jar ($(java -version 2>&1 | head -1))"
"$venv/bin/python" - <<'PY'
import cpmpy, ortools
print(f"setup: CPMpy {cpmpy.__version__}, OR-Tools {ortools.__version__}")
PY
