"""Cell graphs against brute force and the CLI."""

import itertools
import random

import pytest

import arcwave
from conftest import INSTANCES


@pytest.mark.parametrize("seed", range(10))
@pytest.mark.parametrize("algorithm", ["fingerprint", "tree", "heuristic"])
def test_edges_equal_brute_force(seed, algorithm):
    rng = random.Random(seed)
    bits = rng.randint(1, 9)
    vectors = ["".join(rng.choice("01") for _ in range(bits)) for _ in range(rng.randint(1, 40))]
    g = arcwave.CellGraph.build(vectors, algorithm=algorithm, backend="cpu")
    distinct = list(dict.fromkeys(vectors))
    assert g.vertex_count == len(distinct)
    assert [g.cell(v) for v in range(g.vertex_count)] == distinct
    expected = {(a, b) for a, b in itertools.combinations(range(len(distinct)), 2)
                if sum(x != y for x, y in zip(distinct[a], distinct[b])) == 1}
    assert {tuple(e) for e in g.edges().tolist()} == expected
    for i, v in enumerate(vectors):
        assert g.vertex_of_input(i) == distinct.index(v)


def test_counts_and_route_equal_cli(cli):
    path = INSTANCES / "cells" / "plane-12.txt"
    rows = [l for l in path.read_text().splitlines() if l and not l.startswith("#")]
    g = arcwave.CellGraph.load(str(path), backend="cpu")
    a, b = rows[0], rows[-1]
    out = cli("cellgraph", path, "--from", a, "--to", b, "--backend", "cpu").stdout.splitlines()
    field = {l.split()[0]: l.split()[1] for l in out if l and not l.startswith(" ")}
    assert g.vertex_count == int(field["cells"])
    assert g.edge_count == int(field["edges"])
    route = g.route(g.find(a), g.find(b))
    assert len(route) - 1 == int(field["route"])
    for u, v in zip(route, route[1:]):
        g.crossed_bit(u, v)  # raises unless neighbours
