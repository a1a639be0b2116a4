"""The exact solver, the independent validator and the hints."""

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skye_widgets.hashi.generator import random_layout
from skye_widgets.hashi.puzzle import HashiPuzzle, PuzzleState, pair
from skye_widgets.hashi.solver import analyse, count_solutions, hint, next_step, solve, validate

COELHO = Path(__file__).resolve().parents[2] / ".." / "shared" / "reference" / "hashi" / "coelho2019"

# . . 2 . .
# . . . . .
# 2 . 8 . 2      the 8 can only make 8 with double bridges in all four directions
# . . . . .
# . . 2 . .
STAR = "5 5 5\n0 0 2 0 0\n0 0 0 0 0\n2 0 8 0 2\n0 0 0 0 0\n0 0 2 0 0\n"
STAR_SOLUTION = [(0, 2, 2, 2, 2), (2, 0, 2, 2, 2), (2, 2, 2, 4, 2), (2, 2, 4, 2, 2)]

# 2 . 2      four 2s: as two double pairs the degrees work but the network falls apart,
# . . .      so the only solution is the ring of single bridges
# 2 . 2
RING = "3 3 4\n2 0 2\n0 0 0\n2 0 2\n"
RING_SOLUTION = [(0, 0, 0, 2, 1), (0, 0, 2, 0, 1), (0, 2, 2, 2, 1), (2, 0, 2, 2, 1)]

# 3 . 2 . 1      by hand, cells (x, y): the 1 at (4,0) sees only the 2 at (2,0) -> 1 bridge;
# . . . . .      that 2 needs one more, from the 3; the 3 needs 2 more, from the 2 at (0,2)
# 2 . . . .      (its only neighbour, so it takes both). Unique.
CORNER = "5 3 4\n3 0 2 0 1\n0 0 0 0 0\n2 0 0 0 0\n"
CORNER_SOLUTION = [(0, 0, 0, 2, 2), (0, 0, 2, 0, 1), (2, 0, 4, 0, 1)]   # rows (x1, y1, x2, y2, count)

# . 1 .      the two pairs of 1s would cross, and two 1s may not join anyway: no solution
# 1 . 1
# . 1 .
PLUS = "3 3 4\n0 1 0\n1 0 1\n0 1 0\n"


@pytest.mark.parametrize("text, expected", [
    (STAR, STAR_SOLUTION),
    (RING, RING_SOLUTION),
    (CORNER, CORNER_SOLUTION),
    ("3 1 2\n1 0 1\n", [(0, 0, 2, 0, 1)]),       # two 1s that are the whole puzzle do join
    ("3 1 2\n2 0 2\n", [(0, 0, 2, 0, 2)]),       # and two 2s double-join
])
def test_hand_made_puzzles_with_unique_solutions(text, expected):
    p = HashiPuzzle.from_text(text)
    sol = solve(p)
    assert sol is not None and sol.bridges == expected
    assert validate(p, sol.bridges) == []
    assert count_solutions(p) == 1


def test_no_solution():
    assert solve(HashiPuzzle.from_text(PLUS)) is None
    assert count_solutions(HashiPuzzle.from_text(PLUS)) == 0


def test_two_solutions_are_counted():
    # four 3s in a square: going round, neighbouring pairs must sum to 3, so the ring is
    # 1, 2, 1, 2 or 2, 1, 2, 1 - two solutions, both connected
    p = HashiPuzzle.from_text("3 3 4\n3 0 3\n0 0 0\n3 0 3\n")
    assert count_solutions(p, limit=5) == 2
    assert count_solutions(p, limit=1) == 1


def test_connectivity_is_pruned_inside_the_search():
    # the double-pair split of RING satisfies every degree: the search must not return it
    p = HashiPuzzle.from_text(RING)
    split = [(0, 0, 0, 2, 2), (2, 0, 2, 2, 2)]
    assert validate(p, split) == ["not connected: 2 of 4 islands cannot be reached from (x 0, y 0)"]
    count, nodes, level = analyse(p)
    assert count == 1 and level == 2   # solved by the isolation rule, without search


# -- validate: hand-made good and bad answers -------------------------------------

def test_validate_good_and_bad():
    p = HashiPuzzle.from_text(CORNER)
    assert validate(p, CORNER_SOLUTION) == []
    assert validate(p, {pair((0, 0), (2, 0)): 1, pair((0, 0), (0, 2)): 2, pair((2, 0), (4, 0)): 1}) == []
    # a degree wrong
    assert validate(p, [(0, 0, 2, 0, 2), (0, 0, 0, 2, 2), (2, 0, 4, 0, 1)]) == [
        "the 3 at (x 0, y 0) has 4 bridges", "the 2 at (x 2, y 0) has 3 bridges"]
    # three bridges on one pair, and a pair that is not neighbours
    assert "3 bridges between (x 0, y 0) and (x 2, y 0); at most 2" in validate(
        p, [(0, 0, 2, 0, 2), (0, 0, 2, 0, 1)])
    assert validate(p, [(0, 0, 4, 0, 1)])[0].endswith("not neighbours in line of sight")


def test_validate_crossing():
    p = HashiPuzzle.from_text(PLUS)
    out = validate(p, [(0, 1, 2, 1, 1), (1, 0, 1, 2, 1)])
    assert "the bridge (x 1, y 0)-(x 1, y 2) crosses (x 0, y 1)-(x 2, y 1)" in out   # row by row: the top one first


# -- hints ----------------------------------------------------------------------------

def test_hint_the_eight_needs_double_bridges_everywhere():
    h = next_step(HashiPuzzle.from_text(STAR))
    # the scan (row by row) meets the 2 at (2,0) first: it has one neighbour (the 8) of
    # capacity 2 = its number, so "full" applies there first; then the 2 at (0,2).
    s = PuzzleState(HashiPuzzle.from_text(STAR))
    assert h.rule == "full" and h.island == (2, 0)
    assert h.bridges == (((2, 0), (2, 2), 2),)
    for a, b, k in h.bridges:
        for _ in range(k):
            s.add_bridge(a, b)
    h2 = hint(s)
    assert h2.rule == "full" and h2.island == (0, 2)
    s2 = PuzzleState(HashiPuzzle.from_text("5 5 5\n0 0 7 0 0\n0 0 0 0 0\n7 0 8 0 7\n0 0 0 0 0\n0 0 7 0 0\n"))
    # (that one has no solution, so no deduction is offered)
    assert hint(s2).rule == "stuck"


def test_hint_text_for_the_eight():
    # with the north and west double bridges drawn, the scan (row by row) reaches the 8
    # before the other 2s: its neighbours can take 2 + 2 + 2 + 2 = 8, exactly its number
    s = PuzzleState(HashiPuzzle.from_text(STAR))
    for a, b in [((2, 0), (2, 2)), ((2, 0), (2, 2)), ((0, 2), (2, 2)), ((0, 2), (2, 2))]:
        s.add_bridge(a, b)
    h = hint(s)
    assert h.island == (2, 2) and h.rule == "full"
    assert h.text.startswith("This 8 at (x 2, y 2) needs double bridges in all four directions")
    assert h.bridges == (((2, 2), (4, 2), 2), ((2, 2), (2, 4), 2))   # east, then south


def test_hint_whole_islands_first():
    # the ladder's easy rung takes whole islands row by row, "full" before "at least one each
    # way": the 1 at (4,0) sees only the 2 at (2,0) (the 3 at (0,0) needs at least one each way,
    # 3 > 2 x (2 - 1), but that is the second easy rule: tests/hashi/test_ladder.py)
    h = next_step(HashiPuzzle.from_text(CORNER))
    assert h.rule == "full" and h.island == (4, 0) and h.level == 1
    assert h.bridges == (((2, 0), (4, 0), 1),)


def test_hint_explains_isolation_first():
    h = next_step(HashiPuzzle.from_text(RING))
    # two 2s may not double-join (they would be cut off), so the 2 at (0,0) gets at most
    # 1 to the east and needs at least 1 to the south
    assert h.rule == "at-least" and h.island == (0, 0)
    assert any("cut off" in b for b in h.because)
    assert h.bridges == (((0, 0), (0, 2), 1),)
    assert "at least one to the south" in str(h)


def test_hint_points_out_a_mistake_and_says_solved():
    p = HashiPuzzle.from_text(CORNER)
    h = next_step(p, [(0, 0, 2, 0, 2)])               # a double bridge east of the 3: one too many
    assert h.rule == "mistake" and "not part of the solution" in h.text
    assert "between the 3 at (x 0, y 0) and the 2 at (x 2, y 0)" in h.text
    assert next_step(p, CORNER_SOLUTION).rule == "solved"


def test_following_hints_solves_every_shipped_style_puzzle():
    p = HashiPuzzle.from_text(CORNER)
    s = PuzzleState(p)
    for _ in range(10):
        h = hint(s)
        if h.rule == "solved":
            break
        for a, b, k in h.bridges:
            while s.count(a, b) < k:
                s.add_bridge(a, b)
    assert s.is_solved()


# -- reference instances (validated independently of the solver) ------------------------

SAMPLE = ["100/Hs_16_100_25_00_001.has", "100/Hs_16_100_50_05_001.has", "100/Hs_16_100_75_15_001.has",
          "200/Hs_24_200_25_00_001.has", "200/Hs_24_200_50_05_005.has",
          "300/Hs_29_300_25_00_001.has", "400/Hs_34_400_25_00_006.has",
          "400/Hs_34_400_75_05_002.has"]   # 75% doubles: the old depth-first solve took > 30 s


@pytest.mark.parametrize("name", SAMPLE)
def test_coelho2019_sample(name):
    f = COELHO / name
    if not f.exists():
        pytest.skip(f"reference data not available: {f}")
    p = HashiPuzzle.from_has(f)
    sol = solve(p)
    assert sol is not None
    assert validate(p, sol.bridges) == []


# -- properties --------------------------------------------------------------------------

@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(5, 9), st.integers(4, 18))
def test_random_networks_solve_validate_and_are_deterministic(seed, size, n):
    p = random_layout(random.Random(seed), size, n)   # built from a solution: solvable
    if len(p.islands) < 2:
        return
    sol = solve(p)
    assert sol is not None
    assert validate(p, sol.bridges) == []
    again = solve(p)
    assert again is not None and again.bridges == sol.bridges


def test_a_bridge_of_another_solution_is_not_called_a_mistake():
    # four 3s in a square have two solutions (1,2,1,2 and 2,1,2,1 round the ring);
    # a double bridge on top belongs to one of them, so the hint builds on it: the 3 at
    # (0,0) then needs exactly one more, from the south
    p = HashiPuzzle.from_text("3 3 4\n3 0 3\n0 0 0\n3 0 3\n")
    h = next_step(p, [(0, 0, 2, 0, 2)])               # double east of the top-left 3
    assert h.rule != "mistake"
    assert h.island == (0, 0) and h.bridges == (((0, 0), (0, 2), 1),)


def _brute_force_count(p: HashiPuzzle) -> int:
    """Solutions by trying every 0/1/2 for every pair, each judged by the independent validate()."""
    import itertools
    pairs = p.pairs()
    count = 0
    for ks in itertools.product((0, 1, 2), repeat=len(pairs)):
        rows = [(a[0], a[1], b[0], b[1], k) for (a, b), k in zip(pairs, ks) if k]
        count += validate(p, rows) == []
    return count


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.integers(4, 6), st.integers(3, 7))
def test_solution_counts_match_brute_force(seed, size, n):
    # the search prunes by connectivity and cut edges (checked only when a possible pair
    # vanished) and by isolation: it must neither lose nor invent solutions
    p = random_layout(random.Random(seed), size, n)
    if len(p.islands) < 2 or len(p.pairs()) > 8:
        return
    assert count_solutions(p, limit=10**6) == _brute_force_count(p)


def test_hints_reuse_their_solution_until_a_drawn_bridge_leaves_it(monkeypatch):
    from skye_widgets.hashi import solver
    calls = []
    real = solver._solution_extending
    monkeypatch.setattr(solver, "_solution_extending", lambda *a: calls.append(a) or real(*a))
    # four 3s in a square: two solutions, 1-2-1-2 and 2-1-2-1 round the ring
    p = HashiPuzzle.from_text("3 3 4\n3 0 3\n0 0 0\n3 0 3\n")
    s = PuzzleState(p)
    first = hint(s)
    assert len(calls) == 1
    for a, b, k in first.bridges:
        while s.count(a, b) < k:
            s.add_bridge(a, b)
    hint(s)
    assert len(calls) == 1                      # the drawn bridges are in the kept solution
    kept = s._solution
    top = pair((0, 0), (2, 0))
    s.clear()
    for _ in range(3 - kept[top]):              # the other solution's count on the top pair
        s.add_bridge((0, 0), (2, 0))
    h = hint(s)
    assert len(calls) == 2 and h.rule != "mistake"   # solved again, for the other solution
    assert s._solution[top] == 3 - kept[top]
