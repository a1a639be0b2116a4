"""Bots are legal and deterministic; the command line prints what it promises."""

import json

import pytest

from skye_widgets.cli import main
from skye_widgets.skylands.bots import GreedyBot, PlannerBot, RandomBot, make_bot
from skye_widgets.skylands.cli import tournament
from skye_widgets.skylands.game import GameState, play_game


@pytest.mark.parametrize("kind", ["random", "greedy", "planner"])
def test_bots_only_choose_legal_actions(kind):
    g = GameState(3, seed=4)
    bots = [make_bot(kind, i) for i in range(3)]
    for _ in range(150):
        if g.is_over():
            break
        a = bots[g.current_player()].choose(g)
        assert a in g.legal_actions()
        g.apply(a)


def test_same_seeds_same_game_different_seeds_differ():
    def run(seed, bot_seed):
        return play_game([GreedyBot(bot_seed), RandomBot(bot_seed + 1), PlannerBot(bot_seed + 2)],
                         seed=seed).to_dict()
    assert run(3, 1) == run(3, 1)
    assert run(3, 1)["actions"] != run(4, 1)["actions"]


def test_make_bot_rejects_unknown_names():
    with pytest.raises(ValueError, match="There is no bot"):
        make_bot("genius")


def test_greedy_beats_random_in_a_small_seeded_tournament():
    # the 200-game figure is in docs/skylands.md; 12 games keep this test quick
    r = tournament(["greedy", "random", "random"], 12, seed=100)
    assert r.win_share(0) >= 0.75
    assert r.average_points(0) > max(r.average_points(1), r.average_points(2))


def test_play_json_has_players_vp_and_winners(capsys):
    assert main(["skylands", "play", "--players", "3", "--bots", "greedy,random,random", "--seed", "5",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [p["name"] for p in out["players"]] == ["greedy", "random-1", "random-2"]
    assert all(isinstance(p["vp"], int) for p in out["players"])
    best = max(p["vp"] for p in out["players"])
    assert out["winners"] == [p["name"] for p in out["players"] if p["vp"] == best]
    # every score is explained: the breakdown adds up to the total
    for p in out["players"]:
        assert sum(i["points"] for i in p["breakdown"]) == p["vp"]


def test_play_is_reproducible_and_saves_a_replayable_game(tmp_path, capsys):
    save = tmp_path / "g.json"
    main(["skylands", "play", "--bots", "planner,greedy", "--seed", "2", "--json", "--save", str(save)])
    first = json.loads(capsys.readouterr().out)
    assert main(["skylands", "replay", str(save), "--json"]) == 0
    replay = json.loads(capsys.readouterr().out)
    assert [p["vp"] for p in replay["players"]] == [p["vp"] for p in first["players"]]
    main(["skylands", "play", "--bots", "planner,greedy", "--seed", "2", "--json"])
    assert json.loads(capsys.readouterr().out) == first


def test_bad_inputs_end_in_one_line_and_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert main(["skylands", "replay", str(bad)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and str(bad) in err[0] and "malformed JSON" in err[0]
    assert main(["skylands", "play", "--players", "3", "--bots", "greedy,random"]) == 2
    assert "2 bots for 3 players" in capsys.readouterr().err
    assert main(["skylands", "play", "--bots", "greedy,wizard"]) == 2
    assert "unknown bot 'wizard'" in capsys.readouterr().err


def test_tournament_prints_win_shares(capsys):
    assert main(["skylands", "tournament", "--games", "3", "--bots", "greedy,random", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["games"] == 3 and r["bots"] == ["greedy", "random"] and abs(sum(r["win_share"]) - 1) < 1e-9


def _file(d, name, text):
    (d / name).write_text(text)
    return d / name


def _saved(tmp_path, actions):
    p = tmp_path / "edited.json"
    p.write_text(json.dumps({"format": "skylands-game", "version": 1, "players": ["A", "B"], "seed": 1,
                             "actions": actions}))
    return p


@pytest.mark.parametrize("make, fault", [
    (lambda d: d, "is a directory"),
    (lambda d: _file(d, "empty.json", ""), "malformed JSON"),
    (lambda d: _file(d, "list.json", "[]"), "not a Skylands game file"),
    (lambda d: _saved(d, [{"type": "choose", "action": "fly"}]), "action 1 is illegal: There is no action 'fly'"),
    (lambda d: _saved(d, [{"type": "choose", "action": "discover"},
                          {"type": "take", "index": 9, "x": 0, "y": 0}]), "action 2 is illegal"),
    (lambda d: _saved(d, [{"type": "choose", "action": "discover", "repeat": "yes"}]), "action 1:"),
    (lambda d: _saved(d, [{"type": "take", "index": 0, "x": 10 ** 30, "y": 0}]), "action 1: 'x' of a Take action must be a whole number"),
    (lambda d: _saved(d, [{"type": ["choose"], "action": "discover"}]), "action 1: unknown action type ['choose']"),
    (lambda d: _saved(d, [{"type": {"choose": 1}}]), "action 1: unknown action type {'choose': 1}"),
    (lambda d: _saved(d, "none"), "'actions' must be a list"),
])
def test_every_kind_of_broken_save_is_one_stderr_line_exit_2(tmp_path, capsys, make, fault):
    path = make(tmp_path)
    assert main(["skylands", "replay", str(path)]) == 2
    cap = capsys.readouterr()
    err = cap.err.strip().splitlines()
    assert len(err) == 1 and str(path) in err[0] and fault in err[0], err
    assert "Traceback" not in cap.err and cap.out == ""


def test_unwritable_save_is_one_line_exit_2(tmp_path, capsys):
    target = tmp_path / "missing-dir" / "g.json"
    assert main(["skylands", "play", "--bots", "random,random", "--save", str(target)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and str(target) in err[0] and "cannot write" in err[0]


def test_same_game_in_two_processes_with_different_hash_seeds():
    import os
    import subprocess
    import sys
    cmd = [sys.executable, "-m", "skye_widgets.cli", "skylands", "play", "--players", "3",
           "--bots", "greedy,random,random", "--seed", "4", "--json"]
    outs = [subprocess.run(cmd, capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": h}).stdout for h in ("1", "4242")]
    assert outs[0] == outs[1] and json.loads(outs[0])["winners"]
