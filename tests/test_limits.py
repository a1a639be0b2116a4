"""The size bounds of skye_widgets.limits, at each loader: just inside is read, just outside is one line."""

from __future__ import annotations

import json
import os

import pytest

from skye_widgets import limits
from skye_widgets.errors import FileFormatError, read_json, read_text
from skye_widgets.hashi.board import Board, load_board
from skye_widgets.hashi.puzzle import HashiPuzzle
from skye_widgets.skye.files import load_players
from skye_widgets.skye.puzzles import load_problem
from skye_widgets.skye.saves import load_game


def one_line(e: pytest.ExceptionInfo[FileFormatError], path: os.PathLike[str] | str) -> str:
    msg = str(e.value)
    assert msg.startswith(f"{path}: ") and "\n" not in msg
    return msg[len(str(path)) + 2:]


def test_json_depth_counts_arrays_and_objects():
    assert limits.json_depth(3) == 0
    assert limits.json_depth([]) == 1
    assert limits.json_depth({"a": [1, {"b": []}]}) == 4     # object > list > object > list
    deep: list = []
    for _ in range(100_000):                                   # no recursion, so no RecursionError
        deep = [deep]
    assert limits.json_depth(deep) == 100_001


def test_short_quotes_any_value_in_one_short_line():
    assert limits.short("abc") == "'abc'"
    assert len(limits.short("x" * 10**6)) <= 2 * limits.MAX_SHOWN
    assert "\n" not in limits.short({"a": "b\nc"})


def test_file_size_bound(tmp_path):
    ok, big = tmp_path / "ok.json", tmp_path / "big.json"
    ok.write_bytes(b" " * (limits.MAX_FILE_BYTES - 2) + b"[]")
    big.write_bytes(b" " * (limits.MAX_FILE_BYTES - 1) + b"[]")     # one byte over
    assert read_json(ok) == []
    with pytest.raises(FileFormatError) as e:
        read_text(big)
    assert one_line(e, big) == "larger than 10 MB (no file of this program is that big)"


def test_json_depth_bound(tmp_path):
    at, over = tmp_path / "at.json", tmp_path / "over.json"
    at.write_text("[" * 20 + "]" * 20)
    over.write_text("[" * 21 + "]" * 21)
    assert read_json(at) is not None
    with pytest.raises(FileFormatError) as e:
        read_json(over)
    assert one_line(e, over) == "JSON nested more than 20 levels deep"


@pytest.mark.parametrize("cell", ["²", "⑨", "--1", "３", "9" * 5000, "1234567890"])
def test_has_cells_that_look_numeric(tmp_path, cell):
    f = tmp_path / "p.has"
    f.write_text(f"3 1 2\n1 {cell} 1\n", encoding="utf-8")
    with pytest.raises(FileFormatError) as e:
        HashiPuzzle.load(f)
    assert one_line(e, f).startswith("line 2, column 1: bad cell ")


def test_has_and_json_puzzle_sides(tmp_path):
    has = tmp_path / "p.has"
    has.write_text("999999999 1 2\n1 0 1\n")
    with pytest.raises(FileFormatError) as e:
        HashiPuzzle.load(has)
    assert one_line(e, has) == "line 1: width and height must be positive and at most 100, got 999999999 x 1"
    js = tmp_path / "p.json"
    js.write_text(json.dumps({"width": 10**9, "height": 3, "islands": [[0, 0, 1], [0, 2, 1]]}))
    with pytest.raises(FileFormatError) as e:
        HashiPuzzle.load(js)
    assert one_line(e, js) == "width and height must be positive integers of at most 100, got 1000000000 x 3"
    js.write_text(json.dumps({"format": "hashi-puzzle/2", "width": 100, "height": 1,
                              "islands": [[0, 0, 1], [99, 0, 1]]}))     # [x, y, number]
    assert HashiPuzzle.load(js).neighbours((0, 0)) == [(99, 0)]       # 100 is still allowed


def test_board_line_over_a_huge_grid_is_refused_at_once(tmp_path):
    d = load_board("skerries-a").to_dict()
    d.update(width=10**12, height=8, standard=False)
    d["islands"] += [{"at": [7, 0]}, {"at": [7, 10**12 - 1]}]
    d["lines"].append([[7, 0], [7, 10**12 - 1]])
    f = tmp_path / "b.json"
    f.write_text(json.dumps(d))
    with pytest.raises(FileFormatError) as e:
        Board.load(f)
    assert one_line(e, f) == "grid size 1000000000000x8: width and height are 1-100"


def _territory(tmp_path, name: str):
    f = tmp_path / "t.json"
    f.write_text(json.dumps({"players": [{"name": name, "gold": 5,
                                          "tiles": [{"tile": "castle-red", "x": 0, "y": 0, "rotation": 0}]}]}))
    return f


def test_territory_name_length(tmp_path):
    assert load_players(_territory(tmp_path, "N" * 40))[0].name == "N" * 40
    f = _territory(tmp_path, "N" * 41)
    with pytest.raises(FileFormatError) as e:
        load_players(f)
    assert one_line(e, f) == "players[0].name: 41 characters long; a name has at most 40"


def test_territory_coordinates(tmp_path):
    f = tmp_path / "t.json"
    f.write_text(json.dumps({"players": [{"tiles": [{"tile": "castle-red", "x": 1001, "y": 0, "rotation": 0}]}]}))
    with pytest.raises(FileFormatError) as e:
        load_players(f)
    assert one_line(e, f) == "players[0].tiles[0]: x = 1001 is not a whole number from -1000 to 1000"


def test_puzzle_hand_beyond_the_solver_is_refused_on_load(tmp_path):
    d = json.loads(open("puzzles/skye/d1-sheep.json", encoding="utf-8").read())
    free = [n for n in range(1, 74) if n not in d["hand"]
            and all(str(e["tile"]) != str(n) for e in d["territory"])]
    d["hand"] = d["hand"] + free[:6 - len(d["hand"])]
    assert len(d["hand"]) == 6
    f = tmp_path / "p.json"
    f.write_text(json.dumps(d))
    with pytest.raises(FileFormatError) as e:
        load_problem(f)
    assert one_line(e, f) == "hand: 6 tiles, more than the 5 the solver promises to solve (larger hands take minutes)"


def test_skye_save_names(tmp_path):
    from skye_widgets.skye.game import GameConfig, GameState
    from skye_widgets.skye.saves import game_to_dict
    d = game_to_dict(GameState(GameConfig(players=2, seed=1, names=("A" * 40, "B"))))
    f = tmp_path / "g.json"
    f.write_text(json.dumps(d))
    assert load_game(f)[1].config.player_names[0] == "A" * 40
    d["config"]["names"][0] = "A" * 41
    f.write_text(json.dumps(d))
    with pytest.raises(FileFormatError) as e:
        load_game(f)
    assert one_line(e, f) == "config: names: a name has at most 40 characters"


def test_games_refuse_names_their_saves_could_not_load():
    from skye_widgets.errors import RulesError
    from skye_widgets.hashi.game import HashiGame
    from skye_widgets.skye.game import GameConfig
    from skye_widgets.skylands.game import GameState as SkylandsGame
    with pytest.raises(RulesError, match="A player.s name has at most 40 characters"):
        GameConfig(players=2, names=("A" * 41, "B"))
    with pytest.raises(RulesError, match="A player.s name has at most 40 characters"):
        HashiGame(load_board("skerries-a"), ["A" * 41])
    with pytest.raises(ValueError, match="A player.s name has at most 40 characters"):
        SkylandsGame(["A" * 41, "B"])
    assert SkylandsGame(["A" * 40, "B"]).names[0] == "A" * 40
