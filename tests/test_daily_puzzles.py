"""Puzzles of the day: the same puzzle for a date, another one the next day, checked by the solvers."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from skye_widgets.cli import main
from skye_widgets.daily import BadDateError, parse_date, seed_of
from skye_widgets.hashi import daily as hashi_daily
from skye_widgets.hashi.puzzle import HashiPuzzle
from skye_widgets.hashi.solver import analyse
from skye_widgets.skye import daily as skye_daily
from skye_widgets.skye.puzzles import puzzle_from_dict
from skye_widgets.skye.solver import solve


def test_the_date_is_the_seed() -> None:
    assert seed_of(dt.date(2026, 11, 23)) == 20261123
    assert parse_date(" 2026-02-28 ") == dt.date(2026, 2, 28)
    assert parse_date(dt.datetime(2026, 2, 28, 13, 5)) == dt.date(2026, 2, 28)


@pytest.mark.parametrize("text", ["2026-02-30", "2026-2-3", "tomorrow", "20261123", "", "2026-11-23T00:00"])
def test_a_bad_date_is_refused_in_one_sentence(text: str) -> None:
    with pytest.raises(BadDateError, match=r"is not a date: write it as YYYY-MM-DD"):
        parse_date(text)


def test_skye_daily_same_date_same_puzzle_other_date_other_puzzle() -> None:
    a, b = skye_daily.daily_puzzle("2026-11-23"), skye_daily.daily_puzzle(dt.date(2026, 11, 23))
    assert a == b and a.puzzle.id == "daily-2026-11-23"
    c = skye_daily.daily_puzzle("2026-11-24")
    assert (c.puzzle.territory, c.puzzle.hand) != (a.puzzle.territory, a.puzzle.hand)
    # Monday 23 November 2026 is an easy day, Sunday 29 the hardest of the week
    assert (a.difficulty, skye_daily.daily_puzzle("2026-11-29").difficulty) == (1, 4)


def test_hashi_daily_same_date_same_puzzle_other_date_other_puzzle() -> None:
    a, b = hashi_daily.daily_puzzle("2026-11-23"), hashi_daily.daily_puzzle("2026-11-23")
    assert a.puzzle == b.puzzle and a.puzzle.islands == b.puzzle.islands
    assert hashi_daily.daily_puzzle("2026-11-24").puzzle.islands != a.puzzle.islands
    assert (a.difficulty, a.stars) == (1, "★☆☆☆")


def test_thirty_days_of_puzzles_are_checked_by_the_solvers() -> None:
    start = dt.date(2026, 11, 1)
    skye_seen, hashi_seen = set(), set()
    for k in range(30):
        day = start + dt.timedelta(days=k)
        h = hashi_daily.daily_puzzle(day)
        count, _nodes, _level = analyse(h.puzzle)
        assert count == 1, f"{day}: the Hashi puzzle of the day is not unique"
        hashi_seen.add(tuple(sorted(h.puzzle.islands.items())))
        s = skye_daily.daily_puzzle(day)
        p = s.puzzle
        sol = solve(p.start(), p.hand, p.objective)        # solved again, from scratch
        assert sol.optimum == p.optimum, f"{day}: stated optimum {p.optimum}, the solver finds {sol.optimum}"
        assert p.score(p.solved_territory()).points == p.optimum
        skye_seen.add(json.dumps([p.territory, p.hand], sort_keys=True))
    assert len(hashi_seen) == 30 and len(skye_seen) == 30     # a new puzzle every day


def test_cli_daily_twice_the_same_and_json(capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    assert main(["puzzle", "daily", "--date", "2026-11-25", "--json"]) == 0
    first = capsys.readouterr().out
    assert main(["puzzle", "daily", "--date", "2026-11-25", "--json"]) == 0
    assert capsys.readouterr().out == first
    data = json.loads(first)
    assert data["date"] == "2026-11-25" and data["difficulty"] == 2 and data["stars"] == "★★☆☆☆"
    assert puzzle_from_dict(data["puzzle"]).optimum == data["optimum"]
    assert main(["puzzle", "daily", "--date", "2026-11-26", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["puzzle"] != data["puzzle"]
    out = tmp_path / "h.has"
    assert main(["hashi", "daily", "--date", "2026-11-25", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Hashi puzzle of the day, 2026-11-25: medium ★★☆☆")
    assert HashiPuzzle.load(str(out)).islands == hashi_daily.daily_puzzle("2026-11-25").puzzle.islands
    assert main(["hashi", "daily", "--date", "2026-11-25", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["unique"] is True


@pytest.mark.parametrize("game", ["puzzle", "hashi"])
def test_cli_bad_date_is_one_line(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([game, "daily", "--date", "2026-02-30"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "is not a date" in err
