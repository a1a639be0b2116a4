"""The ladder of techniques (skye_widgets.hashi.ladder): hand-built positions, trial hints,
and the grades against Simon Tatham's Bridges on a committed set of his puzzles.

tests/hashi/data/tatham-bridges.txt holds 40 puzzles per level (easy, medium, hard) and
size (7x7, 10x10, 15x15) made by Debian's ``sgt-bridges --generate``; its game ids are
decoded by HashiPuzzle.from_tatham, so no sgt-puzzles is needed here.
tests/hashi/data/ours-graded.json holds 30 puzzles per level of our own generator.
"""

import json
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from skye_widgets.hashi.ladder import EASY, EXPERT, HARD, MEDIUM, Reasoner, grade
from skye_widgets.hashi.puzzle import HashiPuzzle, PuzzleError, PuzzleState, pair
from skye_widgets.hashi.solver import _Model, hint, next_step, solve

DATA = Path(__file__).resolve().parent / "data"
LEVELS = {"easy": EASY, "medium": MEDIUM, "hard": HARD, "expert": EXPERT}


def tatham_set(name="tatham-bridges.txt"):
    out = []
    for line in (DATA / name).read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            level, game_id = line.split()
            out.append((LEVELS[level], game_id))
    return out


def ours_set():
    data = json.loads((DATA / "ours-graded.json").read_text())
    return [(LEVELS[name], HashiPuzzle(w, h, {(x, y): k for x, y, k in isl}))
            for name in ("easy", "medium", "hard", "expert") for w, h, isl in data[name]]


def walk(p):
    """Follow hints from an empty board: (finished, hints, hardest rung, steps against the solution:
    a bridge the solution lacks, or an exclusion it breaks)."""
    s = PuzzleState(p)
    sol = solve(p).as_pairs()
    hints, level, wrong = [], 0, 0
    for _ in range(4 * len(p.pairs()) + 5):
        h = hint(s)
        if h.rule == "solved":
            return True, hints, level, wrong
        if h.rule in ("stuck", "mistake", "search", "several") or not h.bridges:
            return False, hints, level, wrong
        hints.append(h)
        level = max(level, h.level)
        for key, most in h.known:                # the exclusions it found on the way hold too
            wrong += sol.get(key, 0) > most
        for a, b, k in h.bridges:
            wrong += sol.get(pair(a, b), 0) < k
            while s.count(a, b) < k:
                s.add_bridge(a, b)
    return False, hints, level, wrong


# -- Tatham's game ids ------------------------------------------------------------------

def test_a_tatham_game_id_is_decoded():
    p = HashiPuzzle.from_tatham("7x7m2:b2c12i1b3g5a4c3g4a4c1")
    # "b2": two cells of water then a 2; "12": a 1 then a 2 side by side at the row's end
    assert (p.width, p.height) == (7, 7)
    assert p.islands[(2, 0)] == 2 and p.islands[(6, 0)] == 1 and p.islands[(0, 1)] == 2
    assert p.islands[(3, 2)] == 1 and p.islands[(0, 4)] == 5 and p.islands[(6, 6)] == 1
    assert len(p.islands) == 11
    for bad in ("7x7m2", "7x7m2:b2", "7x7m2:b2c12i1b3g5a4c3g4a4c1a", "7x7:0a"):
        with pytest.raises(PuzzleError):
            HashiPuzzle.from_tatham(bad)


# -- hand-built positions, one rung each -------------------------------------------------



def test_easy_an_island_whose_neighbours_take_exactly_its_number():
    # a 4 between two 2s: the 2 at (0, 0) has one neighbour, that can take 2: double bridge east
    mo = _Model(HashiPuzzle.from_text("5 1 3\n2 0 4 0 2\n"))
    s = Reasoner(mo).next()
    assert s.technique == "full" and s.level == EASY and s.island == (0, 0)
    assert s.text == ("The 2 at (x 0, y 0) can get at most 2 bridges from its neighbours, exactly its number, so it "
                      "takes all of them: double bridge east.")
    assert s.changes == ((mo.edge_of[pair((0, 0), (2, 0))], 2, 2),)


def test_easy_each_way():
    # a 3 in a corner with two neighbours: 3 > 2 x (2 - 1), so at least one each way (easy)
    mo = _Model(HashiPuzzle.from_text("3 3 3\n3 0 2\n0 0 0\n2 0 0\n"))
    r = Reasoner(mo)
    s = r.find_at_least(True)
    assert s.technique == "each-way" and s.level == EASY and s.island == (0, 0)
    assert s.text == ("The 3 at (x 0, y 0) needs 3 bridges but its neighbours can take at most 4; even with every "
                      "other bridge it still needs at least one to the east and at least one to the south.")


def test_medium_needs_the_pair_the_others_cannot_replace():
    # Tatham's 7x7 medium: after the easy steps the 4 at (2, 6) has one bridge west (the 3 there
    # has 2 of 3) and one east (the 4 there is finished), and the 3 at (2, 0) north (none yet):
    # ways 2 + 2 + 1 = 5, not 4 (no "full"); 4 <= 2 x (3 - 1) (no "each way"); without the
    # north pair the others give 2 + 1 = 3 < 4: at least one north (medium)
    p = HashiPuzzle.from_tatham("7x7m2:1a3c4j2b4d2b2e2g3a4a4a3")
    s = PuzzleState(p)
    while True:
        h = hint(s)
        if h.level > EASY:
            break
        for a, b, k in h.bridges:
            while s.count(a, b) < k:
                s.add_bridge(a, b)
    assert p.to_ascii(s.bridges) == "\n".join([
        "1 . 3 = = = 4", ". . . . . . H", ". . . 2 = = 4", ". . . . 2 . .", "2 . . . H . 2", "| . . . H . H",
        "3 - 4 - 4 - 3"])
    assert h.technique == "at-least" and h.level == MEDIUM
    assert h.text == ("The 4 at (x 2, y 6) needs 4 bridges but its neighbours can take at most 5; even with every "
                      "other bridge it still needs at least one to the north.")
    assert h.bridges == (((2, 0), (2, 6), 1),)


def test_hard_isolation_two_ones_never_join():
    mo = _Model(HashiPuzzle.from_text("3 3 3\n1 0 1\n0 0 0\n2 0 0\n"))
    r = Reasoner(mo)
    iso = r.find_isolation()
    assert iso.technique == "isolation" and iso.level == HARD
    assert iso.text == ("The 1 at (x 0, y 0) and the 1 at (x 2, y 0) cannot be joined by 1 bridge: both would be "
                        "finished and cut off from the rest.")
    assert iso.changes == ((mo.edge_of[pair((0, 0), (2, 0))], 0, 0),)


def test_hard_lookahead_one_more_bridge_leaves_an_island_short():
    # a bridge between the two 1s would finish the 1 at (0, 0): the 2 below it, whose only
    # neighbour that is, could then get nothing
    mo = _Model(HashiPuzzle.from_text("3 3 3\n1 0 1\n0 0 0\n2 0 0\n"))
    s = Reasoner(mo).find_lookahead()
    assert s.technique == "lookahead" and s.level == HARD
    assert [c.text for c in s.chain] == [
        "Suppose the 1 at (x 0, y 0) and the 1 at (x 2, y 0) were joined by 1 bridge.",
        "Then the 2 at (x 0, y 2) could get at most 0 bridges, fewer than its number.",
        "So there is no bridge between the 1 at (x 0, y 0) and the 1 at (x 2, y 0)."]
    assert s.chain[1].cells == ((0, 2),) and s.chain[0].bridges == (((0, 0), (2, 0), 1),)


def test_hard_way_out_the_issues_example():
    # Tatham 7x7m2:b2c12i1b3g5a4c3g4a4c1 after its easy and medium steps: the 3 at (6, 4) would
    # close a group of 4 if it took everything but the way west
    p = HashiPuzzle.from_tatham("7x7m2:b2c12i1b3g5a4c3g4a4c1")
    assert grade(p) == HARD
    ok, hints, level, wrong = walk(p)
    assert ok and level == HARD and wrong == 0
    assert [h.technique for h in hints].count("way-out") == 1
    h = next(h for h in hints if h.technique == "way-out")
    assert h.text == ("If the 3 at (x 6, y 4) took every bridge it can get except towards the 4 at (x 2, y 4), it "
                      "would finish a group of 4 islands cut off from the rest, so it needs at least one bridge to "
                      "the 4 at (x 2, y 4).")
    assert h.bridges == (((2, 4), (6, 4), 1),)


def test_expert_trial_chain_in_words_and_steps():
    # the first expert puzzle of the committed set: its walk uses a trial; each trial hint
    # starts with a supposition, ends with what it proves, and every step names its cells
    for level, p in ours_set():
        if level != EXPERT:
            continue
        ok, hints, lv, wrong = walk(p)
        assert ok and lv == EXPERT and wrong == 0
        trials = [h for h in hints if h.technique == "trial"] or [h for h in hints if h.chain]
        assert trials
        h = trials[0]
        assert h.chain[0].text.startswith("Suppose the ")
        assert h.chain[-1].text.startswith("So ")
        assert h.chain[-2].text.startswith("Then ")
        assert all(step.cells for step in h.chain)
        break


def test_a_nested_trial_is_told_the_same_way():
    # on the first expert puzzle's empty board, a trial with trials inside it (the machinery
    # the walk uses when no single trial settles a pair) still ends in a contradiction
    level, p = next((lv, p) for lv, p in ours_set() if lv == EXPERT)
    r = Reasoner(_Model(p))
    while True:
        s = r.simple() or r.find_lookahead()
        if s is None:
            break
        r.apply(s)
    s = r.find_trial(1)
    assert s.technique == "nested" and s.level == EXPERT
    assert s.chain[0].text.startswith("Suppose ") and s.chain[-1].text.startswith("So ")
    sol = solve(p).as_pairs()
    for e, nl, nh in s.changes:       # what it proves holds in the solution
        assert nl <= sol.get(r.mo.pairs[e], 0) <= nh


def test_several_solutions_say_so():
    # four 3s in a square: two solutions; no rule settles it, and the reveal says why
    p = HashiPuzzle.from_text("3 3 4\n3 0 3\n0 0 0\n3 0 3\n")
    assert grade(p) == 5
    h = next_step(p)
    assert h.rule == "at-least"          # each 3 needs at least one bridge each way
    s = PuzzleState(p)
    for a, b in p.pairs():
        s.add_bridge(a, b)
    h = next_step(p, s.bridges)          # then either pair of a corner may be the double one
    assert h.rule == "several" and h.level == 5 and len(h.bridges) == 1
    (a, b, k), = h.bridges             # the solver's solution picks one of them
    assert a == (0, 0) and k == 2
    assert h.text == ("This puzzle has more than one solution, so no rule can settle the rest; one of them joins the "
                      f"3 at (x 0, y 0) and the 3 at (x {b[0]}, y {b[1]}) by 2 bridges.")


# -- the committed sets -------------------------------------------------------------------

def test_grades_agree_with_tatham_on_90_percent_per_level_and_size():
    by: dict[tuple[int, int], Counter] = defaultdict(Counter)
    for level, game_id in tatham_set():
        p = HashiPuzzle.from_tatham(game_id)
        by[(p.width, level)][grade(p) == level] += 1
    assert len(by) == 9
    for key, c in by.items():
        assert c[True] + c[False] >= 40
        assert c[True] >= 0.9 * (c[True] + c[False]), (key, c)


@pytest.mark.parametrize("size", [7, 10, 15])
def test_the_hint_walk_finishes_every_tatham_puzzle(size):
    done = 0
    for level, game_id in tatham_set():
        p = HashiPuzzle.from_tatham(game_id)
        if p.width != size:
            continue
        ok, hints, lv, wrong = walk(p)
        assert ok and wrong == 0, game_id
        assert lv == grade(p)          # the grade is the hardest rung the walk needed
        done += 1
    assert done == 120


def test_the_hint_walk_finishes_our_puzzles_at_their_level():
    c = Counter()
    for level, p in ours_set():
        ok, hints, lv, wrong = walk(p)
        assert ok and wrong == 0
        assert lv == level == grade(p)
        c[level] += 1
    assert c == {EASY: 30, MEDIUM: 30, HARD: 30, EXPERT: 30}
