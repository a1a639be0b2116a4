"""Territory files (load/save/validation) and the `score` / `legal` commands."""

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from skye_widgets.cli import main
from skye_widgets.errors import FileFormatError
from skye_widgets.skye.files import load_players, load_territory, players_to_data, save_players
from skye_widgets.skye.scoring import final_scoring, income, score_tile
from skye_widgets.skye.territory import Territory

SAMPLE = Path(__file__).parent / "data" / "two_players.json"


def write(tmp_path, data, name="t.json"):
    p = tmp_path / name
    p.write_text(data if isinstance(data, str) else json.dumps(data))
    return p


def sample():
    return json.loads(SAMPLE.read_text())


def fault(tmp_path, data):
    p = write(tmp_path, data)
    with pytest.raises(FileFormatError) as e:
        load_players(p)
    assert str(e.value).startswith(str(p) + ": ")
    return e.value.fault


# ------------------------------------------------------------------ files

def test_sample_loads_and_round_trips(tmp_path):
    players = load_players(SAMPLE)
    assert [t.name for t in players] == ["Ann", "Bob"] and [t.gold for t in players] == [7, 12]
    assert players_to_data(players) == sample()
    out = tmp_path / "copy.json"
    save_players(out, players)
    assert load_players(out) == players and json.loads(out.read_text()) == sample()
    assert load_territory(SAMPLE, "Bob") == players[1]


def test_faults_name_the_place(tmp_path):
    assert fault(tmp_path, "{not json").startswith("malformed JSON at line 1")
    assert fault(tmp_path, []) == 'expected an object {"players": [...]}'
    assert fault(tmp_path, {"players": []}) == "players: must be a non-empty list"

    d = sample()
    d["players"][1]["tiles"][3]["tile"] = 99
    assert fault(tmp_path, d) == "players[1].tiles[3]: There is no tile 99: the tiles are 1-73 and castle-<colour>."

    d = sample()
    d["players"][0]["tiles"][2]["rotation"] = 4
    assert fault(tmp_path, d).startswith("players[0].tiles[2]: The rotation is 0, 1, 2 or 3 quarter turns clockwise, not 4.")

    d = sample()
    del d["players"][0]["tiles"][1]["x"]
    assert fault(tmp_path, d) == "players[0].tiles[1]: missing field 'x'"

    d = sample()   # the same tile twice in one territory
    d["players"][0]["tiles"].append(dict(d["players"][0]["tiles"][1], x=50))
    assert "Tile %s is already in this territory" % d["players"][0]["tiles"][1]["tile"] in fault(tmp_path, d)

    d = sample()   # a tile in two territories
    d["players"][1]["tiles"].append(copy.deepcopy(d["players"][0]["tiles"][1]))
    msg = fault(tmp_path, d)
    assert msg.startswith("players[1].tiles[12]: tile") and "already in Ann's territory" in msg

    d = sample()   # two players with the same castle
    d["players"][1]["tiles"][0]["tile"] = "castle-blue"
    assert fault(tmp_path, d) == ("players[1].tiles[0]: tile castle-blue is already in Ann's territory "
                                  "(every tile exists once)")

    d = sample()   # an illegal placement: far away from everything
    d["players"][0]["tiles"][5].update(x=40, y=40)
    assert fault(tmp_path, d).startswith("players[0].tiles[5]: Tile") and "share no side" in fault(tmp_path, d)

    d = sample()   # the castle must come first
    d["players"][0]["tiles"][0], d["players"][0]["tiles"][1] = d["players"][0]["tiles"][1], d["players"][0]["tiles"][0]
    assert "is not a castle" in fault(tmp_path, d)

    d = sample()
    d["players"][1]["name"] = "Ann"
    assert fault(tmp_path, d) == "players[1].name: 'Ann' is used by another player"


def test_terrain_mismatch_message_in_file(tmp_path):
    # blue castle: S side pasture; tile 53 (printed PWWW) turned so that water faces north
    d = {"players": [{"name": "A", "gold": 0, "tiles": [
        {"tile": "castle-blue", "x": 0, "y": 0, "rotation": 0},
        {"tile": 53, "x": 0, "y": 1, "rotation": 2}]}]}
    msg = fault(tmp_path, d)
    assert msg.startswith("players[0].tiles[1]: Tile 53 cannot go at (0, 1) with rotation 2: its north side shows "
                          "water, but the south side of the castle at (0, 0) shows pasture.")


# ------------------------------------------------------------------ command line

def run(*args):
    return subprocess.run([sys.executable, "-m", "skye_widgets", *map(str, args)], capture_output=True, text=True)


def test_score_json_matches_the_library():
    r = run("score", SAMPLE, "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    players = load_players(SAMPLE)
    golds = [t.gold for t in players]
    for i, (entry, t) in enumerate(zip(out["players"], players)):
        assert entry["name"] == t.name
        assert set(entry) == {"name", "scoring_tiles", "scrolls", "gold_points", "income"}
        assert entry["scoring_tiles"] == {str(n): score_tile(n, players, golds)[i].points for n in range(1, 17)}
        assert entry["scrolls"] + entry["gold_points"] == final_scoring(t, t.gold).points
        assert entry["gold_points"] == t.gold // 5
        assert entry["income"] == income(t).points


def test_score_table_shows_breakdowns(capsys):
    assert main(["score", str(SAMPLE)]) == 0
    out = capsys.readouterr().out
    assert "Squares" in out and "Ann" in out and "Bob" in out and "+2  12 gold // 5" in out


def test_legal_json_sorted_and_equal_to_library(capsys):
    assert main(["legal", str(SAMPLE), "--player", "Ann", "--tile", "5", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    ann = load_territory(SAMPLE, "Ann")
    assert got == [list(m) for m in ann.legal_placements(5)] and got == sorted(got) and got


def test_bad_inputs_one_line_exit_2(tmp_path):
    bad = write(tmp_path, "{oops")
    r = run("score", bad)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and str(bad) in r.stderr and "malformed JSON" in r.stderr
    assert "Traceback" not in r.stderr

    d = sample()
    d["players"][1]["tiles"][3]["tile"] = 99
    r = run("score", write(tmp_path, d, "bad99.json"), "--json")
    assert r.returncode == 2 and r.stderr.strip().endswith(
        "bad99.json: players[1].tiles[3]: There is no tile 99: the tiles are 1-73 and castle-<colour>.")

    r = run("legal", SAMPLE, "--player", "Zoe", "--tile", "5", "--json")
    assert r.returncode == 2 and "no player named 'Zoe'" in r.stderr and r.stderr.count("\n") == 1

    r = run("legal", SAMPLE, "--player", "Ann", "--tile", "99", "--json")
    assert r.returncode == 2 and "99" in r.stderr and r.stderr.count("\n") == 1

    r = run("score", tmp_path / "missing.json")
    assert r.returncode == 2 and "no such file" in r.stderr


def test_legal_for_a_tile_in_someone_elses_territory(capsys):
    bob_tile = load_territory(SAMPLE, "Bob").placements[(1, 0)].tile
    assert main(["legal", str(SAMPLE), "--player", "Ann", "--tile", bob_tile, "--json"]) == 2
    assert "already in Bob's territory" in capsys.readouterr().err


def test_territory_with_castle_only(tmp_path):
    p = write(tmp_path, {"players": [{"name": "Solo", "gold": 0,
                                      "tiles": [{"tile": "castle-red", "x": 0, "y": 0, "rotation": 0}]}]})
    assert load_players(p)[0] == Territory("castle-red")


CASTLE = {"tile": "castle-blue", "x": 0, "y": 0, "rotation": 0}


def one_player(*tiles):
    return json.dumps({"players": [{"name": "Ann", "gold": 3, "tiles": [CASTLE, *tiles]}]})


# each broken file and (a piece of) the fault its one stderr line must name
BROKEN = [
    ("", "malformed JSON at line 1, column 1"),
    ("[1, 2]", 'expected an object {"players": [...]}'),
    ('{"players": {}}', "players: must be a non-empty list"),
    ('{"players": [7]}', "players[0]: a player entry must be an object"),
    (one_player({"tile": 12, "x": "1", "y": 0, "rotation": 0}), "players[0].tiles[1]: x = '1' is not a whole number"),
    (one_player({"tile": 12, "x": 1.5, "y": 0, "rotation": 0}), "x = 1.5 is not a whole number"),
    (one_player({"tile": 12, "x": True, "y": 0, "rotation": 0}), "x = True is not a whole number"),
    (one_player({"tile": 12, "x": None, "y": 0, "rotation": 0}), "x = None is not a whole number"),
    (one_player({"tile": 12, "x": 1, "y": 0, "rotation": 10 ** 30}), "quarter turns clockwise, not 1000000000000000000000000000000."),
    (one_player({"tile": 12, "x": 1, "y": 0, "rotation": 4}), "quarter turns clockwise, not 4."),
    (one_player({"tile": 12, "x": 1, "y": 0}), "players[0].tiles[1]: missing field 'rotation'"),
    (one_player({"tile": 12, "x": 5, "y": 5, "rotation": 0}), "would share no side with the territory"),
    (one_player({"tile": 12, "x": 0, "y": 0, "rotation": 0}), "(0, 0) already holds the castle."),
    (one_player({"tile": [12], "x": 1, "y": 0, "rotation": 0}), "[12] is not a tile"),
    (one_player({"tile": "castle-red", "x": 1, "y": 0, "rotation": 0}), "A castle cannot be placed: a territory has exactly one castle"),
    ("[" * 100_000 + "]" * 100_000, "JSON nested too deeply"),
    ('{"players": [{"name": "Ann", "gold": ' + "9" * 5000 + "}]}", "unreadable JSON"),
]


@pytest.mark.parametrize("text, message", BROKEN, ids=range(len(BROKEN)))
def test_broken_territory_files_are_one_line_exit_2(tmp_path, capsys, text, message):
    bad = write(tmp_path, text)
    for argv in (["score", str(bad), "--json"], ["legal", str(bad), "--player", "Ann", "--tile", "5", "--json"]):
        assert main(argv) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1, err
        assert err.startswith(f"skye-widgets: {bad}: ") and message in err, err


def test_a_directory_or_binary_file_is_one_line_exit_2(tmp_path, capsys):
    binary = tmp_path / "b.json"
    binary.write_bytes(b"\xff\xfe\x00")
    for path, message in ((tmp_path, "is a directory"), (binary, "not UTF-8 text")):
        assert main(["score", str(path), "--json"]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1 and message in err


def test_saving_to_an_unwritable_path_is_one_error_naming_it(tmp_path):
    t = Territory("castle-red")
    with pytest.raises(FileFormatError, match="cannot write"):
        save_players(tmp_path / "no-such-dir" / "t.json", [t])
    with pytest.raises(FileFormatError, match="cannot write"):
        save_players(tmp_path, [t])                        # a directory
    assert list(tmp_path.iterdir()) == []                  # no temporary file left behind
