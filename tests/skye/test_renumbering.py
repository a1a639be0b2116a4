"""Scoring tiles numbered as the rulebook's printed list, and files written before that.

All three rulebooks (pt, fr, pl) list the scoring tiles in the same order; the
project numbers them 1-16 in that order. Before, 9 and 10 (animals at farms,
gold majority) and 13 and 14 (tiles on road, vertical lines) were the other way
round. The files in ``data/old_*`` were written by that version of the program.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skye_widgets.cli import main
from skye_widgets.errors import FileFormatError
from skye_widgets.skye.files import load_players, save_players
from skye_widgets.skye.game import GameConfig, GameState
from skye_widgets.skye.puzzles import load_puzzle, save_puzzle
from skye_widgets.skye.saves import game_to_dict, load_game, save_game
from skye_widgets.skye.scoring import SCORING_TILES, tile_label

DATA = Path(__file__).parent / "data"
PUZZLES = Path(__file__).parents[2] / "puzzles" / "skye"


def test_the_printed_order():
    assert [SCORING_TILES[n].name for n in range(1, 17)] == [
        "Squares", "Completed areas", "Sheep", "Large completed areas", "Brochs per mountain area",
        "Broch, farm and lighthouse", "Whisky majority", "Ship majority", "Animals at farms", "Gold majority",
        "Cattle on the road", "Harbours", "Tiles on the road", "Vertical lines",
        "Largest completed water area", "Completed mountain areas"]


# ---------------------------------------------------------------- saves

def test_an_old_save_replays_the_same_game_with_the_new_numbers(tmp_path):
    # written by the old program: play --players 2 --bots greedy,planner --seed 5 --scoring 9,10,13,14
    # (old numbers: gold majority, animals at farms, vertical lines, tiles on road); it printed
    # vp [73, 83], gold [10, 37]; loading checks the replay reaches that saved state
    old = json.loads((DATA / "old_v1_game.json").read_text())
    assert old["version"] == 1 and old["config"]["scoring"] == {"A": 9, "B": 10, "C": 13, "D": 14}
    saved, g = load_game(DATA / "old_v1_game.json")
    assert saved.config.scoring == (10, 9, 14, 13)
    assert [SCORING_TILES[n].name for n in saved.config.scoring] == [
        "Gold majority", "Animals at farms", "Vertical lines", "Tiles on the road"]
    assert g.is_over() and g.vp == [73, 83] and g.gold == [10, 37]
    # written again: version 2, the new numbers, and it loads back to the same game
    path = tmp_path / "again.json"
    save_game(path, g, saved.bots)
    new = json.loads(path.read_text())
    assert new["version"] == 2 and new["config"]["scoring"] == {"A": 10, "B": 9, "C": 14, "D": 13}
    assert new["actions"] == old["actions"] and new["state"] == old["state"]
    assert load_game(path)[1].vp == [73, 83]


def test_replay_of_an_old_save_names_the_tiles(capsys):
    assert main(["replay", str(DATA / "old_v1_game.json"), "--log"]) == 0
    out = capsys.readouterr().out
    assert "Scoring tiles: A=10 (Gold majority), B=9 (Animals at farms), C=14 (Vertical lines), " \
           "D=13 (Tiles on the road)" in out


def test_a_save_round_trips_with_version_2(tmp_path):
    g = GameState(GameConfig(players=2, seed=3, scoring=(9, 10, 13, 14)))
    d = game_to_dict(g)
    assert d["version"] == 2 and d["config"]["scoring"] == {"A": 9, "B": 10, "C": 13, "D": 14}


@pytest.mark.parametrize("version", [3, 0, "2", True, 1.0, None, [1]])
def test_an_unknown_save_version_is_one_line(capsys, tmp_path, version):
    d = game_to_dict(GameState(GameConfig(players=2, seed=3)))
    d["version"] = version
    path = tmp_path / "v.json"
    path.write_text(json.dumps(d))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(path) in err and "unsupported save version" in err \
        and "reads 1 and 2" in err


def test_a_seed_draws_the_same_tiles_as_before():
    # the old program drew (10, 1, 7, 8) for 3 players, seed 7: old 10 was animals at farms, now 9
    assert GameConfig(players=3, seed=7).resolved().scoring == (9, 1, 7, 8)


# ---------------------------------------------------------------- puzzle files

@pytest.mark.parametrize("old, new, number", [
    ("old_puzzle_gold_majority.json", "d1-gold-majority.json", 10),
    ("old_puzzle_vertical_lines.json", "d5-vertical-lines.json", 14),
])
def test_an_old_puzzle_file_is_the_shipped_puzzle(tmp_path, old, new, number):
    d = json.loads((DATA / old).read_text())
    assert "version" not in d and d["objective"]["scoring_tiles"] == [{10: 9, 14: 13}[number]]
    p = load_puzzle(DATA / old)
    assert p == load_puzzle(PUZZLES / new) and p.objective.scoring_tiles == (number,)
    path = tmp_path / "again.json"
    save_puzzle(p, path)
    assert json.loads(path.read_text()) == json.loads((PUZZLES / new).read_text())


def test_puzzle_solve_and_check_read_old_files(capsys):
    assert main(["puzzle", "check", str(DATA / "old_puzzle_gold_majority.json")]) == 0
    assert "ok (difficulty 1, optimum 5)" in capsys.readouterr().out
    assert main(["puzzle", "solve", str(DATA / "old_puzzle_vertical_lines.json")]) == 0
    out = capsys.readouterr().out
    assert "scoring tile 14 (Vertical lines)" in out and "optimum 9" in out


# ---------------------------------------------------------------- territory files

def test_territory_files_old_and_new(tmp_path):
    sample = json.loads((DATA / "two_players.json").read_text())
    assert sample["version"] == 2
    old = {"players": sample["players"]}                 # the first files had no format or version
    (tmp_path / "old.json").write_text(json.dumps(old))
    players = load_players(tmp_path / "old.json")
    assert players == load_players(DATA / "two_players.json")
    save_players(tmp_path / "new.json", players)
    assert json.loads((tmp_path / "new.json").read_text()) == sample
    (tmp_path / "v1.json").write_text(json.dumps({"version": 1, **old}))
    assert load_players(tmp_path / "v1.json") == players


@pytest.mark.parametrize("change, fault", [
    ({"version": 3}, "version: 3 is not a territory file version this program reads (1 or 2)"),
    ({"version": "2"}, "version: '2' is not a territory file version this program reads (1 or 2)"),
    ({"format": "skylands-game"}, "format: 'skylands-game' is not an Isle of Skye territory file"),
])
def test_territory_file_unknown_version(tmp_path, change, fault):
    path = tmp_path / "t.json"
    path.write_text(json.dumps({**json.loads((DATA / "two_players.json").read_text()), **change}))
    with pytest.raises(FileFormatError) as e:
        load_players(path)
    assert str(e.value).startswith(f"{path}: {fault}")


def test_score_text_names_every_tile(capsys):
    assert main(["score", str(DATA / "two_players.json")]) == 0
    out = capsys.readouterr().out
    for n in range(1, 17):
        assert tile_label(n) in out
