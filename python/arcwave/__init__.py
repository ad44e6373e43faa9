"""arcwave from Python: constraint solving (XCSP files or models built in Python), grid path
planning, shortest paths on weighted graphs with NumPy arrays in and out, and cell graphs.

    import arcwave
    r = arcwave.solve("queens-8.xml", all_solutions=True)      # r.status, r.solutions == 92
    m = arcwave.Model()
    x, y = m.add_variable("x", range(3)), m.add_variable("y", range(3))
    m.add_intension("lt(add(x,1),y)")
    r = arcwave.solve(m)                                         # r.assignment == {"x": 0, "y": 2}

    g = arcwave.Graph.from_edges(3, [0, 1], [1, 2], [4, -1])
    g.sssp(0)              # array([0, 4, 3])
    g.apsp()               # 3 x 3 int64 array (arcwave.UNREACHABLE_INT where no path)

    m = arcwave.GridMap.load("arena.map")
    p = arcwave.GridPlanner(m, moves="octile")                  # JPS+ here (p.engine_reason)
    lengths, paths = p.query_batch([(1, 11, 30, 40)])
    arcwave.trace_polyline("aerial.png", (10, 40), (300, 60), nodes=8, points=41)

Every call that does real work releases the GIL, so several threads can run arcwave at once.
Errors are arcwave.InputError (bad input), arcwave.Unsupported, arcwave.ResourceError (no GPU
when backend="gpu", memory), arcwave.CudaError, arcwave.InternalError: all arcwave.Error.
A negative cycle raises arcwave.NegativeCycle (its .cycle lists the vertices).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Iterable, Optional, Sequence, Union

import numpy as np

from . import _arcwave
from ._arcwave import (  # noqa: F401  (re-exported)
    CellGraph,
    CudaError,
    Error,
    GreyImage,
    GridMap,
    InputError,
    InternalError,
    ResourceError,
    Unsupported,
    __version__,
    load_scenarios,
)

UNREACHABLE_INT = np.iinfo(np.int64).max
"""The distance of an unreachable vertex in an integer-weighted graph (+inf for real weights)."""
NO_VERTEX = np.iinfo(np.uint32).max
"""parent[] of the source and of unreachable vertices."""


class NegativeCycle(Error):
    """The graph has a negative cycle (reachable from the source, for SSSP)."""

    def __init__(self, cycle: Sequence[int]):
        self.cycle = list(cycle)
        super().__init__("negative cycle: " + " ".join(map(str, self.cycle)))


def gpu_device() -> dict:
    """Device 0 as this process sees it: present, name, memory_bytes, reason."""
    present, name, memory, reason = _arcwave.gpu_device()
    return {"present": present, "name": name, "memory_bytes": memory, "reason": reason}


# ---- constraint solving ----------------------------------------------------------------------


class Model:
    """A CSP model built in code. Variables are numbered in declaration order; constraints name
    them by number, or by name in the XCSP functional syntax of add_intension."""

    def __init__(self):
        self._m = _arcwave.Model()

    def add_variable(self, name: str, domain: Iterable[int]) -> int:
        """A variable with a finite domain of integers; returns its number."""
        return self._m.add_variable(name, [int(v) for v in domain])

    def add_intension(self, text: str) -> None:
        """A constraint in XCSP's functional syntax over variable names: "ne(x,add(y,1))"."""
        self._m.add_intension(text)

    def add_extension(self, scope: Sequence[int], tuples: Iterable[Sequence[int]],
                      supports: bool = True) -> None:
        """The allowed (supports=True) or forbidden tuples of the scope's variables."""
        self._m.add_extension(list(scope), [[int(v) for v in t] for t in tuples], supports)

    def add_all_different(self, scope: Sequence[int], exceptions: Sequence[int] = ()) -> None:
        self._m.add_all_different(list(scope), [int(v) for v in exceptions])

    def add_sum(self, scope: Sequence[int], coeffs: Sequence[int], op: str, rhs: int) -> None:
        """sum(coeffs[i] * scope[i]) op rhs, op one of lt le eq ne ge gt."""
        self._m.add_sum(list(scope), [int(c) for c in coeffs], op, int(rhs))

    def minimize(self, objective: Union[int, str, tuple]) -> None:
        """A variable number, an expression text, or (scope, coeffs) for a weighted sum."""
        self._objective(True, objective)

    def maximize(self, objective: Union[int, str, tuple]) -> None:
        self._objective(False, objective)

    def _objective(self, minimize: bool, objective) -> None:
        if isinstance(objective, str):
            self._m.set_objective_expression(minimize, objective)
        elif isinstance(objective, tuple):
            scope, coeffs = objective
            self._m.set_objective_sum(minimize, list(scope), [int(c) for c in coeffs])
        else:
            self._m.set_objective_variable(minimize, int(objective))

    @property
    def variable_count(self) -> int:
        return self._m.variable_count

    @property
    def constraint_count(self) -> int:
        return self._m.constraint_count

    def variable_names(self) -> list:
        return self._m.variable_names()

    def check(self, values: Sequence[int]) -> bool:
        """Whether a full assignment (one value per variable) satisfies every constraint."""
        return self._m.check([int(v) for v in values])


@dataclass
class SolveResult:
    status: str  # SATISFIABLE, UNSATISFIABLE, OPTIMUM FOUND or UNKNOWN
    solutions: int  # solutions found (all of them with all_solutions=True)
    complete: bool  # the search ended by itself (not by the time limit)
    values: Optional[list]  # the last (best) solution, one value per variable
    objective: Optional[int]
    assignment: Optional[dict]  # the same solution by variable name
    backend: str
    engine: str
    stats: dict = field(default_factory=dict)


def solve(problem: Union[str, os.PathLike, Model], *, all_solutions: bool = False,
          time_limit: float = 0.0, seed: int = 0, backend: str = "auto",
          var_heuristic: str = "domwdegcacd", val_heuristic: str = "lex", restarts: str = "luby",
          tables: str = "auto") -> SolveResult:
    """MAC search on an XCSP 2.1 / XCSP3 file (compressed or not) or a Model; the options are
    those of `arcwave solve` (time_limit in seconds, 0: none)."""
    args = (all_solutions, float(time_limit), int(seed), backend, var_heuristic, val_heuristic,
            restarts, tables)
    if isinstance(problem, Model):
        o = _arcwave.solve_model(problem._m, *args)
    else:
        o = _arcwave.solve_file(os.fspath(problem), *args)
    values = o.values
    return SolveResult(o.status, o.solutions, o.complete, values, o.objective,
                       dict(zip(o.names, values)) if values is not None else None,
                       o.backend, o.engine, o.stats)


# ---- grids -----------------------------------------------------------------------------------


@dataclass
class GridPath:
    found: bool
    length: float  # moves (four, eight) or octile length, weighted when the map is; inf: no path
    cells: np.ndarray  # K x 2 int32 (x, y), start first (empty without a path or paths=False)
    expanded: int = 0  # the engine's work (cells or jump points expanded, moves followed)


class GridPlanner:
    """Queries on one map through the engines of `arcwave grid` (include/arcwave/grid.hpp).

    moves: "four", "eight" or "octile"; backend: "auto", "cpu" or "gpu"; engine: "auto",
    "wave", "astar", "jps", "jps+" or "cpd"; expected_queries: how many queries will come (0:
    unknown, many), which "auto" uses; cpd_file: a first-move database saved by save_cpd()
    (the engine is then "cpd"). The wave's paths follow `order`; variant and stop_at_start are
    the GPU wave's. Construction prepares the engine (uploads the map, builds the jump table or
    the database); .engine, .engine_reason and .backend say what runs and why."""

    def __init__(self, grid_map: GridMap, moves: str = "four", backend: str = "auto",
                 order: str = "LURD", paths: bool = True, threads: int = 0,
                 engine: str = "auto", expected_queries: int = 0, cpd_file=None,
                 variant: str = "fast", stop_at_start: bool = False):
        self._p = _arcwave.GridPlanner(grid_map, moves, backend, order, paths, threads, engine,
                                       int(expected_queries),
                                       os.fspath(cpd_file) if cpd_file else "", variant,
                                       stop_at_start)
        self.map = grid_map

    @property
    def backend(self) -> str:
        return self._p.backend

    @property
    def engine(self) -> str:
        return self._p.engine

    @property
    def engine_reason(self) -> str:
        return self._p.engine_reason

    @property
    def engine_detail(self) -> str:
        return self._p.engine_detail

    @property
    def timings(self) -> dict:
        """Milliseconds per phase: construction (context_wait, preprocess, upload,
        device_build) and the last call (search, kernel, download, path)."""
        return self._p.timings

    @property
    def preprocessing(self) -> dict:
        """What construction prepared: what, seconds, bytes, runs (databases)."""
        return self._p.preprocessing

    def query(self, start: Sequence[int], goal: Sequence[int]) -> GridPath:
        found, length, cells, expanded = self._p.query(int(start[0]), int(start[1]),
                                                       int(goal[0]), int(goal[1]))
        return GridPath(found, length, cells, expanded)

    def query_batch(self, queries, with_expanded: bool = False) -> tuple:
        """queries: Q x 4 (sx, sy, gx, gy). Returns (lengths: float64 array, inf where there is
        no path; paths: list of K x 2 arrays, empty when the planner has paths=False), and the
        engine's work per query as a third item with with_expanded=True."""
        q = np.ascontiguousarray(queries, dtype=np.int32).reshape(-1, 4)
        lengths, paths, expanded = self._p.query_batch(q)
        return (lengths, paths, expanded) if with_expanded else (lengths, paths)

    def distances_to(self, goal: Sequence[int]) -> np.ndarray:
        """H x W float64 distances of every cell to the goal (inf where unreachable)."""
        return self._p.distances_to(int(goal[0]), int(goal[1]))

    def save_cpd(self, path: Union[str, os.PathLike]) -> None:
        """Writes the first-move database (engine "cpd") for GridPlanner(cpd_file=path)."""
        self._p.save_cpd(os.fspath(path))


def grid_from_blocked(blocked) -> GridMap:
    """A map from an H x W array, non-zero meaning blocked."""
    return GridMap.from_blocked(np.ascontiguousarray(blocked, dtype=np.uint8))


def grid_from_heights(heights, threshold: int) -> GridMap:
    """A map from an H x W array of heights: moves are open where |dh| < threshold."""
    return GridMap.from_heights(np.ascontiguousarray(heights, dtype=np.uint16), int(threshold))


def grid_from_costs(costs) -> GridMap:
    """A weighted map from an H x W array of cell costs (0: blocked; a move costs the mean of
    its two cells' costs, times sqrt 2 diagonally)."""
    return GridMap.from_costs(np.ascontiguousarray(costs, dtype=np.uint16))


def load_scenario_rows(scen, grid_map: GridMap, map_path) -> tuple:
    """(queries Q x 4, optimal lengths, lines) of a MovingAI scenario file made for this map
    (its name and size checked: InputError at FILE:LINE:COL otherwise)."""
    return _arcwave.load_scenario_rows(os.fspath(scen), grid_map, os.fspath(map_path))


def load_query_rows(path, grid_map: GridMap) -> tuple:
    """(queries Q x 4, NaN lengths, lines) of a file of 'sx sy gx gy' lines."""
    return _arcwave.load_query_rows(os.fspath(path), grid_map)


def lengths_agree(ours: float, file: float, same_cell: bool) -> bool:
    """MovingAI's tolerance (1e-4 relative; a file length of 0 between two cells: no path)."""
    return _arcwave.lengths_agree(float(ours), float(file), bool(same_cell))


def write_grid_png(grid_map: GridMap, distances, path, start, goal, file) -> tuple:
    """Draws distances (H x W, as from distances_to) and a path (K x 2) into a PNG; returns
    its (width, height)."""
    return _arcwave.write_grid_png(grid_map, np.ascontiguousarray(distances, dtype=np.float64),
                                   np.ascontiguousarray(path, dtype=np.int32).reshape(-1, 2),
                                   int(start[0]), int(start[1]), int(goal[0]), int(goal[1]),
                                   os.fspath(file))


# ---- polylines -------------------------------------------------------------------------------


@dataclass
class PolylineResult:
    found: bool  # False: no polyline keeps every turn within max_angle_deg
    score: float
    integer_score: int
    vertices: np.ndarray  # K + 2 x 2 float64 (x, y): a, one point per node, b
    candidates: list  # the chosen candidate index on each guide
    backend: str
    method: str


def grey_image(pixels, max_value: int = 255) -> GreyImage:
    """A grey image from an H x W array of values up to max_value."""
    return GreyImage.from_pixels(np.ascontiguousarray(pixels, dtype=np.uint16), int(max_value))


def trace_polyline(image: Union[GreyImage, str, os.PathLike], start: Sequence[float],
                   goal: Sequence[float], nodes: int, points: int,
                   max_angle_deg: float = 180.0, half_width: float = 0.0, score: str = "edge",
                   method: str = "auto", backend: str = "auto",
                   threads: int = 0) -> PolylineResult:
    """The angle-constrained polyline from start to goal that best follows the image's edges
    (`arcwave polyline`, include/arcwave/polyline.hpp): nodes intermediate points, each chosen
    among `points` candidates across the segment; score "edge" or "sin"; method "auto",
    "window", "cubic", "brute-force", "paper" or "tiled"."""
    if not isinstance(image, GreyImage):
        image = GreyImage.load(os.fspath(image))
    r = _arcwave.trace_polyline(image, float(start[0]), float(start[1]), float(goal[0]),
                                float(goal[1]), int(nodes), int(points), float(max_angle_deg),
                                float(half_width), score, method, backend, int(threads))
    return PolylineResult(r["found"], r["score"], r["integer_score"], r["vertices"],
                          list(r["candidates"]), r["backend"], r["method"])


def draw_polyline_png(image: GreyImage, vertices, path) -> None:
    """The image with the polyline through `vertices` (K x 2) drawn over it, as an RGB PNG."""
    _arcwave.draw_polyline_png(image, np.ascontiguousarray(vertices, dtype=np.float64),
                               os.fspath(path))


# ---- shortest paths --------------------------------------------------------------------------


class Graph:
    """A weighted directed graph (CSR), with int64 weights (exact) or float64 ones: the dtype of
    the weights given, or of the file's. Unweighted graphs get weight 1 on every edge."""

    def __init__(self, native):
        self._g = native

    @staticmethod
    def from_edges(n: int, sources, targets, weights=None, directed: bool = True,
                   merge_parallel_edges: bool = True) -> "Graph":
        s = np.ascontiguousarray(sources, dtype=np.uint32)
        t = np.ascontiguousarray(targets, dtype=np.uint32)
        native, w = Graph._weights(weights)
        return Graph(native.from_edges(int(n), s, t, w, directed, merge_parallel_edges))

    @staticmethod
    def from_csr(offsets, targets, weights=None) -> "Graph":
        native, w = Graph._weights(weights)
        return Graph(native.from_csr(np.ascontiguousarray(offsets, dtype=np.uint64),
                                     np.ascontiguousarray(targets, dtype=np.uint32), w))

    @staticmethod
    def load(path: Union[str, os.PathLike], format: str = "auto",
             undirected: bool = False) -> "Graph":
        """A DIMACS .gr, Matrix Market or "u v [w]" edge-list file (vertices from 0: a file
        numbered from 1 is shifted, see index_base)."""
        return Graph(_arcwave.load_graph(os.fspath(path), format, undirected))

    @staticmethod
    def _weights(weights):
        if weights is None:
            return _arcwave.IntGraph, np.empty(0, dtype=np.int64)
        w = np.asarray(weights)
        if np.issubdtype(w.dtype, np.integer) or w.dtype == np.bool_:
            return _arcwave.IntGraph, np.ascontiguousarray(w, dtype=np.int64)
        return _arcwave.RealGraph, np.ascontiguousarray(w, dtype=np.float64)

    @property
    def dtype(self) -> np.dtype:
        return np.dtype(np.int64 if isinstance(self._g, _arcwave.IntGraph) else np.float64)

    @property
    def vertex_count(self) -> int:
        return self._g.vertex_count

    @property
    def edge_count(self) -> int:
        return self._g.edge_count

    @property
    def index_base(self) -> int:
        return self._g.index_base

    @property
    def has_negative_weight(self) -> bool:
        return self._g.has_negative_weight

    def csr(self) -> tuple:
        """(offsets uint64, targets uint32, weights) copies of the graph's arrays."""
        return self._g.csr()

    def shortest_paths(self, source: int, backend: str = "auto") -> tuple:
        """(distance, parent) from the source; parent[v] is v's predecessor on a shortest
        path (NO_VERTEX for the source and unreachable vertices)."""
        distance, parent, cycle, _ = self._g.sssp(int(source), backend)
        if cycle:
            raise NegativeCycle(cycle)
        return distance, parent

    def sssp(self, source: int, backend: str = "auto") -> np.ndarray:
        """Distances from the source (UNREACHABLE_INT or inf where there is no path)."""
        return self.shortest_paths(source, backend)[0]

    def path(self, source: int, target: int, backend: str = "auto") -> list:
        """The vertices of a shortest path from source to target, or [] when there is none."""
        _, parent = self.shortest_paths(source, backend)
        target = int(target)
        if target < 0 or target >= self.vertex_count:
            raise InputError(f"path: vertex {target} is not below n = {self.vertex_count}")
        if target != source and parent[target] == NO_VERTEX:
            return []
        path = [target]
        while path[-1] != source:
            path.append(int(parent[path[-1]]))
        return path[::-1]

    def apsp(self, sources=None, out: Optional[np.ndarray] = None, backend: str = "auto",
             threads: int = 0, gpu_batch: int = 0) -> np.ndarray:
        """Johnson's all-pairs shortest paths: row i holds the distances from sources[i] (all
        vertices by default). `out`, when given, is written in place: a C-contiguous array of
        shape (len(sources), n) and the graph's dtype."""
        n = self.vertex_count
        s = (np.arange(n, dtype=np.uint32) if sources is None
             else np.ascontiguousarray(sources, dtype=np.uint32).reshape(-1))
        if out is None:
            out = np.empty((len(s), n), dtype=self.dtype)
        elif out.dtype != self.dtype or not out.flags.c_contiguous:
            raise InputError(f"apsp: out must be a C-contiguous {self.dtype} array")
        cycle, self.last_backend, self.last_method, _ = self._g.apsp_into(
            s, out, backend, int(threads), int(gpu_batch))
        if cycle:
            raise NegativeCycle(cycle)
        return out
