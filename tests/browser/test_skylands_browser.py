"""SkylandsWidget in a real JupyterLab with Debian's Chromium.

notebooks/skylands.ipynb ends with ``SkylandsWidget(players=["You", "Greedy",
"Planner"], human=0, bots=[None, "greedy", "planner"], seed=2024)``, the only
canvas with a ``.skye-status`` label on the page. Where a click must land is
worked out here with the same headless widget (same seeds, same bots), so the
page is checked against Python's own prediction. We wait on the widget's
status label, never on page text.
"""

from __future__ import annotations

import re
import time

from helpers import canvases, click_canvas, cut_texts, expect_status, open_and_run, pixel, screenshot

from skye_widgets.skylands.render import Layout
from skye_widgets.widgets.skylands import SkylandsWidget

NOTEBOOK = "notebooks/skylands.ipynb"
EMPTY_SQUARE = [0xDD, 0xE3, 0xE9]           # render.board_shapes: empty squares


def centre(box: tuple[int, int, int, int]) -> tuple[int, int]:
    x, y, w, h = box
    return x + w // 2, y + h // 2


def square_centre(L: Layout, x: int, y: int) -> tuple[int, int]:
    return L.board_x + x * L.cell + L.cell // 2, L.board_y + y * L.cell + L.cell // 2


def predicted():
    """The notebook's table replayed in-process, click for click: (optionally choose
    Discover,) select the first revealed tile, click a square where it does not fit, then
    one where it fits. Returns the clicks and the status text expected after each."""
    w = SkylandsWidget(players=["You", "Greedy", "Planner"], human=0, bots=[None, "greedy", "planner"],
                       seed=2024)
    steps = [(None, w.message)]
    L = w.layout_
    if w.state.phase == "choose":
        w.click_action(0)
        steps.append((centre(L.action_box(0)), w.message))
    w.select_offer(0)
    steps.append((centre(L.offer_box(0)), w.message))
    legal = w.legal_cells()
    board = w.state.boards[0]
    bad = next((x, y) for y in range(board.height) for x in range(board.width)
               if (x, y) not in legal and (x, y) not in board.grid)
    w.click_cell(*bad)
    steps.append((square_centre(L, *bad), w.message))
    x, y = legal[0]
    w.click_cell(x, y)
    assert board.grid[(x, y)].tile is not None
    steps.append((square_centre(L, x, y), w.message))
    return steps, (x, y)


def test_play_discover_on_the_real_canvas(lab, page):
    steps, placed = predicted()
    assert "edge" in steps[-2][1]                                     # the misfit is explained
    open_and_run(page, lab, NOTEBOOK)
    canvas = canvases(page).last
    L = Layout()
    for k, (click, message) in enumerate(steps):
        if click == square_centre(L, *placed):
            assert pixel(canvas, *click) == EMPTY_SQUARE              # empty before
        if click is not None:
            click_canvas(page, canvas, *click)
        expect_status(page, message[:60], timeout=60_000 if k == 0 else 30_000)
        if k == len(steps) - 3:
            screenshot(page, "skylands_selected")
    # the tile is painted (the canvas message may arrive just after the status text)
    deadline = time.monotonic() + 20
    while pixel(canvas, *square_centre(L, *placed)) == EMPTY_SQUARE and time.monotonic() < deadline:
        time.sleep(0.25)
    assert pixel(canvas, *square_centre(L, *placed)) != EMPTY_SQUARE
    screenshot(page, "skylands_placed")
    # the "white pays:" menu and every label show their words whole
    assert cut_texts(page) == []
    assert not page.page_errors


def test_the_end_screen_shows_one_score_per_player(lab, page):
    """A finished game (three greedy bots, seed 4; tests/browser/notebooks/skylands_end.ipynb) on
    the table: the status line and the players' labels give the same, final scores (issue 14:
    once, the labels said 0 VP and the status line -14 VP for the same player)."""
    from skye_widgets import skylands

    game = skylands.play_game([skylands.make_bot("greedy", seed=i) for i in range(3)], seed=4)
    finals = {name: s.points for name, s in zip(game.names, game.scores())}
    open_and_run(page, lab, "browser_notebooks/skylands_end.ipynb")
    expect_status(page, "Game over")
    status = page.locator(".skye-status").first.inner_text()
    for name, points in finals.items():
        assert f"{name} {points} VP" in status, (name, points, status)
    # the labels drawn on the canvas: the same picture, described headless
    labels = {s.text for s in SkylandsWidget(game, human=0).drawing().shapes if hasattr(s, "text")}
    for name, points in finals.items():
        assert f"{name}: {points} VP (final)" in labels, (name, points)
    assert not any(re.search(r"\b0 VP\b", t) for t in labels if t.startswith("Player"))
    screenshot(page, "skylands_end_screen")
    assert not page.page_errors
