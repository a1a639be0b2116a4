"""``skye-widgets puzzle solve | check | generate``."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from skye_widgets.cli import main
from skye_widgets.errors import FileFormatError
from skye_widgets.skye.puzzles import load_puzzle

from .test_puzzles import TINY


def write(tmp_path: Path, data: object, name: str) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_solve_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, TINY, "tiny.json")
    assert main(["puzzle", "solve", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"optimum", "optimal_territories", "optimal_territories_capped", "solution"}
    assert out["optimal_territories_capped"] is False
    assert out["optimum"] == 2                              # computed by hand in test_puzzles.py
    assert {"tile": 19, "x": -1, "y": 0, "rotation": 0} in out["solution"]
    assert all(set(m) == {"tile", "x", "y", "rotation"} for m in out["solution"])
    assert isinstance(out["optimal_territories"], int) and out["optimal_territories"] >= 1


def test_solve_text_explains_the_score(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, TINY, "tiny.json")
    assert main(["puzzle", "solve", str(path)]) == 0
    out = capsys.readouterr().out
    assert "optimum 2" in out and "tile 16 (Completed mountain areas): completed mountain area of 2 tiles" in out


def test_solve_needs_only_the_problem(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, {k: TINY[k] for k in ("territory", "hand", "objective")}, "bare.json")
    assert main(["puzzle", "solve", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["optimum"] == 2


def test_check_good_and_bad_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = write(tmp_path, TINY, "good.json")
    wrong = copy.deepcopy(TINY)
    wrong["optimum"] = 5
    bad1 = write(tmp_path, wrong, "bad1.json")
    unknown = copy.deepcopy(TINY)
    unknown["hand"] = [19, 80]
    bad2 = write(tmp_path, unknown, "bad2.json")
    (tmp_path / "bad3.json").write_text("[1, 2", encoding="utf-8")
    assert main(["puzzle", "check", str(good)]) == 0
    assert "good.json: ok" in capsys.readouterr().out
    code = main(["puzzle", "check", str(good), str(bad1), str(bad2), str(tmp_path / "bad3.json")])
    assert code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"skye-widgets: {bad1}: optimum: stated 5 but the solution scores 2",
                   f"skye-widgets: {bad2}: hand: 80 is not a landscape tile (1-73)",
                   f"skye-widgets: {tmp_path / 'bad3.json'}: malformed JSON at line 1, column 6: "
                   "Expecting ',' delimiter"]


def test_check_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["puzzle", "check", str(tmp_path / "nope.json")]) == 2
    assert capsys.readouterr().err.strip() == f"skye-widgets: {tmp_path / 'nope.json'}: no such file"


def test_solve_bad_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    d = copy.deepcopy(TINY)
    d["objective"] = {"scoring_tiles": [7]}
    path = write(tmp_path, d, "maj.json")
    assert main(["puzzle", "solve", str(path), "--json"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"skye-widgets: {path}: objective.opponents:")


def test_generate_is_deterministic_and_checks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert main(["puzzle", "generate", "--seed", "4", "--difficulty", "1", "--subject", "1", "--out", str(a)]) == 0
    out = capsys.readouterr().out
    assert "gap" in out
    assert main(["puzzle", "generate", "--seed", "4", "--difficulty", "1", "--subject", "1", "--out", str(b)]) == 0
    assert a.read_text() == b.read_text()
    p = load_puzzle(a)
    assert p.difficulty == 1 and len(p.hand) == 2
    assert p.greedy is not None and p.optimum - p.greedy >= 2
    assert main(["puzzle", "check", str(a)]) == 0


def test_generate_to_a_bad_place(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "no" / "such" / "dir.json"
    assert main(["puzzle", "generate", "--seed", "4", "--difficulty", "1", "--subject", "1", "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and str(out) in err[0]


def test_a_hand_beyond_the_solver_bound_is_refused_at_once(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from skye_widgets.errors import RulesError
    from skye_widgets.skye import solver
    from skye_widgets import limits
    from skye_widgets.skye.puzzles import load_problem
    assert solver.search.MAX_PUZZLE_HAND == limits.MAX_PUZZLE_HAND == 5   # docs/puzzles.md: up to 5 tiles
    message = "hand: 6 tiles, more than the 5 the solver promises to solve (larger hands take minutes)"
    # the solver refuses a 6-tile hand given directly, before any search
    territory, hand, obj = load_problem(write(tmp_path, TINY, "tiny.json"))
    five = [*hand, *[n for n in (19, 29, 3, 12, 40, 41) if n not in hand]][:6]
    nodes: list[int] = []
    with pytest.raises(solver.HandTooLargeError) as info:
        solver.solve(territory, five, obj, on_node=nodes.append)
    assert isinstance(info.value, RulesError) and nodes == []       # no search at all
    assert str(info.value) == message
    # a file with a 6-tile hand is refused when it is loaded: one line naming the file
    d = {k: TINY[k] for k in ("territory", "hand", "objective")}
    d["hand"] = [19, 29, 3, 12, 40, 41]
    path = write(tmp_path, d, "five.json")
    with pytest.raises(FileFormatError, match="hand: 6 tiles"):
        load_problem(path)
    for extra in ([], ["--json"]):
        assert main(["puzzle", "solve", str(path), *extra]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err == f"skye-widgets: {path}: {message}\n"
    # puzzle check names the file too (the bound lowered so that a real puzzle file exceeds it)
    monkeypatch.setattr(solver.search, "MAX_PUZZLE_HAND", 1)
    good = write(tmp_path, TINY, "tiny.json")
    assert main(["puzzle", "check", str(good)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == (f"skye-widgets: {good}: hand: 2 tiles, more than the 1 the solver promises "
                                 "to solve (larger hands take minutes)\n")
