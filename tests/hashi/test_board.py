"""Board files: the shipped boards, the format, and one clear error per fault."""

from __future__ import annotations

import pytest

from skye_widgets.errors import FileFormatError
from skye_widgets.hashi.board import (Board, board_names, lines_cross, load_board, make_line,
                                      sight_lines)


def small(islands, lines, **kw):
    """A board file dict (not the standard 18-island structure unless asked)."""
    d = {"format": "hashi-board/2", "name": "t", "side": "A", "width": 5, "height": 5,
         "standard": False, "islands": [{"at": list(c), **({"flag": f} if f else {})} for c, f in islands],
         "lines": [[list(a), list(b)] for a, b in lines]}
    d.update(kw)
    return d


# A plus-shaped board (x, y): N (2,0), S (2,4), W (0,2), E (4,2); N-S and W-E cross at (2,2).
PLUS = [((2, 0), None), ((2, 4), None), ((0, 2), "red"), ((4, 2), "blue")]
PLUS_LINES = [((2, 0), (2, 4)), ((0, 2), (4, 2))]


@pytest.mark.parametrize("name", ["skerries-a", "skerries-b"])
def test_shipped_boards_have_the_published_structure(name):
    b = load_board(name)
    assert (len(b.islands), len(b.red), len(b.blue)) == (18, 4, 3)
    assert b.side == name[-1].upper()
    # every island has a line; every line is straight
    for c in b.cells:
        assert b.neighbours(c)
    for (r1, c1), (r2, c2) in b.lines:
        assert r1 == r2 or c1 == c2


def test_board_names_lists_both_sides():
    assert {"skerries-a", "skerries-b"} <= set(board_names())


def test_side_b_is_sparser_and_more_crossed_than_side_a():
    a, b = load_board("skerries-a"), load_board("skerries-b")
    crossings = lambda board: sum(len(board.crossings(*l)) for l in board.lines) // 2
    # counted by hand from the two pictures in docs/hashi.md: A has 26 lines and 3 crossings,
    # B 22 lines and 9 crossings
    assert (len(a.lines), crossings(a)) == (26, 3)
    assert (len(b.lines), crossings(b)) == (22, 9)


def test_round_trip_through_dict_and_file(tmp_path):
    b = load_board("skerries-b")
    assert Board.from_dict(b.to_dict()) == b
    path = tmp_path / "b.json"
    b.save(path)
    assert Board.load(path) == b
    assert load_board(str(path)) == b


def test_neighbours_and_crossings_of_the_plus_board():
    b = Board.from_dict(small(PLUS, PLUS_LINES))
    assert b.neighbours((2, 0)) == ((2, 4),)
    assert b.crossings((2, 0), (2, 4)) == (((0, 2), (4, 2)),)
    assert b.has_line((2, 4), (2, 0)) and not b.has_line((2, 0), (0, 2))
    assert b.flag((0, 2)) == "red" and b.flag((2, 0)) is None


def test_geometry_helpers():
    assert make_line((1, 3), (1, 1)) == ((1, 1), (1, 3))
    assert lines_cross(((2, 0), (2, 4)), ((0, 2), (4, 2)))
    assert not lines_cross(((0, 0), (4, 0)), ((4, 0), (4, 3)))  # meet at an island only
    assert not lines_cross(((0, 0), (4, 0)), ((0, 1), (4, 1)))  # parallel
    # four islands on the corners of a square: four sides, no diagonals
    assert len(sight_lines([(0, 0), (3, 0), (0, 3), (3, 3)], 4, 4)) == 4


def standard_dict():
    return load_board("skerries-a").to_dict()


def fault(data, path="board.json"):
    with pytest.raises(FileFormatError) as e:
        Board.from_dict(data, path)
    msg = str(e.value)
    assert msg.startswith(f"{path}: ") and "\n" not in msg
    return msg


def test_bad_format_and_missing_keys():
    assert "'format' must be" in fault({"format": "x"})
    d = standard_dict(); del d["lines"]
    assert "missing key 'lines'" in fault(d)
    assert "one JSON object" in fault([1, 2])


def test_island_outside_the_grid():
    d = standard_dict(); d["islands"][0]["at"] = [0, 7]
    assert "island (0, 7) is outside the 8x7 grid" in fault(d)


def test_bad_cell_value():
    d = standard_dict(); d["islands"][2]["at"] = [1, "x"]
    assert "island 3: a cell is [x, y]" in fault(d)


def test_two_islands_on_one_cell():
    d = small([((0, 0), None), ((0, 0), None)], [])
    assert "two islands at (0, 0)" in fault(d)


def test_flag_counts():
    d = standard_dict(); d["islands"].pop()  # 17 islands
    assert "17 islands; a board side has 18" in fault(d)
    d = standard_dict()
    first_plain = next(i for i in d["islands"] if "flag" not in i)
    first_plain["flag"] = "red"
    assert "5 red-flag islands; a board side has 4" in fault(d)
    d = standard_dict()
    next(i for i in d["islands"] if i.get("flag") == "blue").pop("flag")
    assert "2 blue-flag islands; a board side has 3" in fault(d)
    d = standard_dict(); d["islands"][0]["flag"] = "green"
    assert "flag 'green'" in fault(d)


def test_line_faults():
    # diagonal
    assert "is diagonal" in fault(small([((0, 0), None), ((1, 1), None)], [((0, 0), (1, 1))]))
    # to a cell without an island
    assert "(3, 0), which is not an island" in fault(small(PLUS, PLUS_LINES + [((2, 0), (3, 0))]))
    # through an island: (0,0)-(4,0) passes (2,0)
    isl = [((0, 0), None), ((2, 0), None), ((4, 0), None)]
    assert "runs through the island at (2, 0)" in fault(small(isl, [((0, 0), (4, 0)), ((0, 0), (2, 0))]))
    # listed twice (in either direction)
    assert "listed twice" in fault(small(PLUS, PLUS_LINES + [((2, 4), (2, 0))]))
    # joining an island to itself
    assert "to itself" in fault(small(PLUS, [((2, 0), (2, 0))]))


def test_overlapping_lines_are_caught_as_running_through_an_island():
    # (0,0)-(3,0) and (1,0)-(4,0) share the stretch (1,0)-(3,0); one end of each lies inside the other
    isl = [((0, 0), None), ((1, 0), None), ((3, 0), None), ((4, 0), None)]
    msg = fault(small(isl, [((0, 0), (3, 0)), ((1, 0), (4, 0))]))
    assert "runs through the island at (1, 0)" in msg


def test_island_without_any_line():
    msg = fault(small(PLUS + [((4, 4), None)], PLUS_LINES))
    assert "island (4, 4) has no dotted line" in msg


def test_crossing_lines_are_allowed_on_a_board():
    # the rules forbid crossing *bridges*; dotted lines may cross (side B has nine crossings)
    assert Board.from_dict(small(PLUS, PLUS_LINES)).crossings((0, 2), (4, 2))


def test_load_errors_name_the_file(tmp_path):
    p = tmp_path / "broken.json"
    p.write_text("{", encoding="utf-8")
    with pytest.raises(FileFormatError, match="broken.json: malformed JSON"):
        load_board(str(p))
    with pytest.raises(FileFormatError, match="no such file"):
        load_board(str(tmp_path / "nope.json"))


def test_the_first_format_stored_row_col_and_is_read_by_swapping():
    # hashi-board/1 wrote cells [row, col]; the same board in both formats is the same board
    new = standard_dict()
    old = dict(new, format="hashi-board/1",
               islands=[dict(i, at=i["at"][::-1]) for i in new["islands"]],
               lines=[[a[::-1], b[::-1]] for a, b in new["lines"]])
    assert Board.from_dict(old) == Board.from_dict(new) == load_board("skerries-a")
    assert new["format"] == "hashi-board/2" and {"at": [2, 0]} in new["islands"]   # x 2, y 0
    # a cell (x, y) is x columns east and y rows south of the top left
    b = load_board("skerries-a")
    assert max(x for x, _ in b.cells) == b.width - 1 and max(y for _, y in b.cells) == b.height - 1
