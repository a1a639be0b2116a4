"""The conflict-driven search behind solve(): each rule with its reason, learning, completeness."""

import itertools
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skye_widgets.hashi.cdcl import GaveUp, Search, _luby
from skye_widgets.hashi.generator import random_layout
from skye_widgets.hashi.puzzle import HashiPuzzle, pair
from skye_widgets.hashi.solver import _Model, _solve_all, solve, validate

PUZZLES = Path(__file__).resolve().parents[2] / "puzzles" / "hashi"
RING = "3 3 4\n2 0 2\n0 0 0\n2 0 2\n"          # four 2s: only the ring of single bridges
# 1 . 2 . 2 . 1      two squares side by side, joined by the two middle pairs; three
# . . . . . . .      solutions, so neither middle pair is settled before a decision
# 2 . 4 . 4 . 2
TWO_SQUARES = "7 3 8\n1 0 2 0 2 0 1\n0 0 0 0 0 0 0\n2 0 4 0 4 0 2\n"
# 1 . 2 . 2 . 1      the same shape with 3s: each square could also close itself off
# . . . . . . .      (1-2 single, 2-3 single, 3-2 double), so without both middle pairs
# 2 . 3 . 3 . 2      every number still adds up but the network is in two parts
CLOSABLE = "7 3 8\n1 0 2 0 2 0 1\n0 0 0 0 0 0 0\n2 0 3 0 3 0 2\n"


def A(e):       # "edge e has at least one bridge"
    return 4 * e


def not_A(e):
    return 4 * e + 1


def not_B(e):   # "edge e has at most one bridge"
    return 4 * e + 3


def edge(mo, a, b):     # cells (x, y)
    return mo.edge_of[pair(a, b)]


def holds(clause, counts):
    """Does the bridge count per edge satisfy the clause?"""
    for lit in clause:
        e, k = lit >> 2, lit & 3
        need = 1 if k < 2 else 2
        if (counts[e] >= need) == (k % 2 == 0):
            return True
    return False


def test_luby_sequence():
    assert [_luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]


def test_isolation_forbids_double_pairs_with_the_rule_as_reason():
    mo = _Model(HashiPuzzle.from_text(RING))
    s = Search(mo)
    assert s.start()
    # every pair would close off two 2s with a double bridge: "at most one", for no other reason;
    # then each 2 needs both of its pairs: the ring is complete before any decision
    for e in range(mo.m):
        assert s.reason[not_B(e) >> 1] == [not_B(e)]
        assert (s.lo[e], s.hi[e]) == (1, 1)
    assert s.run() == [1, 1, 1, 1] and s.decisions == 0


def test_isolation_reason_names_the_bridges_of_the_group():
    # 1 . 3 . 2      the 1 has only the 3 to join: a group of two with 3 + 1 - 2 = 2 bridges
    # . . . . .      still to go. A double bridge from it to either 2 would finish both
    # . . 2 . 2      and cut them off, so "at most one" - because of the bridge 1-3
    mo = _Model(HashiPuzzle.from_text("5 3 5\n1 0 3 0 2\n0 0 0 0 0\n0 0 2 0 2\n"))
    s = Search(mo)
    assert s.start()
    one_three = edge(mo, (0, 0), (2, 0))
    assert s.reason[A(one_three) >> 1] == [A(one_three)]
    for two in ((4, 0), (2, 2)):
        e = edge(mo, (2, 0), two)
        assert s.reason[not_B(e) >> 1] == [not_B(e), not_A(one_three)]


def test_a_required_double_bridge_closes_a_group_and_fails():
    mo = _Model(HashiPuzzle.from_text(RING))
    s = Search(mo)
    assert s.require(edge(mo, (0, 0), (2, 0)), 2)
    assert not s.start()
    assert s.run() is None


def test_degree_reason_names_the_other_edges_bounds():
    # 3 . 2 . 1: the 1 has only the 2 to join; the 3 then takes both bridges from the 2 below
    mo = _Model(HashiPuzzle.from_text("5 3 4\n3 0 2 0 1\n0 0 0 0 0\n2 0 0 0 0\n"))
    s = Search(mo)
    assert s.start()
    one = edge(mo, (2, 0), (4, 0))
    assert s.reason[A(one) >> 1] == [A(one)]            # the 1's only pair: no other edge involved
    down = edge(mo, (0, 0), (0, 2))
    assert s.lo[down] == 2


def test_cut_edge_must_carry_a_bridge_and_says_which_pairs_are_gone():
    mo = _Model(HashiPuzzle.from_text(TWO_SQUARES))
    top = edge(mo, (2, 0), (4, 0))
    bottom = edge(mo, (2, 2), (4, 2))
    s = Search(mo)
    assert s.start()
    assert s.lo[top] == s.lo[bottom] == 0 and s.hi[top] >= 1 and s.hi[bottom] >= 1
    s.decide(not_A(top))
    assert s._propagate() is None
    assert s.lo[bottom] >= 1
    assert s.reason[A(bottom) >> 1] == [A(bottom), A(top)]   # the only other way across is gone


def test_a_part_with_no_way_out_fails_with_its_boundary_as_the_clause():
    mo = _Model(HashiPuzzle.from_text(CLOSABLE))
    top = edge(mo, (2, 0), (4, 0))
    bottom = edge(mo, (2, 2), (4, 2))
    s = Search(mo)
    assert s.start()
    s.decide(not_A(top))
    s._assign(not_A(bottom), None)
    conflict = s._propagate()
    assert sorted(conflict) == sorted([A(top), A(bottom)])


def test_no_solution_is_proved_before_any_decision():
    p = HashiPuzzle.from_text("3 3 4\n0 1 0\n1 0 1\n0 1 0\n")    # the pairs of 1s would cross
    s = Search(_Model(p))
    assert s.run() is None and s.decisions == 0


def test_gives_up_when_asked():
    p = HashiPuzzle.load(PUZZLES / "24_hard_8.json")   # a shipped puzzle that needs trial and error
    s = Search(_Model(p))
    assert s.run() is not None
    assert s.conflicts >= 1
    with pytest.raises(GaveUp):
        Search(_Model(p)).run(max_conflicts=0)


def test_the_same_puzzle_gives_the_same_solution_and_effort():
    p = random_layout(random.Random(11), 14, 45)
    a, b = solve(p), solve(p)
    assert a is not None and a.bridges == b.bridges and a.nodes == b.nodes
    assert validate(p, a.bridges) == []


# -- properties ---------------------------------------------------------------------------

class Recording(Search):
    """A search that keeps every reason, conflict and learnt clause it makes."""

    def __init__(self, mo):
        super().__init__(mo)
        self.clauses = []

    def _assign(self, lit, reason):
        assert self.val[lit] == 2, "a literal is assigned twice"
        if reason is not None:
            assert reason[0] == lit
            assert all(self.val[q] == 0 for q in reason[1:]), "a reason must rest on facts already known"
            self.clauses.append(list(reason))
        super()._assign(lit, reason)

    def _propagate(self):
        c = super()._propagate()
        if c is not None:
            assert all(self.val[q] == 0 for q in c), "a conflict clause is false where it is found"
            self.clauses.append(list(c))
        return c

    def _analyse(self, conflict):
        learnt, back = super()._analyse(conflict)
        self.clauses.append(list(learnt))
        return learnt, back


def _perturbed(rng, p):
    """The puzzle with one island's number changed (often no longer solvable)."""
    isl = dict(p.islands)
    c = rng.choice(sorted(isl))
    isl[c] = max(1, min(8, isl[c] + rng.choice((-1, 1))))
    h = max(r for r, _ in isl) + 1
    w = max(c for _, c in isl) + 1
    rows = [" ".join(str(isl.get((r, c), 0)) for c in range(w)) for r in range(h)]
    return HashiPuzzle.from_text(f"{w} {h} {len(isl)}\n" + "\n".join(rows) + "\n")


def _random_puzzle(seed, size, n, perturb):
    """A random solvable layout, or with ``perturb`` one island's number changed; None if < 2 islands."""
    rng = random.Random(seed)
    p = random_layout(rng, size, n)
    if perturb and p.islands:
        p = _perturbed(rng, p)
    return p if len(p.islands) >= 2 else None


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(4, 6), st.integers(3, 7), st.booleans())
def test_every_reason_and_learnt_clause_keeps_every_solution(seed, size, n, perturb):
    # brute force lists all solutions; every clause the search derives must hold in each,
    # and the search finds a solution exactly when one exists
    p = _random_puzzle(seed, size, n, perturb)
    if p is None or len(p.pairs()) > 8:
        return
    mo = _Model(p)
    solutions = []
    for ks in itertools.product((0, 1, 2), repeat=mo.m):
        rows = [(a[0], a[1], b[0], b[1], k) for (a, b), k in zip(mo.pairs, ks) if k]
        if validate(p, rows) == []:
            solutions.append(ks)
    s = Recording(mo)
    lo = s.run()
    assert (lo is not None) == bool(solutions)
    if lo is not None:
        assert tuple(lo) in solutions
    for clause in s.clauses:
        for ks in solutions:
            assert holds(clause, ks), f"clause {clause} cuts off solution {ks}"


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(5, 10), st.integers(4, 22), st.booleans())
def test_agrees_with_the_depth_first_search_on_larger_puzzles(seed, size, n, perturb):
    p = _random_puzzle(seed, size, n, perturb)
    if p is None:
        return
    sol = solve(p)
    assert (sol is not None) == (len(_solve_all(p, 1)[0]) == 1)   # the depth-first search's word
    if sol is not None:
        assert validate(p, sol.bridges) == []
