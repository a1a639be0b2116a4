"""Puzzle files: a hand-made puzzle solved by hand, and every schema fault naming file + field."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from skye_widgets.errors import FileFormatError
from skye_widgets.skye.puzzles import (Objective, default_folder, evaluate, load_problem, load_puzzle,
                                       objective_from_dict, puzzle_files, save_puzzle)
from skye_widgets.skye.solver import check_file, solve
from skye_widgets.skye.territory import Territory

# castle-blue: N pasture, E water, S pasture, W mountain (one-side areas, road N-S-W).
# Tile 19 "PMPP": its only mountain is the E side. Tile 29 "PWPP": no mountain at all.
# Objective: scoring tile 16, 2 VP per completed mountain area.
# By hand: the castle's mountain area (its W side) is completed only by a tile on (-1, 0)
# showing mountain east and nothing else open in that area: tile 19 at rotation 0
# (printed E faces E). Then the area = castle W + 19 E, no open side: 1 area x 2 VP = 2.
# Tile 29 has no mountain side, so it can never touch (or close) a mountain area, and
# tile 19 anywhere else leaves its mountain side open. Optimum = 2.
TINY = {
    "format": "skye-widgets/isle-of-skye-puzzle",
    "version": 2,
    "id": "tiny-mountain",
    "title": "Close the castle's mountain",
    "difficulty": 1,
    "teaches": ["scoring tiles", "completion"],
    "territory": [{"tile": "castle-blue", "x": 0, "y": 0, "rotation": 0}],
    "hand": [19, 29],
    "objective": {"scoring_tiles": [16], "scrolls": False, "income": False},
    "optimum": 2,
    "solution": [{"tile": 19, "x": -1, "y": 0, "rotation": 0},
                 {"tile": 29, "x": 0, "y": -1, "rotation": 0}],
    "hints": ["A mountain area scores once it is closed.", "Tile 19 has one mountain edge."],
}


def write(tmp_path: Path, data: object, name: str = "p.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data) if not isinstance(data, str) else data, encoding="utf-8")
    return path


def test_tiny_puzzle_loads_and_scores_the_hand_computed_optimum(tmp_path: Path) -> None:
    p = load_puzzle(write(tmp_path, TINY))
    assert p.optimum == 2 and p.hand == (19, 29)
    res = p.score(p.solved_territory())
    assert res.points == 2
    assert [i.reason for i in res.breakdown] == ["tile 16 (Completed mountain areas): completed mountain area of 2 tiles"]


def test_tiny_puzzle_solver_agrees_with_the_hand_computation(tmp_path: Path) -> None:
    p = load_puzzle(write(tmp_path, TINY))
    sol = solve(p.start(), p.hand, p.objective)
    assert sol.optimum == 2
    assert sol.moves[0].tile == 19 or sol.moves[1].tile == 19
    assert any((m.tile, m.x, m.y, m.rotation) == (19, -1, 0, 0) for m in sol.moves)
    # optimal finals = tile 19 on (-1, 0) r0 plus tile 29 on any spot legal next to them
    # (29 "PWPP" has no symmetric rotation, so every (x, y, r) is a different territory)
    t = Territory("castle-blue")
    t.place(19, -1, 0, 0)
    assert sol.optimal_territories == len(t.legal_placements(29))
    assert check_file(write(tmp_path, TINY)).id == "tiny-mountain"


def test_round_trip(tmp_path: Path) -> None:
    p = load_puzzle(write(tmp_path, TINY))
    out = tmp_path / "again.json"
    save_puzzle(p, out)
    assert load_puzzle(out) == p
    assert json.loads(out.read_text())["solution"] == TINY["solution"]
    assert list(json.loads(out.read_text()))[:2] == ["format", "version"]
    assert json.loads(out.read_text())["version"] == 2


def bad(**changes: object) -> dict:
    d = copy.deepcopy(TINY)
    for k, v in changes.items():
        if v is None:
            del d[k]
        else:
            d[k] = v
    return d


@pytest.mark.parametrize("data, field", [
    (bad(hints=None), "hints: missing"),
    (bad(difficulty=7), "difficulty: 7 is not 1-5"),
    (bad(teaches=["knitting"]), "teaches:"),
    (bad(hints=["a", "b", "c", "d"]), "hints:"),
    (bad(title=""), "title:"),
    (bad(hand=[19, 99]), "hand: 99 is not a landscape tile"),
    (bad(hand=[19, 19]), "hand: a tile is listed twice"),
    (bad(territory=[{"tile": "castle-blue", "x": 0, "y": 0, "rotation": 0},
                    {"tile": 12, "x": 5, "y": 5, "rotation": 0}]), "territory: tiles[1]: Tile 12 at (5, 5) would share no side"),
    (bad(territory=[{"tile": "castle-blue", "x": 0, "y": 0, "rotation": 0},
                    {"tile": 74, "x": 1, "y": 0, "rotation": 0}]), "territory: tiles[1]: There is no tile 74"),
    (bad(hand=[19, 29], territory=[{"tile": "castle-blue", "x": 0, "y": 0, "rotation": 0},
                                   {"tile": 29, "x": 0, "y": -1, "rotation": 0}]), "hand: tile 29 is already in the territory"),
    (bad(objective={"scoring_tiles": [17]}), "objective.scoring_tiles: 17 is not a scoring tile"),
    (bad(objective={"scoring_tiles": [8]}), "objective.opponents: scoring tile 8 is a majority"),
    (bad(objective={"scoring_tiles": []}), "objective.scoring_tiles: the objective scores nothing"),
    (bad(optimum=3), "optimum: stated 3 but the solution scores 2"),
    (bad(solution=[{"tile": 19, "x": 1, "y": 0, "rotation": 0}, {"tile": 29, "x": 0, "y": -1, "rotation": 0}]),
     "solution[0]: Tile 19 cannot go at (1, 0) with rotation 0: its"),
    (bad(solution=[{"tile": 19, "x": -1, "y": 0, "rotation": 0}]), "solution: must use every tile of the hand"),
    (bad(solution=[{"tile": 19, "x": -1, "y": 0, "rotation": 0}, {"tile": 29, "returned": True}]),
     "solution: tile 29 is returned but fits"),
    (bad(solution=[{"tile": 19, "x": -1, "y": 0}, {"tile": 29, "x": 0, "y": -1, "rotation": 0}]),
     "solution[0]: rotation missing"),
])
def test_schema_faults_name_the_file_and_the_field(tmp_path: Path, data: dict, field: str) -> None:
    path = write(tmp_path, data)
    with pytest.raises(FileFormatError) as e:
        load_puzzle(path)
    assert str(e.value).startswith(f"{path}: {field}")


def test_malformed_json_names_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, '{"id": ')
    with pytest.raises(FileFormatError, match=r"p\.json: malformed JSON at line 1"):
        load_puzzle(path)


def test_not_the_best_optimum_is_caught_by_the_full_check(tmp_path: Path) -> None:
    # a legal solution scoring 0 (tile 19 north of the castle, its mountain edge open) stated
    # as the optimum: it loads (it is consistent) but the re-solve finds 2
    data = bad(optimum=0, solution=[{"tile": 19, "x": 0, "y": -1, "rotation": 0},
                                    {"tile": 29, "x": 0, "y": 1, "rotation": 0}])
    path = write(tmp_path, data)
    assert load_puzzle(path).optimum == 0
    with pytest.raises(FileFormatError, match=r"p\.json: optimum: stated 0 but the best possible is 2"):
        check_file(path)


def test_load_problem_needs_only_territory_hand_objective(tmp_path: Path) -> None:
    d = {k: TINY[k] for k in ("territory", "hand", "objective")}
    t, hand, obj = load_problem(write(tmp_path, d))
    assert len(t) == 1 and hand == [19, 29] and obj.scoring_tiles == (16,)
    with pytest.raises(FileFormatError, match="hand: missing"):
        load_problem(write(tmp_path, {"territory": TINY["territory"], "objective": TINY["objective"]}))


def test_objective_majority_against_a_fixed_opponent() -> None:
    # tile 8, ship majority. The castle alone has 0 ships; opponents 2 and 0:
    # nobody else has >= 1 except the first opponent, so we get 0 (not even second: 0 ships).
    obj = objective_from_dict({"scoring_tiles": [8], "opponents": [{"ships": 2}, {"ships": 0}]})
    res = evaluate(obj, Territory("castle-blue"))
    assert res.points == 0
    assert res.breakdown[0].reason == "tile 8 (Ship majority): not enough ships: you 0, opponents 2, 0"


def test_objective_gold_majority_counts_income() -> None:
    # tile 10 compares gold + income: castle alone brings 5, so gold 1 + 5 = 6 vs 6 and 2:
    # a shared first place = 5 VP each (majority_points gives 5 to all tied firsts).
    obj = Objective((10,), opponents=({"gold": 6}, {"gold": 2}), gold=1)
    res = evaluate(obj, Territory("castle-blue"))
    assert res.points == 5
    assert "you 6" in res.breakdown[0].reason


def test_objective_income_and_scrolls_items() -> None:
    obj = Objective((), scrolls=True, income=True)
    res = evaluate(obj, Territory("castle-blue"))
    # no scroll in the territory (0) + income: the castle's 5 gold
    assert res.points == 5
    assert [i.reason for i in res.breakdown] == ["scrolls: no scroll in the territory", "income: castle"]


# ---------------------------------------------------------------- versions: old numbers are renumbered

def old_problem(tiles: list[int], **extra: object) -> dict:
    """A puzzle as the first files were written: no format, no version, the old numbers."""
    return {"territory": TINY["territory"], "hand": TINY["hand"],
            "objective": {"scoring_tiles": tiles, "scrolls": False, "income": False, **extra}}


@pytest.mark.parametrize("version", [None, 1])
def test_an_old_file_is_read_with_the_old_numbers(tmp_path: Path, version: int | None) -> None:
    # before the renumbering 9 was gold majority, 10 animals at farms, 13 vertical lines, 14 tiles on road
    ver = {} if version is None else {"version": version}
    _, _, obj = load_problem(write(tmp_path, {**old_problem([10, 13, 14, 3]), **ver}))
    assert obj.scoring_tiles == (9, 14, 13, 3)
    # old 9 with gold opponents is the gold majority, 10 now: valid only once renumbered
    _, _, obj = load_problem(write(tmp_path, {**old_problem([9], opponents=[{"gold": 3}]), **ver}))
    assert obj.scoring_tiles == (10,) and obj.majorities == (10,)


def test_a_version_2_file_keeps_its_numbers(tmp_path: Path) -> None:
    _, _, obj = load_problem(write(tmp_path, {**old_problem([9, 13]), "version": 2}))
    assert obj.scoring_tiles == (9, 13)
    with pytest.raises(FileFormatError, match="opponents: given but no majority scoring tile"):
        load_problem(write(tmp_path, {**old_problem([9], opponents=[{"gold": 3}]), "version": 2}))


def test_every_shipped_puzzle_read_in_its_old_form_is_the_same_puzzle(tmp_path: Path) -> None:
    # the files as they were before the renumbering: no format or version, 9/10 and 13/14 swapped
    old = {9: 10, 10: 9, 13: 14, 14: 13}
    for f in puzzle_files():
        d = json.loads(Path(f).read_text())
        assert (d["format"], d["version"]) == ("skye-widgets/isle-of-skye-puzzle", 2)
        del d["format"], d["version"]
        d["objective"]["scoring_tiles"] = [old.get(n, n) for n in d["objective"]["scoring_tiles"]]
        path = write(tmp_path, d)
        assert load_puzzle(path) == load_puzzle(f)
        save_puzzle(load_puzzle(path), path)          # written again: version 2, new numbers
        assert json.loads(path.read_text()) == json.loads(Path(f).read_text())
    # by hand: the gold puzzle (old tile 9) is about gold now numbered 10
    gold = load_puzzle(default_folder() + "/d1-gold-majority.json")
    assert gold.objective.scoring_tiles == (10,) and gold.optimum == 5


@pytest.mark.parametrize("change, fault", [
    ({"version": 3}, "version: 3 is not a puzzle file version this program reads (1 or 2)"),
    ({"version": "2"}, "version: '2' is not a puzzle file version"),
    ({"version": True}, "version: True is not a puzzle file version"),
    ({"version": [2]}, "version: [2] is not a puzzle file version"),
    ({"format": "hashi-puzzle"}, "format: 'hashi-puzzle' is not an Isle of Skye puzzle"),
])
def test_an_unknown_format_or_version_is_one_line(tmp_path: Path, change: dict, fault: str) -> None:
    path = write(tmp_path, {**TINY, **change})
    for load in (load_puzzle, load_problem):
        with pytest.raises(FileFormatError) as e:
            load(path)
        assert str(e.value) == f"{path}: {fault}" or str(e.value).startswith(f"{path}: {fault}")
