"""The puzzles home as a Voilà page: no solution on the page before "reveal", the first puzzle solved
by clicking, then "next puzzle".

The page runs with an empty progress folder (``SKYE_WIDGETS_DATA_DIR``), so the Isle of Skye board
opens on the first curated puzzle. Where each tile goes is Python's own answer: the same widget,
headless, asked for its next optimal move (``PuzzleWidget.next_optimal_move``) and placed, move by
move — so the clicks land where the page's board, at that moment, has that cell.
"""

from __future__ import annotations

import re

from helpers import canvases, click_canvas, screenshot, wait_for_focus
from playwright.sync_api import expect

from skye_widgets.widgets.puzzles_home import PuzzlesHome

NOTEBOOK = "notebooks/puzzles_home.ipynb"


def solution_clicks(data_dir) -> tuple[str, int, list[tuple[str, int, int, int, str]], str]:
    """The first puzzle's id, its starting tile count, each move as (tile, px, py, rotation,
    message) in the board's pixels at that moment, and the message after "check"."""
    w = PuzzlesHome(progress=data_dir / "headless.json").skye
    start = len(w.territory.placements)
    moves = []
    while (m := w.next_optimal_move()) is not None:
        view = w.board.view()
        px, py = view.to_px(m.x, m.y)
        assert w.place(m.tile, m.x, m.y, m.rotation), w.message
        moves.append((str(m.tile), px + view.cell // 2, py + view.cell // 2, m.rotation, w.message))
    w.check()
    assert w.solved, w.message
    return w.puzzle.id, start, moves, w.message


def test_puzzles_home_no_spoiler_then_solve_and_next(voila, page, tmp_path, monkeypatch):
    monkeypatch.setenv("SKYE_WIDGETS_DATA_DIR", str(tmp_path / "progress"))
    puzzle_id, start, moves, solved_message = solution_clicks(tmp_path)
    page.goto(voila(NOTEBOOK))
    board = canvases(page).nth(0)
    expect(board).to_have_attribute("title", re.compile(rf"{start} tiles in all"), timeout=120_000)
    # nothing of the answer is on the page: no score to reach, no solved territory
    text = page.locator("body").inner_text()
    for spoiler in ("the best possible", "optimal", "Solved!"):
        assert spoiler not in text, spoiler
    next_button = page.locator(".skye-puzzle-next")
    assert next_button.count() == 0 or not next_button.first.is_visible()
    screenshot(page, "puzzles_home_first_screen")
    # solve it by clicking: pick the tile, turn it, click its cell
    for tile, x, y, rotation, message in moves:
        page.get_by_role("button", name=re.compile(rf"^\d+: tile {tile}\b")).first.click()
        expect(page.locator(".skye-status").first).to_contain_text(f"Tile {tile} selected")
        if rotation:
            wait_for_focus(page, board)                # the board takes the focus back from its button
        for _ in range(rotation):
            page.keyboard.press("r")
        if rotation:
            expect(page.locator(".skye-status").first).to_contain_text(f"Rotation {rotation}")
        click_canvas(page, board, x, y)
        expect(page.locator(".skye-status").first).to_contain_text(message)
    page.locator(".skye-puzzle-check").first.click()
    expect(page.get_by_text(solved_message).first).to_be_visible(timeout=30_000)
    expect(page.locator(".skye-puzzle-next").first).to_be_visible()
    screenshot(page, "puzzles_home_solved")
    assert not page.page_errors
