"""HashiWidget in a real JupyterLab page: clicks and a drag on the canvas reach the engine."""

from __future__ import annotations

import json

from helpers import click_canvas, cut_texts, expect_status, open_and_run, pixel, screenshot, output

# A solo game whose first card is a 5 with 3 bridges, and a 3x3 classic puzzle
# (2 . 2 / . . . / 1 . 1: its only solution is (0,0)-(0,2), (0,0)-(2,0), (0,2)-(2,2)).
SOURCE = '''\
from skye_widgets.hashi.board import load_board
from skye_widgets.hashi.game import Card, HashiGame, default_deck
from skye_widgets.hashi.puzzle import HashiPuzzle
from skye_widgets.widgets.hashi import HashiWidget

deck = list(default_deck())
for c in (Card(6, 3), Card(5, 3)):
    deck.remove(c)
game = HashiWidget(HashiGame(load_board("skerries-a"), ["You"], deck=[Card(6, 3), Card(5, 3), *deck],
                             shuffle=False))
game.say("ready")
display(game)
puzzle = HashiWidget.for_puzzle(HashiPuzzle.from_text("3 3 4\\n2 0 2\\n0 0 0\\n1 0 1\\n"))
puzzle.say("ready")
display(puzzle)
'''


def write_notebook(lab, name: str) -> str:
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "hashi-browser", "metadata": {},
                     "outputs": [], "source": SOURCE}],
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                      "language": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    (lab.root / name).write_text(json.dumps(nb), encoding="utf-8")
    return name


def island(x: int, y: int) -> tuple[int, int]:
    """Canvas pixel of the board island at cell (x, y) (render.Geometry: 52 px apart, 40 px margin)."""
    return 40 + x * 52, 40 + y * 52


def drag(page, canvas, start, end) -> None:
    box = canvas.bounding_box()
    scale = box["width"] / canvas.evaluate("c => c.width")
    page.mouse.move(box["x"] + start[0] * scale, box["y"] + start[1] * scale)
    page.mouse.down()
    page.mouse.move(box["x"] + end[0] * scale, box["y"] + end[1] * scale, steps=6)
    page.mouse.up()


def near(rgb, target, tol=60) -> bool:
    return sum(abs(a - b) for a, b in zip(rgb, target)) <= tol


def test_play_a_card_and_solve_a_puzzle_by_clicking(lab, page):
    open_and_run(page, lab, write_notebook(lab, "hashi_browser.ipynb"))
    game, puzzle_output = output(page, 0), output(page, 1)   # one cell, two displays
    expect_status(game, "ready")
    board = game.locator("canvas")
    click_canvas(page, board, *island(0, 0))          # setup on a red-flag island: refused
    expect_status(game, "has a red flag")
    click_canvas(page, board, *island(2, 0))          # setup 3 at (2, 0)
    expect_status(game, "You wrote a 3 at (2, 0)")
    click_canvas(page, board, *island(5, 0))          # the card's 5
    expect_status(game, "wrote 5 at (5, 0)")
    click_canvas(page, board, *island(5, 0))
    expect_status(game, "(5, 0) selected")
    click_canvas(page, board, *island(2, 0))
    expect_status(game, "bridge (5, 0) - (2, 0) (1 of 3)")
    drag(page, board, island(5, 0), island(5, 2))     # press on (5,0), release on (5,2)
    expect_status(game, "bridge (5, 0) - (5, 2) (2 of 3)")
    click_canvas(page, board, *island(2, 0))
    click_canvas(page, board, *island(2, 3))
    expect_status(game, "bridge (2, 0) - (2, 3) (3 of 3)")
    # the bridge (2,0)-(5,0) is painted brown half-way between the two islands
    x = (island(2, 0)[0] + island(5, 0)[0]) // 2
    assert near(pixel(board, x, 40), [0x6B, 0x3E, 0x1F]), pixel(board, x, 40)
    assert near(pixel(board, x, 70), [0xD8, 0xEC, 0xF7])  # water below it
    game.get_by_role("button", name="Done").click()
    expect_status(game, "You: turn done; next card")
    screenshot(page, "hashi_widget_game")

    puzzle = puzzle_output.locator("canvas")
    cell = lambda x, y: (30 + x * 52, 30 + y * 52)    # puzzle geometry: 52 px apart, 30 px margin
    for a, b in [((0, 0), (2, 0)), ((0, 0), (0, 2)), ((2, 0), (2, 2))]:   # cells (x, y), as the game's
        click_canvas(page, puzzle, *cell(*a))
        click_canvas(page, puzzle, *cell(*b))
    expect_status(puzzle_output, "Solved!")
    screenshot(page, "hashi_widget_puzzle")
    assert cut_texts(page) == []                     # every label and menu shows its words whole
    assert not page.page_errors
