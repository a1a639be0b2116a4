"""The faults of issue 26's fuzzing run (item 7), one test each: every one failed before its fix.

Each is a rule of the house applied where it had been missed: a seed a game takes is a seed its
save loads back; a tournament's seeds stay within that bound; results are kept per entrant; names
hold no control characters; a file that is not a regular file is refused (never a hang); a long
value is cut in an error line; an action after the end says the game is over; saved actions are
counted from 1; a count that stopped at its cap says so.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from skye_widgets import hashi, skye, skylands
from skye_widgets.cli import main
from skye_widgets.errors import BadConfigError, FileFormatError, read_json
from skye_widgets.limits import MAX_SEED, MAX_SHOWN, has_control
from skye_widgets.protocol import game_seed, play
from skye_widgets.skye.files import load_players

ROOT = Path(__file__).resolve().parent.parent
TERRITORIES = ROOT / "tests" / "skye" / "data" / "two_players.json"

#: Names a fuzzer tried: a forged second line, a terminal title escape, a C1 escape, a tab,
#: a bidirectional override and a line separator.
CONTROL_NAMES = ["a\nb", "\x1b]0;pwned\x07", "x\x9b2J", "tab\there", "\u202eevil", "a\u2028b"]


def one_line(err: str) -> str:
    """The one stderr line of a refused command (and nothing raw: no escape, no second line)."""
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert not has_control(err[:-1]), err
    return err


# -- 1. An Isle of Skye seed beyond a save's bound is refused at creation ---------------------------

@pytest.mark.parametrize("seed", [2**63, -2**63, 10**30, "s" * 1001])
def test_an_isle_of_skye_seed_a_save_cannot_hold_is_refused_at_creation(seed):
    with pytest.raises(BadConfigError, match="seed"):
        skye.Game.new(2, seed=seed)


@pytest.mark.parametrize("seed", [MAX_SEED, -MAX_SEED, "s" * 1000])
def test_an_isle_of_skye_game_at_the_seed_bounds_saves_and_loads(seed):
    g = skye.Game.new(2, seed=seed)
    assert skye.Game.from_dict(g.to_dict()).to_dict() == g.to_dict()


# -- 2. A tournament's seeds stay within the bound ----------------------------------------------------

def test_game_seeds_go_on_from_the_smallest_past_the_largest():
    assert [game_seed(5, k) for k in range(3)] == [5, 6, 7]
    assert [game_seed(MAX_SEED - 1, k) for k in range(3)] == [MAX_SEED - 1, MAX_SEED, -MAX_SEED]
    assert all(-MAX_SEED <= game_seed(s, k) <= MAX_SEED for s in (-MAX_SEED, 0, MAX_SEED) for k in (0, 1, 10**5))


@pytest.mark.parametrize("command", [["hashi", "tournament", "--games", "3"],
                                     ["skylands", "tournament", "--games", "3", "--bots", "random,random"],
                                     ["tournament", "--games", "3", "--bots", "random,random"]])
def test_a_tournament_from_the_largest_seed_plays_every_game(command, capsys):
    assert main([*command, "--seed", str(MAX_SEED), "--workers", "1", "--json"]) == 0, capsys.readouterr().err
    assert json.loads(capsys.readouterr().out)["games"] == 3


# -- 3. Skylands keys a tournament's results by entrant ----------------------------------------------

def test_a_skylands_tournament_keeps_two_entrants_of_one_bot_apart(capsys):
    assert main(["skylands", "tournament", "--games", "8", "--bots", "random,random", "--workers", "1",
                 "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["bots"] == ["random", "random"]
    assert len(r["win_share"]) == len(r["average_points"]) == 2 and sum(r["win_share"]) == pytest.approx(1)
    assert main(["skylands", "tournament", "--games", "2", "--bots", "random,random", "--workers", "1"]) == 0
    text = capsys.readouterr().out
    assert "entrant 1 random" in text and "entrant 2 random" in text


# -- 4. Control characters in player names are refused everywhere names come in ----------------------

@pytest.mark.parametrize("name", CONTROL_NAMES)
def test_every_engine_refuses_a_name_with_a_control_character(name):
    for new in (lambda: skye.Game.new([name, "Bob"]), lambda: hashi.Game.new([name, "Bob"]),
                lambda: skylands.Game.new([name, "Bob"])):
        with pytest.raises(BadConfigError, match="control characters"):
            new()


@pytest.mark.parametrize("name", ["a\nb", "\x1b]0;pwned\x07"])
def test_every_save_and_the_territory_file_refuse_a_name_with_a_control_character(name, tmp_path):
    saves = {"skye": skye.Game.new(["Ann", "Bob"], seed=1).to_dict(),
             "hashi": hashi.Game.new(["Ann", "Bob"], seed=1).to_dict(),
             "skylands": skylands.Game.new(["Ann", "Bob"], seed=1).to_dict()}
    saves["skye"]["config"]["names"][0] = name
    saves["hashi"]["players"][0] = name
    saves["skylands"]["players"][0] = name
    for game, data in saves.items():
        path = tmp_path / f"{game}.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        with pytest.raises((FileFormatError, ValueError), match="control characters"):
            {"skye": skye.Game.load, "hashi": hashi.Game.load, "skylands": skylands.Game.load}[game](path)
    territories = json.loads(TERRITORIES.read_text(encoding="utf-8"))
    territories["players"][0]["name"] = name
    path = tmp_path / "territories.json"
    path.write_text(json.dumps(territories), encoding="utf-8")
    with pytest.raises(FileFormatError, match=r"players\[0\]\.name: .*control characters"):
        load_players(path)


@pytest.mark.parametrize("name", ["a\nb", "\x1b]0;pwned\x07"])
def test_the_command_line_refuses_a_name_with_a_control_character_in_one_clean_line(name, tmp_path, capsys):
    assert main(["play", "--bots", "random,random", "--names", f"{name},Bob"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "control characters" in one_line(captured.err)
    territories = json.loads(TERRITORIES.read_text(encoding="utf-8"))
    territories["players"][0]["name"] = name
    path = tmp_path / "territories.json"
    path.write_text(json.dumps(territories), encoding="utf-8")
    assert main(["score", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and one_line(captured.err).startswith(f"skye-widgets: {path}: players[0].name: ")


# -- 5. Anything that is not a regular file is refused, never waited on -------------------------------

@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_is_refused_in_one_line_without_waiting(tmp_path):
    fifo = tmp_path / "f.json"
    os.mkfifo(fifo)
    # a child process, so that a reader that waits for a writer fails this test instead of hanging the suite
    out = subprocess.run([sys.executable, "-m", "skye_widgets", "score", str(fifo)], capture_output=True,
                         text=True, timeout=60, cwd=tmp_path)
    assert out.returncode == 2 and out.stdout == ""
    assert one_line(out.stderr) == f"skye-widgets: {fifo}: is not a regular file (a pipe, a device or a socket)\n"


def test_a_device_is_refused_by_the_shared_reader():
    if not os.path.exists(os.devnull) or os.name != "posix":
        pytest.skip("a POSIX character device")
    with pytest.raises(FileFormatError, match="not a regular file"):
        read_json(os.devnull)


# -- 6. A long --player is cut in the error line ---------------------------------------------------

def test_legal_cuts_a_long_player_name_in_its_error_line(capsys):
    assert main(["legal", str(TERRITORIES), "--player", "x" * 100_000, "--tile", "5"]) == 2
    err = one_line(capsys.readouterr().err)
    assert "no player named 'xxx" in err and len(err) < 4 * MAX_SHOWN + len(str(TERRITORIES)) + 200


# -- 7. An action after the end of a Hashi game says the game is over -------------------------------

def test_an_action_after_the_end_of_a_hashi_game_says_the_game_is_over(tmp_path):
    g = play(hashi.Game.new, [hashi.make_bot("random", seed=1)], seed=2)
    assert g.is_over()
    data = g.to_dict()
    data["actions"].append([0, "end"])
    with pytest.raises(FileFormatError) as e:
        hashi.Game.from_dict(data, "game.json")
    assert str(e.value) == f"game.json: action {len(data['actions'])}: The game is over."


# -- 8. Skylands save errors count actions from 1 ----------------------------------------------------

def test_skylands_save_errors_count_actions_from_1_as_the_other_games_do():
    data = skylands.Game.new(["Ann", "Bob"], seed=1).to_dict()
    data["actions"] = [{"type": "pass", "extra": 1}]
    with pytest.raises(FileFormatError, match=r"^game\.json: action 1: "):
        skylands.Game.from_dict(data, "game.json")
    data["actions"] = [{"type": "choose", "action": "discover"}, {"type": "take", "index": 9, "x": 0, "y": 0}]
    with pytest.raises(FileFormatError, match=r"^game\.json: action 2 is illegal: "):
        skylands.Game.from_dict(data, "game.json")


# -- 9. puzzle solve --json says when the count of optima stopped at its cap --------------------------

def test_puzzle_solve_json_says_when_the_count_is_capped(tmp_path, capsys, monkeypatch):
    from skye_widgets.skye import cli_puzzles

    path = ROOT / "puzzles" / "skye" / sorted(os.listdir(ROOT / "puzzles" / "skye"))[0]
    assert main(["puzzle", "solve", str(path), "--json"]) == 0
    full = json.loads(capsys.readouterr().out)
    assert full["optimal_territories_capped"] is False
    monkeypatch.setattr(cli_puzzles, "SOLVE_OPTIMA_CAP", 1)
    assert main(["puzzle", "solve", str(path), "--json"]) == 0
    capped = json.loads(capsys.readouterr().out)
    assert capped["optimal_territories"] == 1 and capped["optimal_territories_capped"] is True
    assert main(["puzzle", "solve", str(path)]) == 0
    assert "at least 1 optimal" in capsys.readouterr().out
