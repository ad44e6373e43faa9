#!/usr/bin/env python3
"""Checks that arcwave's rooms depend only downwards (docs/design.md, "Rooms and floors").

Every #include of a project header ("room/...", or "arcwave/..." for the public headers, each of
which belongs to the room that implements it) and every project library that a room's
CMakeLists.txt links or registers must belong to the room itself or to one the table below lets
it use. Prints each violation as FILE:LINE: ... and exits 1 when there is one; prints the table
of what each room uses and exits 0 otherwise.

usage: scripts/check-layers.py [REPO]   (default: the checkout this script is in)
"""
import re
import sys
from pathlib import Path

# What each room may use besides itself, bottom floor first.
ALLOWED = {
    "core": set(),
    "model": {"core"},
    "graph": {"core"},
    "parsers": {"core", "model", "graph"},
    "propagation": {"core", "model"},
    "solver": {"core", "model", "parsers", "propagation"},
    "api": {"core", "model", "graph", "parsers", "propagation", "solver"},
    "instances": {"core", "model", "graph", "parsers"},
    # The front door's clients see the public headers only.
    "cli": {"public"},
    "python": {"public"},
    "examples": {"public"},
}
ROOMS = ["core", "model", "graph", "parsers", "propagation", "solver", "api", "instances"]

# The public headers (include/arcwave/), each on the floor of the room that implements it.
PUBLIC_HOME = {
    "error.hpp": "core",
    "backend.hpp": "core",
    "version.hpp": "core",
    "model.hpp": "model",
    "domain.hpp": "model",
    "expr.hpp": "model",
    "model_summary.hpp": "model",
    "xcsp.hpp": "parsers",
    "solver.hpp": "solver",
    "competition.hpp": "solver",
    "mpi.hpp": "solver",
}  # every other public header is implemented in api/

# Known upward dependencies owned elsewhere, reported and not counted (prefixes of the problem
# lines; delete each when it is done). None now: the grid command became a client of the
# public API (issue 30, grid part).
PENDING = ()

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
SOURCES = ("*.hpp", "*.cpp", "*.cu", "*.cuh", "*.inl", "*.h")


def room_of_include(path):
    """The room a quoted include names, 'public:ROOM' for a public header, or None."""
    head, _, rest = path.partition("/")
    if head == "arcwave" and rest:
        return "public:" + PUBLIC_HOME.get(rest, "api")
    if head in ROOMS or head == "cli":
        return head
    return None


def may_use(room, used):
    if used.startswith("public:"):
        home = used.split(":", 1)[1]
        return "public" in ALLOWED[room] or home == room or home in ALLOWED[room]
    return used == room or used in ALLOWED[room]


def check_includes(repo, room, folder, problems, uses):
    for pattern in SOURCES:
        for f in sorted(folder.rglob(pattern)):
            for n, line in enumerate(f.read_text(errors="replace").splitlines(), 1):
                m = INCLUDE.match(line)
                if not m:
                    continue
                used = room_of_include(m.group(1))
                if used is None:
                    continue
                front_door = used.startswith("public:") and "public" in ALLOWED[room]
                uses.setdefault(room, set()).add("public" if front_door else used.split(":")[-1])
                if not may_use(room, used):
                    problems.append(f"{f.relative_to(repo)}:{n}: {room}/ includes {m.group(1)}"
                                    f" ({used.replace('public:', 'public header of ')})")


def library_rooms(repo):
    """Project libraries by the room whose CMakeLists.txt defines them."""
    owner = {}
    for room in ROOMS:
        for cm in (repo / room).rglob("CMakeLists.txt"):
            for m in re.finditer(r"(?:arcwave_library|add_library)\s*\(\s*(arcwave_\w+)",
                                 cm.read_text()):
                owner[m.group(1)] = room
            for m in re.finditer(r"arcwave_room_target\s*\(\s*\w+\s+(arcwave_\w+)", cm.read_text()):
                owner[m.group(1)] = room
    return owner


def check_links(repo, owner, problems):
    """A room's CMakeLists.txt names (links, registers, adds) only libraries it may use, and adds
    no other room's folder."""
    for room in ROOMS:
        for cm in sorted((repo / room).rglob("CMakeLists.txt")):
            text = re.sub(r"#[^\n]*", "", cm.read_text())
            for n, line in enumerate(text.splitlines(), 1):
                for name in re.findall(r"\b(arcwave_[a-z0-9_]+)\b", line):
                    used = owner.get(name)
                    if used and not may_use(room, used):
                        problems.append(f"{cm.relative_to(repo)}:{n}: {room}/ uses {name} ({used}/)")
                m = re.search(r"add_subdirectory\(\s*\$\{PROJECT_SOURCE_DIR\}/(\w+)", line)
                if m and m.group(1) != room and not may_use(room, m.group(1)):
                    problems.append(f"{cm.relative_to(repo)}:{n}: {room}/ adds {m.group(1)}/")
                m = re.search(r"arcwave_register\(\s*(\w+)", line)
                if m and m.group(1) in ROOMS and m.group(1) != room and not may_use(m.group(1), room):
                    problems.append(f"{cm.relative_to(repo)}:{n}: {room}/ registers a library with "
                                    f"the {m.group(1)} room, which may not use {room}/")


def main():
    repo = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[1]
    problems, uses = [], {}
    for room in ROOMS + ["cli", "examples"]:
        check_includes(repo, room, repo / room, problems, uses)
    check_includes(repo, "python", repo / "python" / "src", problems, uses)
    public = repo / "include" / "arcwave"
    for f in sorted(public.glob("*.hpp")):
        home = PUBLIC_HOME.get(f.name, "api")
        for n, line in enumerate(f.read_text().splitlines(), 1):
            m = INCLUDE.match(line)
            if m and not m.group(1).startswith("arcwave/"):
                problems.append(f"{f.relative_to(repo)}:{n}: a public header includes {m.group(1)}")
            elif m:
                used = PUBLIC_HOME.get(m.group(1).split("/", 1)[1], "api")
                if not may_use(home, "public:" + used):
                    problems.append(f"{f.relative_to(repo)}:{n}: include/arcwave/{f.name} ({home}/)"
                                    f" includes {m.group(1)} ({used}/)")
    check_links(repo, library_rooms(repo), problems)
    pending = [p for p in problems if p.startswith(PENDING)]
    problems = [p for p in problems if not p.startswith(PENDING)]
    if pending:
        print(f"check-layers: {len(pending)} known upward dependencies, being removed elsewhere:")
        print("\n".join("  " + p for p in pending))
    if problems:
        print("\n".join(problems))
        print(f"check-layers: {len(problems)} dependencies run upwards (see docs/design.md)")
        return 1
    for room in ROOMS + ["cli", "python", "examples"]:
        used = sorted(uses.get(room, set()) - {room})
        print(f"{room:<12} uses {', '.join(used) if used else '-'}")
    print("check-layers: every include and link runs downwards")
    return 0


if __name__ == "__main__":
    sys.exit(main())
