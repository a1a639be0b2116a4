"""``skye-widgets play | replay | tournament``."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from skye_widgets.cli import main
from skye_widgets.skye.bots import make_bot
from skye_widgets.skye import play_game


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_play_json_summary_is_exactly_the_issue_format(capsys):
    code, out, err = run(capsys, "play", "--players", "4", "--bots", "random,greedy,greedy,random",
                         "--seed", "7", "--json")
    assert code == 0 and err == ""
    d = json.loads(out)
    assert list(d) == ["seed", "rounds", "scoring_tiles", "players", "winners"]
    assert d["seed"] == 7 and d["rounds"] == 6
    assert list(d["scoring_tiles"]) == ["A", "B", "C", "D"]
    assert [p["bot"] for p in d["players"]] == ["random", "greedy", "greedy", "random"]
    for p in d["players"]:
        assert list(p) == ["name", "bot", "vp", "gold", "tiles"]
    # the same game played through the API: same numbers (tiles = territory incl. the castle)
    g = play_game([make_bot(b, seed=70 + i) for i, b in enumerate(["random", "greedy", "greedy", "random"])], seed=7)
    assert [p["vp"] for p in d["players"]] == g.vp
    assert [p["tiles"] for p in d["players"]] == [len(t) for t in g.territories]
    assert d["winners"] == [g.names[p] for p in g.winners()]


def test_play_save_then_replay_prints_the_same_summary(capsys, tmp_path):
    path = tmp_path / "game.json"
    code, out, _ = run(capsys, "play", "--players", "3", "--bots", "greedy,random,planner", "--seed", "3",
                       "--json", "--save", str(path))
    assert code == 0
    code, again, _ = run(capsys, "replay", str(path), "--json")
    assert code == 0 and again == out
    # the text form by default: what play prints without --json (but the "Saved to" line)
    code, played, _ = run(capsys, "play", "--players", "3", "--bots", "greedy,random,planner", "--seed", "3")
    code, text, _ = run(capsys, "replay", str(path))
    assert code == 0 and text == played and "Result:" in text
    assert run(capsys, "replay", str(path), "--log")[1] == text     # the old flag still asks for the text
    # replay to a step: the game is not over yet, nobody has won
    code, part, _ = run(capsys, "replay", str(path), "--step", "10", "--json")
    assert code == 0 and json.loads(part)["winners"] == []
    code, part, _ = run(capsys, "replay", str(path), "--step", "10")
    assert code == 0 and "<- winner" not in part


def test_readable_log_round_by_round(capsys):
    code, out, _ = run(capsys, "play", "--players", "2", "--bots", "greedy,random", "--seed", "1")
    assert code == 0
    for r in range(1, 7):
        assert f"== Round {r} of 6" in out
    assert "receives 5 gold" in out and "Result:" in out and "Game over." in out


@pytest.mark.parametrize("edit, message", [
    (lambda d: d["actions"][5].update(tile="999"), "action 6 of"),
    (lambda d: d["actions"].insert(0, {"type": "buy", "player": 0, "seller": 1, "tile": "3"}),
     "action 1 of"),
    (lambda d: d.update(format="chess"), "not an Isle of Skye game save"),
    (lambda d: d["config"].update(players=9), "config: "),
    (lambda d: d["state"].update(vp=[1, 2]), "replay does not reach the saved state"),
    (lambda d: d["actions"].append({"type": "jump", "player": 0}), "unknown action type"),
    (lambda d: d["config"].update(players=2.5), "config: Isle of Skye is for 2-5 players, not 2.5"),
    (lambda d: d["config"].update(players="two"), "config: Isle of Skye is for 2-5 players, not 'two'"),
    (lambda d: d["config"].update(names=[1, 2]), "config: The players' names are texts that are not empty"),
    (lambda d: d["config"].update(names=5), "config: names must be a list of strings"),
    (lambda d: d["config"].update(scoring=5), "config: scoring must be"),
    (lambda d: d["config"].update(seed=[7]), "config: The seed is a whole number of at most 9223372036854775807 either way or a text"),
    (lambda d: d["config"].update(start_player=1.5), "config: The start player is a number 0-1, not 1.5."),
    (lambda d: d.update(config=[]), "config: must be an object"),
    (lambda d: d.update(bots=["random", "wizard"]), "bots: unknown bot 'wizard'"),
    (lambda d: d["actions"][0].update(player=True), "action 1 of"),
    (lambda d: next(a for a in d["actions"] if a["type"] == "place").update(rotation=10 ** 30),
     "Place: rotation must be a whole number 0..3 (an int), not 1000000000000000000000000000000"),
    (lambda d: next(a for a in d["actions"] if a["type"] == "place").update(x="1"),
     "place action needs an integer 'x'"),
    (lambda d: d.update(actions=d["actions"][:10]), "replay does not reach the saved state: steps 10"),
])
def test_edited_save_fails_with_one_line_naming_file_and_fault(capsys, tmp_path, edit, message):
    g = play_game([make_bot("random", 1), make_bot("random", 2)], seed=2)
    from skye_widgets.skye.saves import game_to_dict
    d = game_to_dict(g, ["random", "random"])
    edit(d)
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(d))
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and str(path) in err and message in err


def test_not_enough_gold_in_a_save_is_reported_with_the_action_number(capsys, tmp_path):
    # Take the first buy of a greedy game; edit the buyer's price decision earlier that round so
    # that it puts all its gold on its own tiles: the buy can no longer be paid.
    from skye_widgets.skye.saves import game_to_dict, saved_from_dict
    g = play_game([make_bot("greedy", 1), make_bot("greedy", 2)], seed=6)
    d = game_to_dict(g)
    i = next(k for k, a in enumerate(d["actions"]) if a["type"] == "buy" and a["player"] == 0)
    j = max(k for k, a in enumerate(d["actions"][:i]) if a["type"] == "prices" and a["player"] == 0)
    gold_then = saved_from_dict(game_to_dict(g))[0].replay(j).gold[0]
    first, second = list(d["actions"][j]["prices"])
    d["actions"][j]["prices"] = {first: gold_then - 1, second: 1}
    del d["state"]
    path = tmp_path / "greedy.json"
    path.write_text(json.dumps(d))
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2
    tile = d["actions"][i]["tile"]
    assert f"action {i + 1} of {len(d['actions'])}: Player 1 cannot buy tile {tile}: it costs" in err


def test_malformed_and_missing_files(capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    code, _, err = run(capsys, "replay", str(bad))
    assert code == 2 and "malformed JSON" in err and str(bad) in err
    code, _, err = run(capsys, "replay", str(tmp_path / "nope.json"))
    assert code == 2 and "no such file" in err


def test_bad_arguments(capsys):
    code, _, err = run(capsys, "play", "--players", "3", "--bots", "random,greedy")
    assert code == 2 and "2 bots for 3 players" in err
    code, _, err = run(capsys, "play", "--bots", "random,wizard")
    assert code == 2 and "unknown bot 'wizard'" in err
    code, _, err = run(capsys, "play", "--players", "2", "--scoring", "1,2,3")
    assert code == 2 and "four numbers" in err


def test_tournament_prints_win_shares_and_average_vp(capsys):
    code, out, _ = run(capsys, "tournament", "--games", "2", "--bots", "greedy,random,random")
    assert code == 0
    assert "win share" in out and "average VP" in out and "1/k" in out
    code, out, _ = run(capsys, "tournament", "--games", "2", "--bots", "greedy,random", "--json")
    d = json.loads(out)
    assert d["games"] == 2 and d["bots"] == ["greedy", "random"] and sum(d["win_share"]) == pytest.approx(1)


def test_entry_point_runs_as_a_program():
    r = subprocess.run([sys.executable, "-m", "skye_widgets", "play", "--players", "2", "--bots", "random",
                        "--seed", "4", "--json"], capture_output=True, text=True)
    assert r.returncode == 0 and json.loads(r.stdout)["rounds"] == 6


@pytest.mark.parametrize("text, message", [
    ("", "malformed JSON"),
    ("[]", "expected a JSON object, got list"),
    ("[" * 100_000 + "]" * 100_000, "JSON nested too deeply"),
])
def test_broken_save_files_are_one_line(capsys, tmp_path, text, message):
    path = tmp_path / "g.json"
    path.write_text(text)
    for p in (path, tmp_path):          # the file, and a directory
        code, out, err = run(capsys, "replay", str(p))
        assert code == 2 and out == "" and err.count("\n") == 1
        assert message in err if p == path else "is a directory" in err


def test_saving_to_an_unwritable_path_is_one_line(capsys, tmp_path):
    target = tmp_path / "missing-dir" / "g.json"
    code, out, err = run(capsys, "play", "--players", "2", "--bots", "random", "--save", str(target))
    assert code == 2 and err == f"skye-widgets: {target}: cannot write: No such file or directory\n"
    assert list(tmp_path.iterdir()) == []


def test_same_seed_same_game_in_two_processes_whatever_the_hash_seed(tmp_path):
    """Iterating over a set of strings follows the hash seed; nothing a game
    decides may depend on it (PYTHONHASHSEED differs between the two runs)."""
    import os
    outs = []
    for hash_seed, name in (("1", "a.json"), ("4242", "b.json")):
        r = subprocess.run([sys.executable, "-m", "skye_widgets", "play", "--players", "3",
                            "--bots", "planner,greedy,random", "--seed", "5", "--json",
                            "--save", str(tmp_path / name)],
                           capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": hash_seed})
        assert r.returncode == 0, r.stderr
        outs.append(r.stdout)
    assert outs[0] == outs[1]
    assert (tmp_path / "a.json").read_text() == (tmp_path / "b.json").read_text()


def test_rules_modules_never_import_widget_libraries():
    """Every module of skye_widgets.skye imports without ipywidgets/ipycanvas."""
    probe = (
        "import importlib, pkgutil, sys\n"
        "import skye_widgets.skye as pkg\n"
        "names = [m.name for m in pkgutil.iter_modules(pkg.__path__, pkg.__name__ + '.')]\n"
        "for n in names: importlib.import_module(n)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'ipycanvas'))\n"
        "print(len(names), bad)\n"
    )
    r = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    count, bad = r.stdout.split(" ", 1)
    assert int(count) >= 10 and bad.strip() == "[]"
