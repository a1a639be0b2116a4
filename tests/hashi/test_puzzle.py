"""Classic Hashiwokakero puzzles: the model, its files, and a learner's play (PuzzleState)."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skye_widgets.errors import FileFormatError, RulesError
from skye_widgets.hashi.puzzle import (
    CrossingBridgeError, HashiPuzzle, IllegalBridgeError, NoBridgeError, NotNeighboursError,
    OverNumberError, PuzzleError, PuzzleState, TooManyBridgesError, lines_cross, pair,
)

# . 1 .      a "plus": the vertical pair and the horizontal pair cross at the centre
# 1 . 1
# . 1 .
PLUS = "3 3 4\n0 1 0\n1 0 1\n0 1 0\n"

# 2 . 3      cells (x, y): (0,0)=2 (2,0)=3 (0,2)=1 (2,2)=2
# . . .
# 1 . 2
SQUARE = "3 3 4\n2 0 3\n0 0 0\n1 0 2\n"


def test_parse_has_text_and_neighbours():
    p = HashiPuzzle.from_text(SQUARE)
    assert (p.width, p.height) == (3, 3)
    assert p.islands == {(0, 0): 2, (2, 0): 3, (0, 2): 1, (2, 2): 2}
    assert list(p.islands) == [(0, 0), (2, 0), (0, 2), (2, 2)]     # row by row
    # neighbours in N, E, S, W order: (0,0) sees (2,0) east and (0,2) south
    assert p.neighbours((0, 0)) == [(2, 0), (0, 2)]
    assert p.neighbours((2, 2)) == [(2, 0), (0, 2)]                 # north, then west
    # pairs row by row: the top row's, then those going down from it, ...
    assert p.pairs() == [((0, 0), (2, 0)), ((0, 0), (0, 2)), ((2, 0), (2, 2)), ((0, 2), (2, 2))]


def test_line_of_sight_stops_at_the_nearest_island():
    p = HashiPuzzle.from_text("5 1 3\n1 0 2 0 1\n")
    assert p.neighbours((0, 0)) == [(2, 0)]          # (4,0) is hidden behind (2,0)
    assert p.neighbours((2, 0)) == [(4, 0), (0, 0)]  # east first, then west


def test_real_has_file_and_text_round_trip(tmp_path):
    f = tmp_path / "sq.has"
    f.write_text(SQUARE)
    p = HashiPuzzle.from_has(f)
    assert p.name == "sq"
    assert HashiPuzzle.from_text(p.to_text()) == p


def test_json_round_trip(tmp_path):
    p = HashiPuzzle.from_text(SQUARE, name="Square")
    f = tmp_path / "sq.json"
    f.write_text(json.dumps(p.to_json()))
    q = HashiPuzzle.from_json(f)
    assert q == p and q.name == "Square"
    assert HashiPuzzle.load(f) == p
    assert p.to_json()["format"] == "hashi-puzzle/2"
    assert p.to_json()["islands"] == [[0, 0, 2], [2, 0, 3], [0, 2, 1], [2, 2, 2]]   # [x, y, number]


def test_first_format_files_are_read_by_swapping(tmp_path):
    # "hashi-puzzle" (the first format) wrote [row, col, number]: the 3 at row 0, col 2 is (x 2, y 0)
    old = {"format": "hashi-puzzle", "width": 3, "height": 3, "n": 4,
           "islands": [[0, 0, 2], [0, 2, 3], [2, 0, 1], [2, 2, 2]]}
    f = tmp_path / "old.json"
    f.write_text(json.dumps(old))
    assert HashiPuzzle.from_json(f) == HashiPuzzle.from_text(SQUARE)
    # a wide grid tells the axes apart: row 0, col 4 of a 5 x 2 grid is (x 4, y 0)
    wide = {"format": "hashi-puzzle", "width": 5, "height": 2, "islands": [[0, 4, 1], [1, 4, 1]]}
    assert HashiPuzzle.from_dict(wide).islands == {(4, 0): 1, (4, 1): 1}
    with pytest.raises(FileFormatError, match="outside the 5 x 2 grid"):   # [x, y] read as [row, col]
        HashiPuzzle.from_dict({**wide, "islands": [[4, 0, 1]]})
    assert HashiPuzzle.from_dict({**wide, "format": "hashi-puzzle/2", "islands": [[4, 0, 1], [4, 1, 1]]}) \
        == HashiPuzzle.from_dict(wide)


def test_a_shipped_puzzle_in_the_first_format_is_the_same_puzzle():
    # tests/hashi/data/01_easy_1.first-format.json is puzzles/hashi/01_easy_1.json as shipped
    # before the (x, y) files (`git show f816a9a:puzzles/hashi/01_easy_1.json`)
    import pathlib
    here = pathlib.Path(__file__).parent
    old_file, new_file = here / "data" / "01_easy_1.first-format.json", here.parents[1] / "puzzles" / "hashi" / "01_easy_1.json"
    old, new = json.loads(old_file.read_text()), json.loads(new_file.read_text())
    assert (old["format"], new["format"]) == ("hashi-puzzle", "hashi-puzzle/2")
    assert HashiPuzzle.from_json(old_file) == HashiPuzzle.from_json(new_file)
    # its first island is the 2 in the top row, second column: [row 0, col 1] before, [x 1, y 0] now
    assert old["islands"][0] == [0, 1, 2] and new["islands"][0] == [1, 0, 2]
    assert HashiPuzzle.from_json(new_file).islands[(1, 0)] == 2


def test_unknown_puzzle_format_is_one_line():
    with pytest.raises(FileFormatError, match="format 'hashi-puzzle/9' is not 'hashi-puzzle/2'"):
        HashiPuzzle.from_dict({"format": "hashi-puzzle/9", "width": 3, "height": 3, "islands": []}, "x.json")


@pytest.mark.parametrize("text, fault", [
    ("", "empty file"),
    ("3 3\n1 0 1\n", "line 1: expected the header 'W H N'"),
    ("3 2 2\n1 0 1\n", "the header says 2 rows but the grid has 1"),
    ("3 2 2\n1 0 1\n0 0\n", "line 3: row 1 has 2 numbers, the header says width 3"),
    ("3 1 2\n1 0 9\n", "line 2, column 2: bad cell '9'"),
    ("3 1 2\n1 x 1\n", "line 2, column 1: bad cell 'x'"),
    ("3 1 3\n1 0 1\n", "the header says 3 islands but the grid has 2"),
    ("0 1 0\n\n", "width and height must be positive"),
])
def test_bad_has_files_give_one_line_naming_file_and_fault(tmp_path, text, fault):
    f = tmp_path / "bad.has"
    f.write_text(text)
    with pytest.raises(FileFormatError) as e:
        HashiPuzzle.from_has(f)
    msg = str(e.value)
    assert msg.startswith(str(f) + ": ") and fault in msg and "\n" not in msg


def test_missing_has_file(tmp_path):
    with pytest.raises(FileFormatError, match="no such file"):
        HashiPuzzle.from_has(tmp_path / "nope.has")


@pytest.mark.parametrize("data, fault", [
    ([1, 2], "expected a JSON object"),
    ({"width": 3, "height": 3}, "missing key 'islands'"),
    ({"width": 3, "height": 3, "islands": [[0, 0]]}, "islands[0]: expected [row, col, number]"),
    ({"format": "hashi-puzzle/2", "width": 3, "height": 3, "islands": [[0, 0]]},
     "islands[0]: expected [x, y, number]"),
    ({"format": "hashi-puzzle/2", "width": 3, "height": 2, "islands": [[0, 2, 1]]},
     "(x 0, y 2) is outside the 3 x 2 grid"),
    ({"width": 3, "height": 3, "islands": [[5, 0, 1]]}, "outside the 3 x 3 grid"),
    ({"width": 3, "height": 3, "islands": [[0, 0, 0]]}, "number 0 is not 1-8"),
    ({"width": 3, "height": 3, "islands": [[0, 0, 1], [0, 0, 2]]}, "a second island"),
    ({"width": 3, "height": 3, "n": 3, "islands": [[0, 0, 1], [0, 2, 1]]}, "'n' says 3 islands"),
    ({"width": "3", "height": 3, "islands": []}, "positive integers"),
])
def test_bad_json_files(tmp_path, data, fault):
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(data))
    with pytest.raises(FileFormatError) as e:
        HashiPuzzle.from_json(f)
    assert str(e.value).startswith(str(f) + ": ") and fault in str(e.value)


def test_malformed_json_file(tmp_path):
    f = tmp_path / "bad.json"
    f.write_text("{")
    with pytest.raises(FileFormatError, match="malformed JSON"):
        HashiPuzzle.from_json(f)


def test_impossible_puzzles_are_refused_in_python():
    with pytest.raises(PuzzleError, match="outside"):
        HashiPuzzle(2, 2, {(3, 0): 1})
    with pytest.raises(PuzzleError, match="numbers are 1-8"):
        HashiPuzzle(2, 2, {(0, 0): 9})


def test_crosses_only_strictly_inside():
    # the one crossing test (board.lines_cross), as the puzzles use it: ends in any order
    assert lines_cross(((1, 0), (1, 4)), ((0, 2), (3, 2)))
    assert lines_cross(((1, 4), (1, 0)), ((3, 2), (0, 2)))
    assert not lines_cross(((1, 0), (1, 4)), ((1, 4), (3, 4)))     # shares an end
    assert not lines_cross(((1, 0), (1, 4)), ((2, 0), (2, 4)))     # parallel
    assert not lines_cross(((1, 0), (1, 2)), ((0, 3), (3, 3)))     # vertical beyond the end


def test_the_game_and_the_puzzles_share_one_crossing_rule_and_error():
    from skye_widgets.hashi import board, game, puzzle, solver
    assert game.CrossingBridgeError is puzzle.CrossingBridgeError is board.CrossingBridgeError
    assert issubclass(game.PairFullError, IllegalBridgeError) and issubclass(game.PairFullError, RulesError)
    # the solver's precomputed crossings are the one test's answers for every pair of edges
    plus = HashiPuzzle.from_text("3 3 4\n0 1 0\n1 0 1\n0 1 0\n")   # (0,1)-(2,1) crosses (1,0)-(1,2)
    m = solver._Model(plus)
    assert sum(len(c) for c in m.cross) == 2
    for e, pe in enumerate(m.pairs):
        for f, pf in enumerate(m.pairs):
            assert (f in m.cross[e]) == board.lines_cross(pe, pf)
    # and on every shipped expert puzzle (the solver writes the test out for speed)
    from pathlib import Path
    experts = sorted((Path(__file__).resolve().parents[2] / "puzzles" / "hashi").glob("*expert*.json"))
    assert experts
    for f in experts:
        m = solver._Model(HashiPuzzle.load(f))
        for e, pe in enumerate(m.pairs):
            for g, pg in enumerate(m.pairs):
                assert (g in m.cross[e]) == board.lines_cross(pe, pg)


# -- PuzzleState ----------------------------------------------------------------

def snapshot(s):
    return dict(s.bridges)


def test_add_cycle_remove():
    s = PuzzleState(HashiPuzzle.from_text(SQUARE))
    a, b = (0, 0), (2, 0)            # the 2 and the 3 of the top row
    assert s.cycle_bridge(a, b) == 1 and s.count(a, b) == 1
    assert s.cycle_bridge(b, a) == 2 and s.bridges == {pair(a, b): 2}
    assert s.cycle_bridge(a, b) == 0 and s.bridges == {}
    s.add_bridge(a, b)
    s.remove_bridge(b, a)
    assert s.bridges == {}


@pytest.mark.parametrize("setup, move, error", [
    ([], ((0, 0), (2, 2)), NotNeighboursError),          # diagonal: not in line of sight
    ([], ((0, 0), (1, 1)), NotNeighboursError),          # (1,1) is water
    ([((2, 0), (2, 2))] * 2, ((2, 0), (2, 2)), TooManyBridgesError),
    ([((0, 2), (0, 0))], ((0, 2), (2, 2)), OverNumberError),  # the 1 at (0,2) already has its bridge
    ([], ((0, 0), (2, 0)), None),
])
def test_illegal_bridges_raise_and_change_nothing(setup, move, error):
    s = PuzzleState(HashiPuzzle.from_text(SQUARE))
    for a, b in setup:
        s.add_bridge(a, b)
    before = snapshot(s)
    if error is None:
        s.add_bridge(*move)
        return
    with pytest.raises(error) as e:
        s.add_bridge(*move)
    assert isinstance(e.value, IllegalBridgeError) and isinstance(e.value, RulesError)
    assert isinstance(e.value, ValueError)
    assert snapshot(s) == before


def test_crossing_is_rejected_with_a_reason_and_no_change():
    s = PuzzleState(HashiPuzzle.from_text(PLUS))
    s.add_bridge((0, 1), (2, 1))
    before = snapshot(s)
    with pytest.raises(CrossingBridgeError, match="would cross the bridge from"):
        s.cycle_bridge((1, 0), (1, 2))
    assert snapshot(s) == before


def test_remove_missing_bridge():
    s = PuzzleState(HashiPuzzle.from_text(SQUARE))
    with pytest.raises(NoBridgeError):
        s.remove_bridge((0, 0), (0, 2))


def test_problems_and_solved():
    # SQUARE by hand: the 1 at (0,2) has neighbours (0,0) and (2,2). Try 1 to (0,0):
    # then (0,0)=2 needs 1 more, only from (2,0); (2,0)=3 needs 2 more, only from
    # (2,2) -> (2,2)=2 done; all connected. Solution: (0,0)-(2,0):1, (0,0)-(0,2):1, (2,0)-(2,2):2.
    s = PuzzleState(HashiPuzzle.from_text(SQUARE))
    assert not s.is_solved()
    probs = s.problems()
    assert "the 2 at (x 0, y 0) has 0 bridges" in probs
    s.add_bridge((0, 0), (2, 0))
    s.add_bridge((0, 0), (0, 2))
    s.add_bridge((2, 0), (2, 2))
    assert s.problems() == ["the 3 at (x 2, y 0) has 2 bridges", "the 2 at (x 2, y 2) has 1 bridge"]
    s.add_bridge((2, 0), (2, 2))
    assert s.problems() == [] and s.is_solved()
    assert s.bridge_list() == [(0, 0, 0, 2, 1), (0, 0, 2, 0, 1), (2, 0, 2, 2, 2)]   # (x1, y1, x2, y2, count)


def test_state_from_bridges_checks_them():
    p = HashiPuzzle.from_text(PLUS)
    with pytest.raises(CrossingBridgeError):
        PuzzleState(p, {pair((0, 1), (2, 1)): 1, pair((1, 0), (1, 2)): 1})


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 6), st.integers(0, 5)), max_size=20))
def test_random_clicks_never_break_the_rules(clicks):
    """Whatever is clicked, the state never holds a crossing, a third bridge or an over-full island."""
    p = HashiPuzzle.from_text("5 5 7\n0 2 0 0 0\n2 0 0 0 3\n0 2 0 1 0\n0 0 0 0 0\n1 0 0 2 0\n")
    s = PuzzleState(p)
    cells = sorted(p.islands)
    for i, j in clicks:
        a, b = cells[i % len(cells)], cells[(i + j + 1) % len(cells)]
        before = snapshot(s)
        try:
            s.cycle_bridge(a, b)
        except IllegalBridgeError:
            assert snapshot(s) == before
    for key, k in s.bridges.items():
        assert k in (1, 2)
    for c, need in p.islands.items():
        assert s.degree(c) <= need
    live = [sorted(k) for k in s.bridges]
    assert not any(lines_cross(x, y) for x in live for y in live if x != y)


def test_static_svg_of_puzzle_and_state():
    p = HashiPuzzle.from_text(SQUARE)
    s = PuzzleState(p)
    s.add_bridge((0, 0), (0, 2))
    assert p._repr_svg_().startswith("<svg") and s._repr_svg_().startswith("<svg")
    assert s._repr_svg_() != p._repr_svg_()   # the bridge is drawn
