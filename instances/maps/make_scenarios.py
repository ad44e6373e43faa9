#!/usr/bin/env python3
"""Writes the small MovingAI maps bundled in this folder and their .scen files.

The optimal lengths in the .scen files come from the plain Dijkstra below (floating point,
heapq), written independently of arcwave's C++ code, so the tests that compare arcwave's octile
wave against these files compare two implementations. Run from this folder:
    python3 make_scenarios.py
The output is deterministic (fixed seeds)."""
import heapq
import math
import random

PASSABLE = set(".GS")


def maze(width, height, seed):
    """A perfect maze on odd coordinates (randomised depth-first carving)."""
    rng = random.Random(seed)
    cells = [["@"] * width for _ in range(height)]
    stack = [(1, 1)]
    cells[1][1] = "."
    while stack:
        x, y = stack[-1]
        options = [(dx, dy) for dx, dy in ((2, 0), (-2, 0), (0, 2), (0, -2))
                   if 0 < x + dx < width - 1 and 0 < y + dy < height - 1
                   and cells[y + dy][x + dx] == "@"]
        if not options:
            stack.pop()
            continue
        dx, dy = rng.choice(options)
        cells[y + dy // 2][x + dx // 2] = "."
        cells[y + dy][x + dx] = "."
        stack.append((x + dx, y + dy))
    return ["".join(row) for row in cells]


def rooms(width, height, room, seed):
    """Square rooms separated by one-cell walls with a door or two in each wall."""
    rng = random.Random(seed)
    cells = [["." for _ in range(width)] for _ in range(height)]
    for y in range(height):
        for x in range(width):
            if x % room == 0 or y % room == 0:
                cells[y][x] = "@"
    for y0 in range(0, height, room):
        for x0 in range(0, width, room):
            if x0 + room < width and y0 + 1 < height:
                cells[min(height - 1, y0 + rng.randrange(1, room))][x0 + room] = "."
            if y0 + room < height and x0 + 1 < width:
                cells[y0 + room][min(width - 1, x0 + rng.randrange(1, room))] = "."
    # Trees and water as in the benchmark sets (impassable), swamp (passable).
    for _ in range(width * height // 40):
        x, y = rng.randrange(width), rng.randrange(height)
        if cells[y][x] == ".":
            cells[y][x] = rng.choice("TWS")
    return ["".join(row) for row in cells]


def scattered(width, height, share, seed):
    rng = random.Random(seed)
    return ["".join("@" if rng.random() < share else rng.choice("..G") for _ in range(width))
            for _ in range(height)]


def octile_distances(rows, source):
    height, width = len(rows), len(rows[0])
    free = lambda x, y: 0 <= x < width and 0 <= y < height and rows[y][x] in PASSABLE
    dist = {source: 0.0}
    heap = [(0.0, source)]
    while heap:
        d, (x, y) = heapq.heappop(heap)
        if d > dist[(x, y)]:
            continue
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if (dx, dy) == (0, 0) or not free(x + dx, y + dy):
                    continue
                if dx != 0 and dy != 0 and not (free(x + dx, y) and free(x, y + dy)):
                    continue  # no corner cutting
                nd = d + (math.sqrt(2.0) if dx != 0 and dy != 0 else 1.0)
                if nd < dist.get((x + dx, y + dy), math.inf):
                    dist[(x + dx, y + dy)] = nd
                    heapq.heappush(heap, (nd, (x + dx, y + dy)))
    return dist


def write(name, rows, pairs, seed):
    height, width = len(rows), len(rows[0])
    with open(name + ".map", "w") as f:
        f.write(f"type octile\nheight {height}\nwidth {width}\nmap\n")
        f.write("\n".join(rows) + "\n")
    rng = random.Random(seed)
    free = [(x, y) for y in range(height) for x in range(width) if rows[y][x] in PASSABLE]
    lines = ["version 1"]
    while len(lines) <= pairs:
        start, goal = rng.choice(free), rng.choice(free)
        dist = octile_distances(rows, goal)
        if start not in dist:
            continue  # MovingAI scenarios only hold reachable pairs
        length = dist[start]
        lines.append(f"{int(length // 4)}\t{name}.map\t{width}\t{height}\t"
                     f"{start[0]}\t{start[1]}\t{goal[0]}\t{goal[1]}\t{length:.8f}")
    with open(name + ".scen", "w") as f:
        f.write("\n".join(lines) + "\n")


def write_heights(name, width, height):
    """An 8-bit P2 height map: hills and a ridge with one low pass (use threshold 12)."""
    rows = []
    for y in range(height):
        row = []
        for x in range(width):
            h = 100 + 40 * math.sin(x / 5.0) * math.cos(y / 7.0)
            if abs(x - width // 2) <= 1 and abs(y - height // 2) > 2:
                h += 120  # the ridge, crossed only near the middle row
            row.append(str(max(0, min(255, int(round(h))))))
        rows.append(" ".join(row))
    with open(name, "w") as f:
        f.write(f"P2\n# hills with a ridge; arcwave grid {name} --threshold 12\n")
        f.write(f"{width} {height}\n255\n" + "\n".join(rows) + "\n")


def write_passability(name, width, height, closed_share, seed):
    """Random closed transitions written as per-cell move flags (1 L, 2 U, 4 R, 8 D)."""
    rng = random.Random(seed)
    right = [[x + 1 < width and rng.random() >= closed_share for x in range(width)]
             for _ in range(height)]
    down = [[y + 1 < height and rng.random() >= closed_share for _ in range(width)]
            for y in range(height)]
    with open(name, "w") as f:
        f.write("# arcwave passability: 1 left, 2 up, 4 right, 8 down; x blocked\n")
        f.write(f"passability {width} {height}\n")
        for y in range(height):
            row = ""
            for x in range(width):
                bits = ((1 if x > 0 and right[y][x - 1] else 0) | (2 if y > 0 and down[y - 1][x] else 0)
                        | (4 if right[y][x] else 0) | (8 if down[y][x] else 0))
                row += "0123456789abcdef"[bits]
            f.write(row + "\n")


if __name__ == "__main__":
    write_heights("hills-48x32.pgm", 48, 32)
    write_passability("gates-16x10.pass", 16, 10, 0.3, 7)
    write("maze-41", maze(41, 41, 1), 12, 2)
    write("rooms-48x40", rooms(48, 40, 8, 3), 12, 4)
    write("scattered-64x24", scattered(64, 24, 0.3, 5), 12, 6)
