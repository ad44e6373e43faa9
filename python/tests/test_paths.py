"""SSSP and APSP against the CLI's binary output, a Python Dijkstra / Bellman-Ford, and the
path structure; the GIL is released during the work."""

import heapq
import random
import struct
import threading
import time

import numpy as np
import pytest

import arcwave
from conftest import INSTANCES


def read_apsp_bin(path):
    """The `arcwave apsp --format bin` file: "ARCWAPSP", u32 version (1, or 2 with narrower
    types), u32 type (1 int64, 2 float64, 3 int32, 4 float32), u64 n, u64 sources, u32 base,
    u32 0, the sources (u32), the rows (infinity: the type's max, or +inf). Rows come back as
    int64 (unreachable: UNREACHABLE_INT) or float64."""
    data = path.read_bytes()
    assert data[:8] == b"ARCWAPSP"
    version, kind, n, s, base, _ = struct.unpack_from("<IIQQII", data, 8)
    assert version in (1, 2) and kind in (1, 2, 3, 4)
    offset = 8 + struct.calcsize("<IIQQII")
    sources = np.frombuffer(data, dtype="<u4", count=s, offset=offset)
    dtype = {1: "<i8", 2: "<f8", 3: "<i4", 4: "<f4"}[kind]
    rows = np.frombuffer(data, dtype=dtype, count=n * s, offset=offset + 4 * s).reshape(s, n)
    if kind == 3:
        rows = np.where(rows == np.iinfo(np.int32).max, arcwave.UNREACHABLE_INT,
                        rows.astype(np.int64))
    return sources - base, rows.astype(np.float64) if kind == 4 else rows


def random_edges(rng, n, m, real=False, negative=False):
    """Random arcs; with negative weights, w = c + p(v) - p(u) (c >= 0), so no negative cycle."""
    potential = [rng.randint(0, 20) for _ in range(n)]
    src, dst, w = [], [], []
    for _ in range(m):
        u, v = rng.randrange(n), rng.randrange(n)
        c = rng.uniform(0, 10) if real else rng.randint(0, 10)
        if negative:
            c = c + potential[v] - potential[u]
        src.append(u), dst.append(v), w.append(c)
    return src, dst, w


def write_edge_list(path, src, dst, w):
    path.write_text("".join(f"{u} {v} {c!r}\n" for u, v, c in zip(src, dst, w)))


def reference_sssp(n, src, dst, w, s):
    """Bellman-Ford in Python (handles negative weights without negative cycles); None where
    there is no path."""
    d = [None] * n
    d[s] = 0
    for _ in range(n):
        changed = False
        for u, v, c in zip(src, dst, w):
            if d[u] is not None and (d[v] is None or d[u] + c < d[v]):
                d[v] = d[u] + c
                changed = True
        if not changed:
            break
    return d


@pytest.mark.parametrize("name", ["grid-8x8.gr"])
def test_apsp_equals_cli_file(name, cli, tmp_path):
    out = tmp_path / "d.bin"
    cli("apsp", INSTANCES / "graphs" / name, "--backend", "cpu", "--format", "bin", "--out", out)
    sources, rows = read_apsp_bin(out)
    g = arcwave.Graph.load(INSTANCES / "graphs" / name)
    assert g.index_base == 1 and g.dtype == np.int64
    np.testing.assert_array_equal(sources, np.arange(g.vertex_count))
    np.testing.assert_array_equal(g.apsp(backend="cpu"), rows)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("real", [False, True])
def test_apsp_equals_cli_random(seed, real, cli, tmp_path):
    rng = random.Random(seed)
    n = rng.randint(5, 60)
    src, dst, w = random_edges(rng, n, rng.randint(n, 4 * n), real=real, negative=seed % 2 == 1)
    path = tmp_path / "g.txt"
    write_edge_list(path, src, dst, w)
    out = tmp_path / "d.bin"
    sources = sorted(rng.sample(range(n), rng.randint(1, n)))
    # The CLI numbers vertices of an edge list from 0 and sizes it by the largest id.
    n_file = max(max(src), max(dst)) + 1
    cli("apsp", path, "--backend", "cpu", "--format", "bin", "--out", out,
        "--sources", ",".join(map(str, sources)))
    _, rows = read_apsp_bin(out)
    g = arcwave.Graph.load(path)
    assert g.vertex_count == n_file
    assert g.dtype == (np.float64 if real else np.int64)
    mine = g.apsp(sources, backend="cpu")
    np.testing.assert_array_equal(mine, rows)
    # Against a Python Bellman-Ford, from the arrays (integer weights: exactly).
    if not real:
        g2 = arcwave.Graph.from_edges(n_file, src, dst, w)
        for i, s in enumerate(sources):
            ref = reference_sssp(n_file, src, dst, w, s)
            want = [arcwave.UNREACHABLE_INT if x is None else x for x in ref]
            np.testing.assert_array_equal(mine[i], want)
            np.testing.assert_array_equal(g2.sssp(s, backend="cpu"), want)


def dijkstra(n, src, dst, w, s):
    adj = [[] for _ in range(n)]
    for u, v, c in zip(src, dst, w):
        adj[u].append((v, c))
    d = [np.inf] * n
    d[s] = 0.0
    heap = [(0.0, s)]
    while heap:
        du, u = heapq.heappop(heap)
        if du > d[u]:
            continue
        for v, c in adj[u]:
            if du + c < d[v]:
                d[v] = du + c
                heapq.heappush(heap, (d[v], v))
    return d


@pytest.mark.parametrize("seed", range(10))
def test_sssp_and_paths(seed):
    rng = random.Random(50 + seed)
    n = rng.randint(2, 80)
    src, dst, w = random_edges(rng, n, rng.randint(1, 5 * n), real=seed % 2 == 0)
    g = arcwave.Graph.from_edges(n, src, dst, w)
    s = rng.randrange(n)
    d, parent = g.shortest_paths(s, backend="cpu")
    as_real = np.where(d == arcwave.UNREACHABLE_INT, np.inf, d) if d.dtype == np.int64 else d
    np.testing.assert_allclose(as_real, dijkstra(n, src, dst, w, s), rtol=1e-12)
    cheapest = {}
    for u, v, c in zip(src, dst, w):
        cheapest[(u, v)] = min(c, cheapest.get((u, v), np.inf))
    for t in range(n):
        p = g.path(s, t, backend="cpu")
        if d[t] in (np.inf, arcwave.UNREACHABLE_INT):
            assert p == [] and parent[t] == arcwave.NO_VERTEX
            continue
        assert p[0] == s and p[-1] == t
        assert np.isclose(sum(cheapest[(a, b)] for a, b in zip(p, p[1:])), d[t])


def test_csr_round_trip_and_apsp_into_buffer():
    g = arcwave.Graph.from_edges(4, [0, 1, 2, 2], [1, 2, 3, 0], [1, 2, 3, 4])
    offsets, targets, weights = g.csr()
    h = arcwave.Graph.from_csr(offsets, targets, weights)
    out = np.empty((4, 4), dtype=np.int64)
    assert h.apsp(out=out) is out
    np.testing.assert_array_equal(out, g.apsp())
    assert out[3].tolist() == [arcwave.UNREACHABLE_INT] * 3 + [0]
    assert out[0].tolist() == [0, 1, 3, 6]
    with pytest.raises(arcwave.InputError):
        g.apsp(out=np.empty((4, 3), dtype=np.int64))
    with pytest.raises(arcwave.InputError):
        g.apsp(out=np.empty((4, 4), dtype=np.float64))


def test_negative_cycle_and_bad_input():
    g = arcwave.Graph.from_edges(3, [0, 1, 2], [1, 2, 0], [1, -3, 1])
    with pytest.raises(arcwave.NegativeCycle) as e:
        g.apsp()
    assert sorted(e.value.cycle) == [0, 1, 2]
    with pytest.raises(arcwave.NegativeCycle):
        g.sssp(0)
    with pytest.raises(arcwave.InputError):
        arcwave.Graph.from_edges(2, [0], [5], [1])
    with pytest.raises(arcwave.InputError):
        g.sssp(7)
    with pytest.raises(arcwave.InputError):
        arcwave.Graph.from_edges(2, [0], [1], [float("nan")])


def test_apsp_releases_the_gil():
    rng = random.Random(3)
    n = 1500
    src, dst, w = random_edges(rng, n, 6 * n)
    g = arcwave.Graph.from_edges(n, src, dst, w)
    inside = threading.Event()
    worker = threading.Thread(target=lambda: (inside.set(), g.apsp(backend="cpu", threads=1)))
    worker.start()
    inside.wait()
    # Python code runs in this thread while the other one is inside the C++ call; with the
    # GIL held there, this loop would only resume once the call had returned.
    ticks = 0
    while worker.is_alive():
        ticks += 1
        time.sleep(0.001)
    worker.join()
    assert ticks > 20
