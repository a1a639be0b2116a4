"""``skye-widgets hashi solve | check | generate``."""

import json
import subprocess
import sys

from skye_widgets.cli import main
from skye_widgets.hashi.puzzle import HashiPuzzle
from skye_widgets.hashi.solver import validate

# 3 . 2 . 1      unique solution (by hand, see test_solver.CORNER)
# . . . . .
# 2 . . . .
CORNER = "5 3 4\n3 0 2 0 1\n0 0 0 0 0\n2 0 0 0 0\n"


def test_solve_json(tmp_path, capsys):
    f = tmp_path / "corner.has"
    f.write_text(CORNER)
    assert main(["hashi", "solve", str(f), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    # rows [x1, y1, x2, y2, count]: the 3 at the top left has 2 bridges south, 1 east; 1 more east
    assert out == {"solved": True, "bridges": [[0, 0, 0, 2, 2], [0, 0, 2, 0, 1], [2, 0, 4, 0, 1]]}
    assert validate(HashiPuzzle.from_text(CORNER), out["bridges"]) == []


def test_solve_json_unsolvable(tmp_path, capsys):
    f = tmp_path / "plus.has"
    f.write_text("3 3 4\n0 1 0\n1 0 1\n0 1 0\n")
    assert main(["hashi", "solve", str(f), "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["solved"] is False and out["bridges"] == []


def test_solve_ascii(tmp_path, capsys):
    f = tmp_path / "corner.has"
    f.write_text(CORNER)
    assert main(["hashi", "solve", str(f)]) == 0
    out = capsys.readouterr().out.splitlines()
    # single bridges '-', double bridges 'H' (vertical) / '=' (horizontal)
    assert out[:3] == ["3 - 2 - 1", "H . . . .", "2 . . . ."]
    assert out[3].startswith("solved: 4 islands, 4 bridges")


def test_check_and_generate_round_trip(tmp_path, capsys):
    out = tmp_path / "p.json"
    assert main(["hashi", "generate", "--seed", "5", "--difficulty", "medium", "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["difficulty"] == "medium" and data["seed"] == 5
    capsys.readouterr()
    assert main(["hashi", "check", str(out)]) == 0
    assert "unique solution, difficulty 2 (medium" in capsys.readouterr().out
    has = tmp_path / "p.has"
    assert main(["hashi", "generate", "--seed", "5", "--difficulty", "2", "--out", str(has)]) == 0
    assert HashiPuzzle.from_has(has) == HashiPuzzle.from_json(out)


def test_check_reports_non_unique(tmp_path, capsys):
    f = tmp_path / "ring3.has"
    f.write_text("3 3 4\n3 0 3\n0 0 0\n3 0 3\n")   # two solutions (see test_solver)
    assert main(["hashi", "check", str(f)]) == 1
    assert "NOT unique" in capsys.readouterr().out


def test_bad_file_is_one_stderr_line_exit_2(tmp_path):
    f = tmp_path / "bad.has"
    f.write_text("3 2 2\n1 0 1\n0 0\n")
    r = subprocess.run([sys.executable, "-m", "skye_widgets", "hashi", "solve", str(f), "--json"],
                       capture_output=True, text=True)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr == f"skye-widgets: {f}: line 3: row 1 has 2 numbers, the header says width 3 " \
                       "(the grid must be rectangular)\n"


def test_missing_file_and_bad_difficulty(tmp_path, capsys):
    assert main(["hashi", "check", str(tmp_path / "none.json")]) == 2
    assert "no such file" in capsys.readouterr().err
    assert main(["hashi", "generate", "--difficulty", "9"]) == 2
    assert capsys.readouterr().err == "skye-widgets: difficulty must be 1-4, got 9\n"
