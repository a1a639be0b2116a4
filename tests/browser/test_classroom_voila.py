"""The classroom demo as a Voila app in a real browser (Debian's Chromium).

``notebooks/classroom_demo.ipynb`` shows a seat form (default: Player 1 a person, Players 2 and 3
greedy bots) and, after "start the game", a GameTable whose boards are painted
with 96-pixel cells (``BIG_CELL, BIG_WIDTH, BIG_HEIGHT = 96, 1280, 760`` in the notebook). The
same game is replayed in-process with the same seats and seed, so where Player 1's click must
land and which tile they build are Python's own prediction. We wait on widget labels
(``.skye-table-status``, ``.skye-status``, ``.skye-phase``), never on page text.
"""

from __future__ import annotations

from helpers import canvases, click_canvas, expect_logged, expect_status, screenshot
from playwright.sync_api import expect

from skye_widgets.skye.render import COORD_GUTTER, fit_view
from skye_widgets.widgets.skye import GameTable

NOTEBOOK = "notebooks/classroom_demo.ipynb"
SEATS = ["human", "greedy", "greedy"]
NAMES = ["Player 1", "Player 2", "Player 3"]
SEED = 2     # a game where the greedy bots leave Player 1 a tile to build in round 1
BIG = dict(cell=96, max_width=1280, max_height=760, gutter=COORD_GUTTER)   # coordinates on


def centre_px(view, x: int, y: int) -> tuple[int, int]:
    px, py = view.to_px(x, y)
    return px + view.cell // 2, py + view.cell // 2


def predicted_build():
    """Round 1 in-process: the bots price, Player 1 discards the first drawn tile and prices the
    others at 1 (the form's defaults), passes, the bots buy; Player 1 then builds first."""
    table = GameTable(SEATS, seed=SEED, names=NAMES, auto_bots=False)   # bots move when stepped
    g = table.game
    table.step_bots(10)
    drawn = list(g.displays[0])
    assert table.set_prices(drawn[0], {t: 1 for t in drawn[1:]}), table.message
    assert table.pass_turn(), table.message
    table.step_bots(10)
    assert g.phase == "build" and g.current_player() == 0, g
    tile = g.to_build[0][0]
    legal = [(x, y) for x, y, r in g.territories[0].legal_placements(tile) if r == 0]
    assert legal, f"tile {tile} has no rotation-0 spot: pick another seed"
    view = fit_view(g.territories[0].placements, **BIG)
    return tile, legal[0], view


def test_classroom_game_in_voila(voila, page):
    tile, (x, y), view = predicted_build()
    page.goto(voila(NOTEBOOK))
    # the seat form (default seats), game number SEED, then the table
    number = page.locator(".skye-classroom-setup input[type=number]")
    number.fill(str(SEED), timeout=120_000)
    number.press("Enter")
    page.get_by_role("button", name="start the game").click()
    expect(page.locator(".skye-phase")).to_contain_text("prices", timeout=60_000)
    # both bots price on their own, a second apart
    page.wait_for_function(
        "() => { const t = document.querySelector('.skye-players');"
        " return !!t && (t.innerText.match(/decided ✓/g) || []).length === 2; }", timeout=60_000)
    # a human action: Player 1 confirms the form's default prices
    page.get_by_role("button", name="confirm prices").click()
    expect_logged(page, "Player 1 has decided (secretly).")
    expect(page.locator(".skye-log-line").filter(has_text="Player 2 discards tile")).to_have_count(1)
    page.locator(".skye-pass").click(timeout=60_000)
    expect_logged(page, "Player 1 passes.")
    # the bots buy (or pass), then Player 1 builds first on a projector-sized board
    expect(page.locator(".skye-phase")).to_contain_text("build", timeout=60_000)
    board = canvases(page).nth(0)
    expect(board).to_be_visible()
    # castle alone: one ring of empty cells around it, 96 px each, 8 px margins, 18 px of coordinates
    assert board.evaluate("c => [c.width, c.height]") == [8 + COORD_GUTTER + 3 * 96 + 8] * 2
    click_canvas(page, board, *centre_px(view, 1, 1))         # a corner never touches the castle
    expect_status(page, "share no side", nth=0)
    click_canvas(page, board, *centre_px(view, x, y))
    expect_status(page, f"Placed tile {tile} at ({x}, {y}), rotation 0.", nth=0)
    expect(page.locator(".skye-players")).to_contain_text("Player 1")
    screenshot(page, "classroom_demo_voila")
    assert not page.page_errors
