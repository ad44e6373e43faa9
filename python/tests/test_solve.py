"""solve() on the bundled XCSP files against instances/answers.txt and the CLI, and on models
built in Python against brute-force enumeration."""

import itertools
import random

import pytest

import arcwave
from conftest import INSTANCES, answers

ANSWERS = answers()
# Counting every solution of these takes long; their status is still checked.
COUNT_LIMIT = 1000


@pytest.mark.parametrize("file", sorted(ANSWERS))
def test_bundled_status_equals_cli_and_answers(file, cli):
    expected, count = ANSWERS[file]
    r = arcwave.solve(INSTANCES / file, backend="cpu")
    assert r.status == expected
    cli_lines = cli("solve", INSTANCES / file, "--backend", "cpu").stdout.splitlines()
    assert f"s {r.status}" in cli_lines
    if r.status == "SATISFIABLE":
        assert r.values is not None and len(r.assignment) == len(r.values)


@pytest.mark.parametrize("file", sorted(f for f, (_, n) in ANSWERS.items()
                                        if n is not None and n <= COUNT_LIMIT))
def test_bundled_counts_equal_cli_and_answers(file, cli):
    r = arcwave.solve(INSTANCES / file, all_solutions=True, backend="cpu")
    assert r.solutions == ANSWERS[file][1]
    assert r.complete
    cli_lines = cli("solve", INSTANCES / file, "-a", "--backend", "cpu").stdout.splitlines()
    assert f"c solutions {r.solutions}" in cli_lines


def queens(n):
    m = arcwave.Model()
    q = [m.add_variable(f"q{i}", range(n)) for i in range(n)]
    m.add_all_different(q)
    for a, b in itertools.combinations(range(n), 2):
        m.add_intension(f"ne(dist(q{a},q{b}),{b - a})")
    return m


def test_queens_built_in_python():
    # OEIS A000170: 4-queens 2, 6-queens 4, 8-queens 92.
    for n, count in ((4, 2), (6, 4), (8, 92)):
        assert arcwave.solve(queens(n), all_solutions=True).solutions == count
    r = arcwave.solve(queens(8))
    assert r.status == "SATISFIABLE"
    assert queens(8).check(r.values)
    assert sorted(r.assignment.values()) == list(range(8))


def random_model(rng):
    """A few variables with small domains; extension, intension, sum and allDifferent
    constraints. Returns the model and a Python predicate for each constraint."""
    n = rng.randint(3, 5)
    domains = [sorted(rng.sample(range(-2, 5), rng.randint(2, 4))) for _ in range(n)]
    m = arcwave.Model()
    for i, d in enumerate(domains):
        m.add_variable(f"x{i}", d)
    checks = []
    for _ in range(rng.randint(2, 5)):
        kind = rng.choice(["extension", "intension", "sum", "alldiff"])
        scope = rng.sample(range(n), rng.randint(2, min(3, n)))
        if kind == "extension":
            tuples = [t for t in itertools.product(*(domains[v] for v in scope))
                      if rng.random() < 0.5]
            supports = rng.random() < 0.5
            m.add_extension(scope, tuples, supports)
            allowed = set(tuples)
            checks.append(lambda a, s=scope, t=allowed, sup=supports:
                          (tuple(a[v] for v in s) in t) == sup)
        elif kind == "intension":
            x, y = scope[0], scope[1]
            c = rng.randint(-1, 2)
            m.add_intension(f"le(add(x{x},{c}),mul(x{y},2))")
            checks.append(lambda a, x=x, y=y, c=c: a[x] + c <= 2 * a[y])
        elif kind == "sum":
            coeffs = [rng.randint(-2, 3) for _ in scope]
            op = rng.choice(["lt", "le", "eq", "ne", "ge", "gt"])
            rhs = rng.randint(-3, 6)
            m.add_sum(scope, coeffs, op, rhs)
            ops = {"lt": lambda a, b: a < b, "le": lambda a, b: a <= b,
                   "eq": lambda a, b: a == b, "ne": lambda a, b: a != b,
                   "ge": lambda a, b: a >= b, "gt": lambda a, b: a > b}
            checks.append(lambda a, s=scope, k=coeffs, f=ops[op], r=rhs:
                          f(sum(c * a[v] for c, v in zip(k, s)), r))
        else:
            m.add_all_different(scope)
            checks.append(lambda a, s=scope: len({a[v] for v in s}) == len(s))
    return m, domains, checks


@pytest.mark.parametrize("seed", range(40))
def test_random_models_count_like_brute_force(seed):
    rng = random.Random(seed)
    m, domains, checks = random_model(rng)
    brute = [a for a in itertools.product(*domains) if all(c(a) for c in checks)]
    r = arcwave.solve(m, all_solutions=True)
    assert r.solutions == len(brute)
    assert r.status == ("SATISFIABLE" if brute else "UNSATISFIABLE")
    one = arcwave.solve(m)
    if brute:
        assert all(c(one.values) for c in checks)


@pytest.mark.parametrize("seed", range(15))
def test_optimisation_like_brute_force(seed):
    rng = random.Random(1000 + seed)
    m, domains, checks = random_model(rng)
    coeffs = [rng.randint(-3, 3) for _ in domains]
    m.minimize((range(len(domains)), coeffs))
    brute = [sum(c * v for c, v in zip(coeffs, a))
             for a in itertools.product(*domains) if all(c(a) for c in checks)]
    r = arcwave.solve(m)
    if not brute:
        assert r.status == "UNSATISFIABLE"
        return
    assert r.status == "OPTIMUM FOUND"
    assert r.objective == min(brute)
    assert all(c(r.values) for c in checks)


def test_bad_input_raises_input_error(tmp_path):
    m = arcwave.Model()
    m.add_variable("x", [0, 1])
    with pytest.raises(arcwave.InputError, match="not a variable"):
        m.add_intension("eq(x,y)")
    with pytest.raises(arcwave.InputError):
        m.add_intension("eq(x,")
    bad = tmp_path / "bad.xml"
    bad.write_text("<instance><variables>")
    with pytest.raises(arcwave.InputError):
        arcwave.solve(bad)
    with pytest.raises(arcwave.InputError):
        arcwave.solve(m, backend="fast")
