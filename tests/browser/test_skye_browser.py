"""Isle of Skye widgets in a real browser: JupyterLab and Voila, Debian's Chromium.

The notebook notebooks/skye_territory_playground.ipynb shows, in page order,
``board`` (castle-blue, hand 12, 33, 7), ``demo`` and a ``GameTable`` (human
+ two random bots, seed 7) whose three boards are canvases 2, 3 and 4.
Where a click must land is worked out here with the same headless code
(``fit_view``, the game engine), so the page is checked against Python's own
prediction. We wait on widget labels (``.skye-status``, ``.skye-table-status``),
never on page text (the page also holds the cells' source).
"""

from __future__ import annotations

from helpers import canvases, click_canvas, expect_logged, expect_status, open_and_run, screenshot, wait_for_pixel
from playwright.sync_api import expect

from skye_widgets.skye.render import COORD_GUTTER, TERRAIN_FILL, fit_view
from skye_widgets.skye.territory import Territory
from skye_widgets.skye.tiles import Terrain
from skye_widgets.widgets.skye import GameTable

NOTEBOOK = "notebooks/skye_territory_playground.ipynb"


def rgb(hex_colour: str) -> list[int]:
    return [int(hex_colour[i:i + 2], 16) for i in (1, 3, 5)]


def centre_px(view, x: int, y: int) -> tuple[int, int]:
    px, py = view.to_px(x, y)
    return px + view.cell // 2, py + view.cell // 2


def predicted_build():
    """Replay the browser game in-process: player 1 discards the first tile, prices the others
    at 1, passes; the bots are seeded the same way, so player 1 must then build this tile."""
    # Playwright's sync API keeps an asyncio loop running here: step the bots by hand
    table = GameTable(["human", "random", "random"], seed=7, auto_bots=False)
    g = table.game
    table.step_bots(100)
    drawn = g.displays[0]
    table.set_prices(drawn[0], {t: 1 for t in drawn[1:]})
    table.step_bots(100)
    table.pass_turn()
    table.step_bots(100)
    assert g.phase == "build" and g.current_player() == 0, g
    tile = g.to_build[0][0]
    legal = [(x, y) for x, y, r in g.territories[0].legal_placements(tile) if r == 0]
    board = table.boards[0]
    return tile, legal[0], board.view()


def test_territory_widget_legal_and_illegal_clicks(lab, page):
    open_and_run(page, lab, NOTEBOOK)
    expect_status(page, "Tile 12 selected", nth=0)
    canvas = canvases(page).nth(0)
    view = fit_view(Territory("castle-blue").placements, cell=64, max_width=720, max_height=520,
                    gutter=COORD_GUTTER)
    # castle-blue alone: cells -1..1 after 8 px of padding and 18 of coordinate labels, so cell
    # (0, 0) spans 90..153; its W triangle is mountain
    wait_for_pixel(canvas, 98, 102, rgb(TERRAIN_FILL[Terrain.MOUNTAIN]))

    # illegal: tile 12 (P M P M) east of the castle puts mountain against water
    click_canvas(page, canvas, *centre_px(view, 1, 0))
    expect_status(page, "Tile 12 cannot go at (1, 0) with rotation 0", nth=0)
    expect(page.locator(".skye-status").nth(0)).to_contain_text("water")
    screenshot(page, "skye_territory_illegal_click")

    # legal: south of the castle, pasture meets pasture
    click_canvas(page, canvas, *centre_px(view, 0, 1))
    expect_status(page, "Placed tile 12 at (0, 1), rotation 0.", nth=0)
    # the canvas was repainted from the kernel: the territory grew a row (cells y -1..2) and the
    # new tile's N triangle (pasture) is at (108, 158)
    page.wait_for_function("c => c.height === 8 + 18 + 4 * 64 + 8", arg=canvas.element_handle())
    wait_for_pixel(canvas, 108, 158, rgb(TERRAIN_FILL[Terrain.PASTURE]))
    wait_for_pixel(canvas, 98, 102, rgb(TERRAIN_FILL[Terrain.MOUNTAIN]))

    # the keyboard rotates the next tile (33)
    canvas.focus()
    page.keyboard.press("r")
    expect_status(page, "Rotation 1", nth=0)
    screenshot(page, "skye_territory_placed")
    assert not page.page_errors


def test_game_table_actions(lab, page):
    tile, (x, y), view = predicted_build()
    open_and_run(page, lab, NOTEBOOK)
    page.get_by_role("button", name="confirm prices").click()
    expect_logged(page, "Player 1 has decided (secretly).")
    # the bots price on their own (one move every 0.4 s), then Player 1 buys first
    page.locator(".skye-pass").click(timeout=60_000)
    expect_logged(page, "Player 1 passes.")
    # bots buy; then Player 1's board tab opens with the kept tile in hand
    expect(page.locator(".skye-phase")).to_contain_text("build", timeout=60_000)
    board = canvases(page).nth(2)
    expect(board).to_be_visible()
    # a corner cell never touches the castle
    click_canvas(page, board, *centre_px(view, 1, 1))
    expect_status(page, "share no side", nth=2)
    click_canvas(page, board, *centre_px(view, x, y))
    expect_status(page, f"Placed tile {tile} at ({x}, {y}), rotation 0.", nth=2)
    expect(page.locator(".skye-log-line", has_text=f"Player 1 places tile {tile}")).to_be_visible()
    # gold is secret: the bots' gold is hidden until the teacher ticks "open hand" (and again after)
    players = page.locator(".skye-players")
    expect(players).to_contain_text("hidden")
    open_hand = page.locator(".skye-open-hand")
    cut = open_hand.evaluate("e => [e, ...e.querySelectorAll('*')].filter(x => x.scrollWidth > x.clientWidth + 1)"
                             ".map(x => x.textContent)")
    assert cut == [], f"the open-hand label is cut: {cut}"
    screenshot(page, "skye_game_table")
    open_hand.locator("input").check()
    expect(players).not_to_contain_text("hidden")
    screenshot(page, "skye_game_table_open_hand")
    open_hand.locator("input").uncheck()
    expect(players).to_contain_text("hidden")
    assert not page.page_errors


def test_game_table_in_voila(voila, page):
    url = voila(NOTEBOOK)
    page.goto(url)
    expect_status(page, "Tile 12 selected", nth=0, timeout=120_000)
    view = fit_view(Territory("castle-blue").placements, cell=64, max_width=720, max_height=520,
                    gutter=COORD_GUTTER)
    click_canvas(page, canvases(page).nth(0), *centre_px(view, 1, 0))
    expect_status(page, "Tile 12 cannot go at (1, 0) with rotation 0", nth=0)
    page.get_by_role("button", name="confirm prices").click()
    expect_logged(page, "Player 1 has decided (secretly).")
    page.locator(".skye-pass").click(timeout=60_000)
    expect_logged(page, "Player 1 passes.")
    expect(page.locator(".skye-phase")).to_contain_text("build", timeout=60_000)
    screenshot(page, "skye_game_table_voila")
    assert not page.page_errors
