"""Every command that prints a summary takes the same ``--json`` flag; its JSON holds the
same facts as the text form; text tables cut long names (``cli.fit``)."""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

import pytest

from skye_widgets.cli import JSON_HELP, NAME_COLUMN, build_parser, fit, main

REPO = Path(__file__).resolve().parents[1]
TERRITORY = REPO / "tests" / "skye" / "data" / "two_players.json"
HASHI_PUZZLE = REPO / "puzzles" / "hashi" / "01_easy_1.json"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def both(capsys, *argv):
    """(text, parsed JSON) of one command, both exiting 0 with nothing on stderr."""
    code, text, err = run(capsys, *argv)
    assert code == 0 and err == "", err
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0 and err == "", err
    assert out.endswith("\n") and out.count("\n") == 1          # one line of JSON
    return text, json.loads(out)


def leaf_commands(parser: argparse.ArgumentParser, prefix: tuple[str, ...] = ()):
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not subs:
        yield prefix, parser
        return
    for name, p in subs[0].choices.items():
        yield from leaf_commands(p, prefix + (name,))


def test_every_command_takes_the_same_json_flag():
    leaves = dict(leaf_commands(build_parser()))
    assert sorted(" ".join(k) for k in leaves) == sorted([
        "score", "legal", "play", "replay", "tournament", "puzzle solve", "puzzle check", "puzzle generate", "puzzle daily",
        "hashi play", "hashi replay", "hashi tournament", "hashi board", "hashi solve", "hashi check", "hashi generate", "hashi daily",
        "skylands play", "skylands replay", "skylands tournament", "lessons", "lab", "rooms open", "rooms serve"])
    assert not [a for a in leaves[("lab",)]._actions if "--json" in a.option_strings]   # it becomes JupyterLab
    assert not [a for a in leaves[("rooms", "serve")]._actions if "--json" in a.option_strings]   # a service
    del leaves[("lab",)], leaves[("rooms", "serve")]
    for name, p in leaves.items():
        flags = [a for a in p._actions if "--json" in a.option_strings]
        assert len(flags) == 1, name
        assert flags[0].option_strings == ["--json"] and flags[0].help == str(JSON_HELP), name
        assert isinstance(flags[0], argparse._StoreTrueAction), name


def test_fit_cuts_long_names_for_display():
    assert fit("Ann") == "Ann" and fit("A" * NAME_COLUMN) == "A" * NAME_COLUMN
    assert fit("B" * (NAME_COLUMN + 1)) == "B" * (NAME_COLUMN - 1) + "…"
    assert len(fit("C" * 10 ** 6)) == NAME_COLUMN == 24


# ---- Isle of Skye ---------------------------------------------------------------------------

def test_score(capsys):
    text, data = both(capsys, "score", TERRITORY)
    names = [p["name"] for p in data["players"]]
    header = text.splitlines()[0].split()
    assert header == names
    rows = {line[:line.index("  ")].strip(): line.split()[-len(names):] for line in text.splitlines()[1:20]
            if line.strip() and "  " in line}
    income = next(v for k, v in rows.items() if k.startswith("income"))
    assert [int(x) for x in income] == [p["income"] for p in data["players"]]
    scrolls = next(v for k, v in rows.items() if k.startswith("scrolls"))
    assert [int(x) for x in scrolls] == [p["scrolls"] for p in data["players"]]
    for n in range(1, 17):
        row = next(line for line in text.splitlines()[1:17] if line.split()[0] == str(n))
        assert [int(x) for x in row.split()[-len(names):]] == [p["scoring_tiles"][str(n)] for p in data["players"]]


def test_legal(capsys):
    text, data = both(capsys, "legal", TERRITORY, "--player", "Ann", "--tile", "12")
    assert text.startswith(f"{len(data)} legal placements of tile 12 for Ann")
    assert [tuple(m) for m in data] == [tuple(map(int, re.findall(r"-?\d+", line)))
                                        for line in text.splitlines()[1:]]


def test_play_and_replay_and_tournament(capsys, tmp_path):
    save = tmp_path / "g.json"
    text, data = both(capsys, "play", "--players", "2", "--bots", "greedy,random", "--seed", "2",
                      "--names", "Ann,Bob", "--save", save)
    for p in data["players"]:
        assert f"{p['name']} [{p['bot']}]: {p['vp']} VP, {p['gold']} gold, {p['tiles']} tiles" in text
    text2, data2 = both(capsys, "replay", save)
    assert data2 == data and text2 == text.replace(f"\nSaved to {save} ({text.split('(')[-1]}", "")
    text, data = both(capsys, "tournament", "--games", "2", "--bots", "greedy,random")
    for i, bot in enumerate(data["bots"]):
        assert re.search(rf"entrant {i + 1} {bot}\s+win share\s+{data['win_share'][i]:.1%}", text)
        assert f"average VP {data['average_points'][i]:5.1f}" in text


def test_puzzle_solve_check_generate(capsys, tmp_path):
    puzzle = sorted((REPO / "puzzles" / "skye").glob("d1-*.json"))[0]
    text, data = both(capsys, "puzzle", "solve", puzzle)
    assert f"optimum {data['optimum']} " in text and f"{data['optimal_territories']} optimal" in text
    for m in data["solution"]:
        assert f"tile {m['tile']} at ({m['x']}, {m['y']}) rotation {m['rotation']}" in text
    text, data = both(capsys, "puzzle", "check", puzzle)
    (entry,) = data["files"]
    g = entry["grade"]
    assert entry["ok"] and text == (f"{puzzle}: ok (difficulty {entry['difficulty']}, optimum {entry['optimum']}); "
                                    f"grade {g['stars']} of 5 stars: {' '.join(g['reasons'])}\n")
    bad = tmp_path / "bad.json"
    bad.write_text("[", encoding="utf-8")
    code, out, err = run(capsys, "puzzle", "check", puzzle, bad, "--json")
    assert code == 2 and err.count("\n") == 1 and str(bad) in err
    assert [f["ok"] for f in json.loads(out)["files"]] == [True, False]
    assert json.loads(out)["files"][1] == {"file": str(bad), "ok": False, "fault": err.split(": ", 2)[2].strip()}
    out = tmp_path / "p.json"
    text, data = both(capsys, "puzzle", "generate", "--seed", "4", "--difficulty", "1", "--subject", "1", "--out", out)
    assert data["file"] == str(out) and f"(gap {data['gap']})" in text
    assert f"optimum {data['optimum']}, greedy {data['greedy']}" in text and data["gap"] == data["optimum"] - data["greedy"]


# ---- Hashi ----------------------------------------------------------------------------------

def test_hashi_play_replay_board(capsys, tmp_path):
    save = tmp_path / "h.json"
    text, data = both(capsys, "hashi", "play", "--players", "2", "--seed", "5", "--save", save)
    for p in data["players"]:
        assert f"  {p['name']}: {p['score']} points" in text
    assert f"Winner{'s' if len(data['winners']) > 1 else ''}: {', '.join(data['winners'])}" in text
    text2, data2 = both(capsys, "hashi", "replay", save)
    assert data2 == data and text2 == text
    text, data = both(capsys, "hashi", "tournament", "--games", "3", "--bots", "greedy,random", "--workers", "1")
    assert data["games"] == 3 and data["bots"] == ["greedy", "random"] and sum(data["win_share"]) == 1
    for i, kind in enumerate(data["bots"]):
        assert (f"  entrant {i + 1} {kind:8s} win share {100 * data['win_share'][i]:5.1f}%" in text
                and f"average points {data['average_points'][i]:5.1f}" in text)
    text, data = both(capsys, "hashi", "board", "skerries-a")
    assert text == (f"skerries-a: {data['name']} (side {data['side']}), {data['width']}x{data['height']} grid, "
                    f"{data['islands']} islands ({data['red']} red, {data['blue']} blue), "
                    f"{data['lines']} dotted lines, {data['crossings']} crossings: OK\n")


def test_hashi_solve_check_generate(capsys, tmp_path):
    text, data = both(capsys, "hashi", "solve", HASHI_PUZZLE)
    assert data["solved"] and f"{sum(b[4] for b in data['bridges'])} bridges" in text
    text, data = both(capsys, "hashi", "check", HASHI_PUZZLE)
    assert data["unique"] and text.startswith(f"{HASHI_PUZZLE}: valid, {data['islands']} islands, unique solution, "
                                              f"difficulty {data['difficulty']} ({data['difficulty_name']}; "
                                              f"{data['search_nodes']} search node"
                                              f"{'' if data['search_nodes'] == 1 else 's'})")
    text, data = both(capsys, "hashi", "generate", "--seed", "3", "--difficulty", "1")
    from skye_widgets.hashi.puzzle import HashiPuzzle
    has, js = tmp_path / "g.has", tmp_path / "g.json"
    has.write_text(text, encoding="utf-8")
    js.write_text(json.dumps(data), encoding="utf-8")
    assert HashiPuzzle.load(has).islands == HashiPuzzle.load(js).islands
    out = tmp_path / "o.json"
    text, data = both(capsys, "hashi", "generate", "--seed", "3", "--difficulty", "1", "--out", out)
    assert text == f"wrote {out}: {data['name']}, {data['islands']} islands\n"
    assert json.loads(out.read_text())["search_nodes"] == data["search_nodes"]
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


# ---- Skylands -------------------------------------------------------------------------------

def test_skylands_play_replay_tournament(capsys, tmp_path):
    save = tmp_path / "s.json"
    text, data = both(capsys, "skylands", "play", "--bots", "greedy,random", "--seed", "3", "--save", save)
    for p in data["players"]:
        block = text.split(f"\n{p['name']}:\n", 1)[1]
        assert re.search(rf"= .*{p['vp']}\n", block.split("\n\n")[0] + "\n")
    assert text.rstrip().endswith(", ".join(data["winners"]))
    text2, data2 = both(capsys, "skylands", "replay", save)
    assert data2 == data                               # the bots are kept in the save
    assert text2.endswith(text[text.index("game over after"):])
    text, data = both(capsys, "skylands", "tournament", "--games", "2", "--bots", "greedy,random")
    assert data["bots"] == ["greedy", "random"] and sum(data["win_share"]) == 1
    for i, kind in enumerate(data["bots"]):
        assert (f"  entrant {i + 1} {kind:8s} win share {100 * data['win_share'][i]:5.1f}%" in text
                and f"average VP {data['average_points'][i]:5.1f}" in text)


def test_skylands_replay_with_bad_bots_is_one_line(capsys, tmp_path):
    save = tmp_path / "s.json"
    assert run(capsys, "skylands", "play", "--bots", "greedy,random", "--save", save)[0] == 0
    d = json.loads(save.read_text())
    assert d["bots"] == ["greedy", "random"]
    for bots in (["greedy"], ["wizard", "random"], "greedy", [["greedy"], "random"]):
        d["bots"] = bots
        save.write_text(json.dumps(d))
        code, out, err = run(capsys, "skylands", "replay", save)
        assert code == 2 and out == "" and err.count("\n") == 1
        assert err.startswith(f"skye-widgets: {save}: 'bots' must name one bot per player")


# ---- long names -----------------------------------------------------------------------------

def test_text_tables_cut_long_names():
    """A very long name (built in Python, not through a file loader) costs no more output
    than a 24-character one: every text table cuts names with "…"."""
    from skye_widgets.skye.cli_rules import score_text
    from skye_widgets.skye.files import load_players
    players = load_players(TERRITORY)
    players[0].name = "M" * 24                          # the longest name shown whole
    widest = score_text(players)
    players[0].name = "N" * 200_000
    text = score_text(players)
    assert len(text) == len(widest) and text == widest.replace("M" * 24, "N" * 23 + "…")


def test_result_tables_cut_long_names(capsys):
    import io

    from skye_widgets.skye.bots import make_bot
    from skye_widgets.skye.cli_game import print_table
    from skye_widgets.skye import play_game
    from skye_widgets.limits import MAX_NAME_LENGTH
    long = "Z" * MAX_NAME_LENGTH                 # the longest name a game takes, still cut for the table
    g = play_game([make_bot("random", 1), make_bot("random", 2)], seed=1, names=(long, "Bob"))
    out = io.StringIO()
    print_table(g, ["random", "random"], out)
    assert "Z" * 23 + "…" in out.getvalue() and "Z" * 24 not in out.getvalue() and len(out.getvalue()) < 300


# ---- play --explain (issue 17) ----------------------------------------------------------------

@pytest.mark.parametrize("argv", [
    ("play", "--players", "2", "--bots", "planner,random", "--seed", "3"),
    ("hashi", "play", "--players", "2", "--bots", "planner,greedy", "--seed", "2"),
    ("skylands", "play", "--bots", "greedy,random", "--seed", "3"),
])
def test_play_explain_adds_the_explanations_to_the_same_game(capsys, argv):
    plain_text, plain = both(capsys, *argv)
    text, data = both(capsys, *argv, "--explain")
    actions = data.pop("actions")
    assert data == plain                                   # the same game, the same summary
    assert "actions" not in plain and len(actions) > 20
    whys = [line.strip()[len("why: "):] for line in text.splitlines() if line.strip().startswith("why: ")]
    # every decision's text is printed (Hashi prints a turn's explanation once, on its first move)
    told = [a["explanation"]["text"] for a in actions
            if a["explanation"]["reasons"][0]["key"] != "continue"]
    assert whys == told and len(whys) > 10
    # the rest of the text is what play prints without --explain (Hashi adds its move list first)
    rest = "\n".join(line for line in text.splitlines() if not line.strip().startswith("why: "))
    assert rest.endswith(plain_text.rstrip("\n"))
    for a in actions:
        e = a["explanation"]
        assert a["action"] == e["action"] and e["text"] and isinstance(e["reasons"], list)
        assert set(e) == {"action", "reasons", "alternative", "alternative_reasons", "text"}
        assert all(set(r) == {"key", "values"} for r in e["reasons"] + e["alternative_reasons"])
        assert a["name"] in [p["name"] for p in data["players"]]
