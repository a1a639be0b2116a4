"""The puzzles home through its Python API: progress table, puzzles of the day, both boards, next puzzle."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skye_widgets.hashi.solver import solve as solve_hashi
from skye_widgets.skye.puzzles import load_all
from skye_widgets.widgets.puzzles_home import PuzzlesHome

#: the shipped Isle of Skye puzzles, plus the puzzle of the day in the menu
SKYE_COUNT = len(list((Path(__file__).resolve().parents[1] / "puzzles" / "skye").glob("*.json"))) + 1

DAY = "2026-11-25"           # a Wednesday: medium puzzles of the day


@pytest.fixture(scope="module")
def first_skye():
    return load_all()[0]


def _solve_skye(home: PuzzlesHome) -> None:
    p = home.skye.puzzle
    for m in p.solution:
        if not m.returned and str(m.tile) in home.skye.board.hand:
            home.skye.board.select_tile(str(m.tile))
            home.skye.board.rotation = m.rotation
            home.skye.click_cell(m.x, m.y)                  # as a click on the board
    home.skye.check()


def test_home_opens_on_the_first_puzzle_and_shows_no_solution(tmp_path: Path, first_skye) -> None:
    home = PuzzlesHome(progress=tmp_path / "p.json", date=DAY)
    assert home.skye.puzzle.id == first_skye.id and home.board is home.skye
    page = home.skye.header.value + home.skye.message + home.skye.result.value + home.skye.hint_box.value
    assert "best possible" not in page and str(first_skye.optimum) + " points" not in page
    assert len(home.skye.territory) == len(first_skye.territory)        # no solved territory drawn
    assert f"Isle of Skye: 0 of {SKYE_COUNT} puzzles solved." in home.summary.value
    assert "Hashi: 0 of 41 puzzles solved." in home.summary.value
    assert "Puzzle of the day, 2026-11-25" in home.daily_line.value
    assert home.daily_skye_button.description == "Today's Isle of Skye puzzle ★★☆☆☆"
    assert home.daily_hashi_button.description == "Today's Hashi puzzle ★★☆☆"
    for widget, css in ((home, "skye-puzzles-home"), (home.game, "skye-puzzles-game"),
                        (home.table, "skye-puzzles-progress"), (home.skye.next_button, "skye-puzzle-next"),
                        (home.skye.reveal_button, "skye-puzzle-reveal")):
        assert css in widget._dom_classes


def test_solving_updates_the_table_and_offers_the_next_puzzle(tmp_path: Path, first_skye) -> None:
    path = tmp_path / "p.json"
    home = PuzzlesHome(progress=path, date=DAY)
    home.skye.hint()
    row = next(r for r in home.table.value.split("<tr>") if first_skye.title in r)
    assert row.endswith("<td style='text-align:center'></td><td style='text-align:right'></td>"
                        "<td style='text-align:right'>1</td></tr>")           # the hint counts at once
    _solve_skye(home)
    assert home.skye.message.startswith("Solved!")
    assert home.skye.next_button.layout.display is None
    assert f"Isle of Skye: 1 of {SKYE_COUNT} puzzles solved." in home.summary.value
    row = next(r for r in home.table.value.split("<tr>") if first_skye.title in r)
    assert f"<td style='text-align:center'>✓</td><td style='text-align:right'>{first_skye.optimum}</td>" \
           "<td style='text-align:right'>1</td>" in row
    second = home.skye.next_puzzle()
    assert second is not None and second.id != first_skye.id and home.skye.puzzle is second
    assert PuzzlesHome(progress=path, date=DAY).skye.puzzle.id == second.id      # the path goes on


def test_the_puzzles_of_the_day_and_the_hashi_board(tmp_path: Path) -> None:
    home = PuzzlesHome(progress=tmp_path / "p.json", date=DAY)
    home.play_daily("skye")
    assert home.skye.puzzle.id == "daily-2026-11-25" and "puzzle of the day 2026-11-25" in home.skye.header.value
    home.play_daily("hashi")
    assert home.board is home.hashi and home.board_box.children == (home.hashi,)
    assert home.hashi.current.id == "daily-2026-11-25"
    for x1, y1, x2, y2, k in solve_hashi(home.hashi.current.puzzle).bridges:
        for _ in range(k):
            home.hashi.click_cell(x1, y1), home.hashi.click_cell(x2, y2)
    assert home.hashi.message.startswith("Solved!") and "Hashi: 1 of 41 puzzles solved." in home.summary.value
    assert json.loads((tmp_path / "p.json").read_text())["puzzles"]["hashi:daily-2026-11-25"]["solved"]
    home.show("skye")
    assert home.board_box.children == (home.skye,)
    with pytest.raises(ValueError, match="unknown game"):
        home.show("chess")


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_puzzle_menus_name_each_puzzle_once_in_words(tmp_path: Path, lang: str) -> None:
    """No file id in a menu (``d2-brochs`` beside one star read as a contradiction), and no two
    entries alike: a title that repeats is numbered."""
    from skye_widgets import set_language
    set_language(lang)
    try:
        home = PuzzlesHome(progress=tmp_path / "p.json", date=DAY)
        for menu, puzzles in ((home.skye.picker, home.skye.puzzles), (home.hashi.picker, home.hashi.puzzles)):
            labels = [label for label, _ in menu.options]
            assert len(set(labels)) == len(labels), sorted(x for x in labels if labels.count(x) > 1)
            for label, p in zip(labels, puzzles):
                assert p.id not in label, label
    finally:
        set_language("en")
