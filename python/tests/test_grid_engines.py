"""One engine behind every door: the module's GridPlanner answers as `arcwave grid` does (the
same engine chosen, equal lengths and equal paths) on the shared MovingAI maps, every engine's
lengths equal the scenarios' optimal ones, first-move databases round-trip through files, and
weighted maps and batch files work as in C++. Without the shared maps those cases skip."""

import csv
import math
from pathlib import Path

import numpy as np
import pytest

import arcwave
from conftest import INSTANCES, REPO

SHARED = REPO.parent / "shared" / "maps" / "movingai"
# Small and mid-sized maps of every family (all 28 maps' rows run in the C++ tests).
MAPS = ["dao/arena", "dao/den101d", "dao/den204d", "dao/combat", "dao/brc502d",
        "rooms/16room_000", "starcraft/BigGameHunters", "random10/random512-10-0"]
AVAILABLE = [m for m in MAPS if (SHARED / f"{m}.map.scen").exists()]


def csv_rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def cells_of(text):
    return [tuple(map(int, c.split(":"))) for c in text.split()] if text else []


@pytest.mark.skipif(not AVAILABLE, reason="no shared MovingAI maps")
@pytest.mark.parametrize("name", AVAILABLE)
def test_batch_equals_cli(name, cli, tmp_path):
    map_path = SHARED / f"{name}.map"
    scen = SHARED / f"{name}.map.scen"
    out = tmp_path / "rows.csv"
    r = cli("grid", map_path, "--scen", scen, "--check", "--paths", "--out", out,
            "--backend", "cpu")
    assert r.returncode == 0, r.stdout + r.stderr
    engine_line = next(l for l in r.stdout.splitlines() if l.startswith("engine"))
    rows = csv_rows(out)
    grid_map = arcwave.GridMap.load(map_path)
    queries, optimal, _ = arcwave.load_scenario_rows(scen, grid_map, map_path)
    planner = arcwave.GridPlanner(grid_map, moves="octile", backend="cpu",
                                  expected_queries=len(queries))
    assert planner.engine_reason in engine_line
    lengths, paths, expanded = planner.query_batch(queries, with_expanded=True)
    assert len(rows) == len(queries)
    for row, length, path, work, best, q in zip(rows, lengths, paths, expanded, optimal,
                                               queries):
        assert arcwave.lengths_agree(length, best, bool(q[0] == q[2] and q[1] == q[3]))
        if math.isinf(length):
            assert row["length"] == "inf"
            continue
        assert row["length"] == f"{length:.8f}"
        assert int(row["expanded"]) == work
        assert cells_of(row["path"]) == [tuple(c) for c in path]


@pytest.mark.skipif(not AVAILABLE, reason="no shared MovingAI maps")
@pytest.mark.parametrize("engine", ["jps", "jps+", "astar", "wave"])
def test_every_engine_optimal(engine):
    for name in AVAILABLE[:5]:
        map_path = SHARED / f"{name}.map"
        grid_map = arcwave.GridMap.load(map_path)
        queries, optimal, _ = arcwave.load_scenario_rows(f"{map_path}.scen", grid_map, map_path)
        planner = arcwave.GridPlanner(grid_map, moves="octile", backend="cpu", engine=engine)
        assert planner.engine == engine
        lengths, paths = planner.query_batch(queries)
        for q, length, best, path in zip(queries, lengths, optimal, paths):
            same = bool(q[0] == q[2] and q[1] == q[3])
            assert arcwave.lengths_agree(length, best, same), (name, q, length, best)
            if not math.isinf(length):
                steps = np.abs(np.diff(path, axis=0))
                assert steps.max(initial=0) <= 1
                diagonal = int(np.sum(steps.sum(axis=1) == 2))
                assert math.isclose(len(path) - 1 - diagonal + diagonal * math.sqrt(2), length)


def test_first_move_database_round_trip(cli, tmp_path):
    map_path = INSTANCES / "maps" / "rooms-48x40.map"
    grid_map = arcwave.GridMap.load(map_path)
    queries, optimal = arcwave.load_scenarios(str(INSTANCES / "maps" / "rooms-48x40.scen"))
    built = arcwave.GridPlanner(grid_map, moves="octile", backend="cpu", engine="cpd")
    assert built.preprocessing["runs"] > 0
    db = tmp_path / "rooms.cpd"
    built.save_cpd(db)
    loaded = arcwave.GridPlanner(grid_map, moves="octile", backend="cpu", cpd_file=db)
    assert loaded.engine == "cpd"
    a, pa = built.query_batch(queries)
    b, pb = loaded.query_batch(queries)
    np.testing.assert_allclose(a, optimal, rtol=0, atol=1e-6)
    np.testing.assert_array_equal(a, b)
    assert all(np.array_equal(x, y) for x, y in zip(pa, pb))
    # The CLI reads the same file and answers alike.
    out = tmp_path / "cli.csv"
    r = cli("grid", map_path, "--scen", INSTANCES / "maps" / "rooms-48x40.scen", "--cpd", db,
            "--backend", "cpu", "--paths", "--out", out)
    assert r.returncode == 0, r.stderr
    assert "cpd (requested)" in r.stdout or "loaded from" in r.stdout
    for row, path in zip(csv_rows(out), pa):
        assert cells_of(row["path"]) == [tuple(c) for c in path]
    with pytest.raises(arcwave.InputError):
        arcwave.GridPlanner(grid_map, moves="four", backend="cpu", cpd_file=db)


def test_weighted_map_and_rows(tmp_path):
    rng = np.random.default_rng(3)
    costs = rng.integers(1, 10, size=(12, 20)).astype(np.uint16)
    costs[5, 3:17] = 0
    grid_map = arcwave.grid_from_costs(costs)
    assert grid_map.weighted
    planner = arcwave.GridPlanner(grid_map, moves="octile", backend="cpu")
    assert planner.engine == "astar"
    field = planner.distances_to((19, 11))
    p = planner.query((0, 0), (19, 11))
    assert p.found and math.isclose(p.length, field[0, 0], rel_tol=1e-12)
    with pytest.raises(arcwave.InputError):
        arcwave.GridPlanner(grid_map, moves="octile", engine="jps")
    q = tmp_path / "q.txt"
    q.write_text("# sx sy gx gy\n0 0 19 11\n1 1 2 2\n")
    rows, optimal, lines = arcwave.load_query_rows(q, grid_map)
    assert rows.tolist() == [[0, 0, 19, 11], [1, 1, 2, 2]]
    assert lines.tolist() == [2, 3] and np.isnan(optimal).all()
    q.write_text("0 0 20 11\n")
    with pytest.raises(arcwave.InputError):
        arcwave.load_query_rows(q, grid_map)
