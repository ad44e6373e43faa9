"""Grid queries against the scenario files' optimal lengths, the CLI's paths, and a Python BFS
on random maps."""

import collections
import math
import random

import numpy as np
import pytest

import arcwave
from conftest import INSTANCES

MAPS = ["maze-41", "rooms-48x40", "scattered-64x24"]


@pytest.mark.parametrize("name", MAPS)
def test_batch_lengths_equal_scenario_optima(name):
    grid_map = arcwave.GridMap.load(INSTANCES / "maps" / f"{name}.map")
    queries, optimal = arcwave.load_scenarios(str(INSTANCES / "maps" / f"{name}.scen"))
    planner = arcwave.GridPlanner(grid_map, moves="octile", backend="cpu")
    lengths, paths = planner.query_batch(queries)
    np.testing.assert_allclose(lengths, optimal, rtol=0, atol=1e-6)
    for (sx, sy, gx, gy), path, length in zip(queries, paths, lengths):
        assert tuple(path[0]) == (sx, sy) and tuple(path[-1]) == (gx, gy)
        steps = np.abs(np.diff(path, axis=0))
        assert steps.max() <= 1
        diagonal = int(np.sum(steps.sum(axis=1) == 2))
        assert math.isclose(len(path) - 1 - diagonal + diagonal * math.sqrt(2), length)


@pytest.mark.parametrize("name", MAPS)
@pytest.mark.parametrize("moves", ["four", "octile"])
def test_paths_equal_cli(name, moves, cli):
    path = INSTANCES / "maps" / f"{name}.map"
    grid_map = arcwave.GridMap.load(path)
    queries, _ = arcwave.load_scenarios(str(INSTANCES / "maps" / f"{name}.scen"))
    planner = arcwave.GridPlanner(grid_map, moves=moves, backend="cpu")
    for sx, sy, gx, gy in queries[:4]:
        r = planner.query((sx, sy), (gx, gy))
        args = ["grid", path, "--from", f"{sx},{sy}", "--to", f"{gx},{gy}", "--backend", "cpu"]
        if moves == "octile":
            args.append("--moore")
        out = cli(*args).stdout.splitlines()
        line = next(l for l in out if l.startswith("path"))
        cells = [tuple(map(int, c.split(","))) for c in line.split()[1:]]
        assert [tuple(c) for c in r.cells] == cells


def bfs(blocked, goal):
    h, w = blocked.shape
    dist = np.full((h, w), np.inf)
    dist[goal[1], goal[0]] = 0
    queue = collections.deque([goal])
    while queue:
        x, y = queue.popleft()
        for dx, dy in ((-1, 0), (0, -1), (1, 0), (0, 1)):
            nx, ny = x + dx, y + dy
            if 0 <= nx < w and 0 <= ny < h and not blocked[ny, nx] and dist[ny, nx] == np.inf:
                dist[ny, nx] = dist[y, x] + 1
                queue.append((nx, ny))
    return dist


@pytest.mark.parametrize("seed", range(10))
def test_random_maps_equal_python_bfs(seed):
    rng = random.Random(seed)
    w, h = rng.randint(5, 30), rng.randint(5, 30)
    blocked = np.array([[rng.random() < 0.3 for _ in range(w)] for _ in range(h)], dtype=np.uint8)
    goal = (rng.randrange(w), rng.randrange(h))
    blocked[goal[1], goal[0]] = 0
    planner = arcwave.GridPlanner(arcwave.grid_from_blocked(blocked), backend="cpu")
    expected = bfs(blocked, goal)
    np.testing.assert_array_equal(planner.distances_to(goal), expected)
    starts = [(rng.randrange(w), rng.randrange(h)) for _ in range(20)]
    lengths, paths = planner.query_batch([(sx, sy, *goal) for sx, sy in starts])
    for (sx, sy), length, path in zip(starts, lengths, paths):
        want = np.inf if blocked[sy, sx] else expected[sy, sx]
        assert length == want
        assert len(path) == (0 if want == np.inf else int(want) + 1)


def test_errors():
    planner = arcwave.GridPlanner(arcwave.grid_from_blocked(np.zeros((3, 4))), backend="cpu")
    with pytest.raises(arcwave.InputError, match="query 1: goal 9,0 is outside"):
        planner.query_batch([(0, 0, 1, 1), (0, 0, 9, 0)])
    with pytest.raises(arcwave.InputError):
        arcwave.GridPlanner(planner.map, moves="nine")
    if not arcwave.gpu_device()["present"]:
        with pytest.raises(arcwave.ResourceError):
            arcwave.GridPlanner(planner.map, backend="gpu")
