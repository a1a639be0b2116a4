"""Counting to two with the conflict-driven search (hashi check on big puzzles).

After a first solution, the clause "some pair has another count" sends the search
after a second. The counts must be the depth-first search's, and a puzzle with one
solution must be graded exactly as before (same search nodes, same level).
"""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from skye_widgets.hashi import solver
from skye_widgets.hashi.cdcl import LONG_CLAUSE, Search
from skye_widgets.hashi.generator import random_layout
from skye_widgets.hashi.puzzle import HashiPuzzle
from skye_widgets.hashi.solver import _Model, _rows, _solve_all, _two_solutions, analyse, count_solutions, validate


def _lattice(k: int) -> HashiPuzzle:
    """k x k islands two cells apart, numbered as if every neighbouring pair had one bridge:
    that is a solution, and so is any other way round a square (many solutions)."""
    w = 2 * k - 1
    rows = [[0] * w for _ in range(w)]
    for y in range(0, w, 2):
        for x in range(0, w, 2):
            rows[y][x] = (x > 0) + (x < w - 1) + (y > 0) + (y < w - 1)
    return HashiPuzzle.from_text(f"{w} {w} {k * k}\n" + "\n".join(" ".join(map(str, r)) for r in rows) + "\n")


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10**6), st.integers(4, 9), st.integers(3, 20), st.booleans())
def test_counts_and_grades_agree_with_the_depth_first_search(seed, size, n, perturb):
    old_from = solver.COUNT_BY_CDCL_FROM
    solver.COUNT_BY_CDCL_FROM = 1               # the big-puzzle path on small puzzles
    try:
        _agree(seed, size, n, perturb)
    finally:
        solver.COUNT_BY_CDCL_FROM = old_from


def _agree(seed, size, n, perturb):
    rng = random.Random(seed)
    p = random_layout(rng, size, n)
    if perturb and p.islands:   # one island's number changed: often no solution, sometimes several
        c = rng.choice(sorted(p.islands))
        islands = dict(p.islands)
        islands[c] = rng.randint(1, 8)
        p = HashiPuzzle(p.width, p.height, islands)
    if len(p.islands) < 2:
        return
    sols, _ = _two_solutions(p)
    old, nodes, level = _solve_all(p, 2)
    assert len(sols) == len(old)
    mo = _Model(p)
    for lo in sols:
        assert validate(p, _rows(mo, lo)) == []
    if len(sols) == 2:
        assert sols[0] != sols[1]
    assert count_solutions(p) == len(old)
    assert count_solutions(p, limit=1) == min(1, len(old))
    got = analyse(p)
    assert got[0] == len(old)
    if len(old) == 1:
        assert got == (1, nodes, level)


def test_a_lattice_with_many_solutions_gives_two():
    p = _lattice(12)     # 144 islands (counted by CDCL); the blocking clause is far longer than LONG_CLAUSE
    assert len(p.islands) >= solver.COUNT_BY_CDCL_FROM
    mo = _Model(p)
    assert 4 * mo.m > LONG_CLAUSE
    sols, _ = _two_solutions(p)
    assert len(sols) == 2 and sols[0] != sols[1]
    assert all(validate(p, _rows(mo, lo)) == [] for lo in sols)
    assert analyse(p)[0] == 2


def test_blocking_the_only_solution_leaves_none():
    p = HashiPuzzle.from_text("3 3 4\n2 0 2\n0 0 0\n2 0 2\n")     # the ring of single bridges only
    s = Search(_Model(p))
    lo = s.run()
    assert lo == [1, 1, 1, 1]
    assert not s.block(lo) or s.run() is None


def test_an_odd_total_has_no_solution_at_once():
    # every bridge adds 2 to the total of the numbers: one number off by one on a lattice with
    # many solutions leaves none (clause learning alone cannot see parity: minutes on 2 500 islands)
    p = _lattice(12)
    islands = dict(p.islands)
    islands[(0, 0)] = 1
    odd = HashiPuzzle(p.width, p.height, islands)
    assert solver.solve(odd) is None
    assert count_solutions(odd) == 0
    assert analyse(odd)[0] == 0
    search = Search(_Model(odd))
    assert search.run() is None and search.decisions == 0
    small = HashiPuzzle.from_text("3 3 3\n3 0 1\n0 0 0\n1 0 0\n")    # 5: odd
    assert solver.solve(small) is None and _solve_all(small, 2)[0] == []
