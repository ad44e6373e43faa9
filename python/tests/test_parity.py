"""One front door: the module gives the answers of the `arcwave` tool on the shared files (solve
on every one-constraint XCSP3 file, APSP rows on the shared graphs) and on the bundled cell
files. tests/api/public/test_cli_parity.cpp checks the C++ API against the same tool, so the
three agree. Without the shared files the cases skip."""

import os
from pathlib import Path

import numpy as np
import pytest

import arcwave
from conftest import INSTANCES, REPO


def shared(name):
    """A folder of the shared data (ARCWAVE_SHARED_INSTANCES for instances/), or None."""
    if name == "instances" and os.environ.get("ARCWAVE_SHARED_INSTANCES"):
        return Path(os.environ["ARCWAVE_SHARED_INSTANCES"])
    p = REPO.parent / "shared" / name
    return p if p.is_dir() else None


def shared_files(sub, pattern):
    base = shared("instances")
    folder = base / sub if base else None
    return sorted(folder.glob(pattern)) if folder and folder.is_dir() else []


CONSTRAINT_FILES = shared_files("xcsp3-constraints", "*.xml")


@pytest.mark.skipif(not CONSTRAINT_FILES, reason="no shared xcsp3-constraints instances")
@pytest.mark.parametrize("path", CONSTRAINT_FILES, ids=lambda p: p.name)
def test_solve_equals_cli(path, cli):
    first = arcwave.solve(path, backend="cpu")
    optimise = first.objective is not None
    r = arcwave.solve(path, backend="cpu", all_solutions=not optimise)
    args = ["solve", path, "-p", "1", "--backend", "cpu"] + ([] if optimise else ["-a"])
    lines = cli(*args).stdout.splitlines()
    assert [l for l in lines if l.startswith("s ")] == ["s " + r.status]
    if optimise:
        if r.objective is not None:
            assert [l for l in lines if l.startswith("o ")][-1] == f"o {r.objective}"
    else:
        assert [l for l in lines if l.startswith("c solutions ")] == [f"c solutions {r.solutions}"]


def graph_files():
    folder = shared("graphs")
    names = ("delaunay_n12.mtx", "uspowergrid.edges")
    return [folder / n for n in names if folder and (folder / n).exists()]


@pytest.mark.skipif(not graph_files(), reason="no shared graphs")
@pytest.mark.parametrize("path", graph_files(), ids=lambda p: p.name)
def test_apsp_equals_cli(path, cli, tmp_path):
    g = arcwave.Graph.load(path)
    n, base = g.vertex_count, g.index_base
    sources = [0, 1, 7, n - 1]
    out = tmp_path / "rows.csv"
    cli("apsp", path, "--backend", "cpu", "--sources", ",".join(str(s + base) for s in sources),
        "--out", out)
    rows = g.apsp(sources, backend="cpu")
    lines = out.read_text().splitlines()
    assert lines[0] == "source," + ",".join(str(v + base) for v in range(n))
    for i, line in enumerate(lines[1:]):
        fields = line.split(",")
        assert int(fields[0]) == sources[i] + base
        want = ["inf" if d == arcwave.UNREACHABLE_INT else str(d) for d in rows[i].tolist()]
        assert fields[1:] == want


@pytest.mark.parametrize("name", ["plane-12.txt", "rotations-20.txt", "quadrics-16.vec"])
def test_cell_graph_equals_cli(name, cli, tmp_path):
    path = INSTANCES / "cells" / name
    out = tmp_path / "edges.txt"
    cli("cellgraph", path, "--backend", "cpu", "--out", out)
    edges = [tuple(map(int, l.split())) for l in out.read_text().splitlines()
             if l and not l.startswith("#")]
    g = arcwave.CellGraph.load(path, backend="cpu")
    assert np.array_equal(g.edges(), np.array(edges, dtype=g.edges().dtype).reshape(-1, 2))
