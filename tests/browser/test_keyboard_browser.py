"""A board played with the keyboard alone, and boards a screen reader can describe.

The welcome notebook's first board (blue castle alone, hand 12, 33, 66) in JupyterLab: a
keyboard user activates the hand card of tile 12 (Space on the focused button), focus comes back
to the board, ArrowDown shows the cursor on the first legal spot and Enter places the tile. The
expected messages are Python's own prediction (the same widget driven headless with the same
keys). Every board canvas of the welcome notebook and of lesson 3 carries a text description
(its ``title`` and a hidden live region) naming the castle and the number of tiles.
"""

from __future__ import annotations

import re

from helpers import canvases, expect_status, open_and_run, screenshot, wait_for_focus
from playwright.sync_api import expect

from skye_widgets.skye.territory import Territory
from skye_widgets.widgets.skye import TerritoryWidget

WELCOME = "notebooks/00_welcome.ipynb"
LESSON_3 = "notebooks/03_areas.ipynb"
DESCRIBED = re.compile(r"castle.*\b\d+ tiles? in all", re.S)


def predicted() -> list[str]:
    """The messages the welcome board shows after: select tile 12, ArrowDown, Enter."""
    w = TerritoryWidget(Territory("castle-blue"), hand=["12", "33", "66"])
    w.select_tile("12")
    out = []
    for key in ("ArrowDown", "Enter"):
        w.key(key)
        out.append(w.message)
    assert out[1].startswith("Placed tile 12 at"), out
    return out


def test_place_a_tile_with_the_keyboard_only(lab, page):
    cursor_message, placed_message = predicted()
    open_and_run(page, lab, WELCOME)
    canvas = canvases(page).nth(0)
    canvas.scroll_into_view_if_needed()
    card = page.get_by_role("button", name=re.compile(r"^1: tile 12")).first
    card.focus()
    page.keyboard.press("Space")                       # a keyboard press of the card button
    expect_status(page, "Tile 12 selected", nth=0)
    # the board takes the focus back from its button: keys reach it at once
    wait_for_focus(page, canvas)
    page.keyboard.press("ArrowDown")
    expect_status(page, cursor_message, nth=0)
    page.keyboard.press("Enter")
    expect_status(page, placed_message, nth=0)
    expect(canvas).to_have_attribute("title", re.compile(r"2 tiles in all"))
    screenshot(page, "welcome_keyboard_placed")
    assert not page.page_errors


def test_every_board_has_a_text_description(lab, page):
    for notebook in (WELCOME, LESSON_3):
        open_and_run(page, lab, notebook)
        boards = canvases(page)
        assert boards.count() >= 1, notebook
        for i in range(boards.count()):
            title = boards.nth(i).get_attribute("title") or ""
            assert DESCRIBED.search(title), f"{notebook}, board {i}: {title!r}"
        live = page.locator(".skye-description [aria-live]")
        assert live.count() >= boards.count()
        texts = live.all_inner_texts()
        assert all(DESCRIBED.search(t) for t in texts), texts
    assert not page.page_errors
