"""Shared fixtures: the repository's bundled instances, and the `arcwave` command-line tool
whose answers the module must reproduce (ARCWAVE_CLI, else a build folder of this checkout, else
the PATH). Without the tool the comparisons skip, unless ARCWAVE_REQUIRE_CLI=1 (CI) makes that
a failure."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
INSTANCES = REPO / "instances"


def find_cli():
    candidates = [os.environ.get("ARCWAVE_CLI")]
    candidates += [str(REPO / d / "cli" / "arcwave") for d in ("build", "build-cpu")]
    candidates.append(shutil.which("arcwave"))
    for c in candidates:
        if c and os.access(c, os.X_OK):
            return c
    return None


@pytest.fixture(scope="session")
def cli():
    path = find_cli()
    if path is None:
        if os.environ.get("ARCWAVE_REQUIRE_CLI") == "1":
            pytest.fail("the arcwave tool was not found (set ARCWAVE_CLI)")
        pytest.skip("the arcwave tool was not found (set ARCWAVE_CLI to compare with it)")

    def run(*args, check=True):
        r = subprocess.run([path, *map(str, args)], capture_output=True, text=True)
        if check and r.returncode not in (0, 1):
            raise AssertionError(f"arcwave {' '.join(map(str, args))} exited {r.returncode}:\n"
                                 f"{r.stderr}")
        return r

    return run


def answers():
    """instances/answers.txt: FILE -> (ANSWER, SOLUTIONS or None)."""
    out = {}
    for line in (INSTANCES / "answers.txt").read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        file, answer, count, _ = [p.strip() for p in line.split("|", 3)]
        out[file] = (answer, None if count == "-" else int(count))
    return out
